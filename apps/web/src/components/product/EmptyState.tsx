import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './product.module.css';

export interface EmptyStateProps {
  /** Defaults to 'No search results'. */
  title?: string;
  /** Defaults to a hint to change the filters. */
  message?: string;
  /** Where the way back leads (defaults to all products); null for no link. */
  backTo?: string | null;
  /** The way back's text (defaults to 'Back to all products'). */
  backLabel?: string;
  /** Replaces the link (e.g. a button that clears filters). */
  action?: ReactNode;
  className?: string;
}

/** Nothing to show: a 'no search results' style message with a way back. */
export function EmptyState({
  title,
  message,
  backTo = '/productDisplay',
  backLabel,
  action,
  className,
}: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <div className={[classes.empty, className].filter(Boolean).join(' ')} role="status">
      <svg
        aria-hidden="true"
        focusable="false"
        width="56"
        height="56"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5M8.5 11h5" />
      </svg>
      <p className={classes.emptyTitle}>{title ?? t('web.product.empty.title')}</p>
      <p className={classes.emptyText}>{message ?? t('web.product.empty.text')}</p>
      {action ??
        (backTo === null ? null : (
          <Link to={backTo} className={classes.emptyAction}>
            {backLabel ?? t('web.product.empty.back')}
          </Link>
        ))}
    </div>
  );
}

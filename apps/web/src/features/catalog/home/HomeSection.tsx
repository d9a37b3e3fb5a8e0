import type { ReactNode, Ref } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './home.module.css';

export interface HomeSectionProps {
  title: string;
  more?: string;
  /** Controls beside the title (the region selector). */
  extra?: ReactNode;
  variant: 'plain' | 'bar' | 'editorial' | 'compact';
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLElement>;
}

/** A home section: its heading, a 'more' link to the full list, and its content. */
export function HomeSection({ title, more, extra, variant, children, className, ref }: HomeSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const moreLink = more ? (
    <Link to={more} className={classes.more} aria-label={t('web.home.moreAbout', { section: title })}>
      {t('web.home.more')}
      <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" className={classes.flipRtl}>
        <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
      </svg>
    </Link>
  ) : null;
  return (
    <section
      ref={ref}
      className={[classes.section, className].filter(Boolean).join(' ')}
      data-variant={variant}
      aria-labelledby={id}
    >
      <div className={classes.sectionHead}>
        <h2 id={id} className={classes.sectionTitle}>
          {title}
        </h2>
        {extra}
        {variant === 'editorial' ? null : moreLink}
      </div>
      {children}
      {variant === 'editorial' && moreLink ? <div className={classes.editorialMore}>{moreLink}</div> : null}
    </section>
  );
}

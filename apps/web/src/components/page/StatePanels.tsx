import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../icons';
import classes from './page.module.css';

/** Nothing to show (no certificates, no news…): says so, calmly, in the page's flow. */
export function NothingHere({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div className={classes.state} role="status">
      <span className={classes.stateIcon}>{icon ?? <InfoIcon width="100%" height="100%" />}</span>
      <p className={classes.stateText}>{children}</p>
    </div>
  );
}

/**
 * A part of the page that could not be loaded; the buyer can try again. `message` defaults to
 * the generic 'could not be loaded' (the server's own tip is already shown as a toast).
 */
export function LoadFailed({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.state}>
      <p className={classes.stateText} role="alert">
        {message ?? t('web.errors.pageFailed')}
      </p>
      {onRetry ? (
        <Button variant="light" onClick={onRetry}>
          {t('web.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** Tells assistive technology that a region is loading; its skeleton is drawn by the caller. */
export function LoadingNote() {
  const { t } = useTranslation();
  return (
    <span role="status" className={classes.visuallyHidden}>
      {t('web.loading')}
    </span>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import classes from './Root.module.css';

/** Shown while the first page's code loads: the spinner index.html shows before the app (no Loader code). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={classes.loading} role="status" aria-live="polite">
      <span className={classes.visuallyHidden}>{t('web.loading')}</span>
    </div>
  );
}

/** Reports a failure worth seeing in development (kept out of the console in tests). */
export function reportPageFailure(error: unknown): void {
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.error(error);
}

/**
 * A page whose code could not be loaded (offline, a new release, or the 120 s timeout), or
 * that failed to draw: say so, and offer to load it again. Plain elements: this panel is in
 * every first load, and Mantine's Button would bring its loader and transitions along.
 */
export function PageFailed() {
  const { t } = useTranslation();
  return (
    <div className={classes.failedPage}>
      <div className={classes.failedPanel}>
        <p className={classes.failedText} role="alert">
          {t('web.errors.pageFailed')}
        </p>
        <button type="button" className={classes.retry} onClick={() => window.location.reload()}>
          {t('web.retry')}
        </button>
      </div>
    </div>
  );
}

/** The routes' error boundary: a page that failed to draw. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportPageFailure(error), [error]);
  return <PageFailed />;
}

import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import * as storage from '../lib/storage';
import classes from './Root.module.css';
import { isPath, PATHS } from '../lib/paths';
import { useDocumentBranding } from './useDocumentBranding';
import { useSiteRefresh } from './useSiteRefresh';

/** While the next page's code loads, the current page stays; a bar and a status say so. */
function NavigationProgress() {
  const { t } = useTranslation();
  const loading = useNavigation().state !== 'idle';
  return (
    <div role="status" aria-live="polite">
      {loading ? (
        <>
          <div className={classes.progress} aria-hidden="true" />
          <span className={classes.visuallyHidden}>{t('web.loading')}</span>
        </>
      ) : null}
    </div>
  );
}

/**
 * The root of every route: after each navigation the tab shows the company (its name, English
 * in English mode, and its logo), scroll positions are restored on back and forward, and a
 * slow page load shows progress.
 */
export function Root() {
  const { t } = useTranslation();
  const location = useLocation();
  const site = useSyncExternalStore(storage.subscribe, storage.getSite, () => null);
  const notWebsite = isPath(location.pathname, PATHS.notWebsite);
  useDocumentBranding(notWebsite ? null : site, notWebsite ? t('web.errors.notWebsite') : null, location.key);
  useSiteRefresh(!notWebsite && !isPath(location.pathname, PATHS.login));

  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

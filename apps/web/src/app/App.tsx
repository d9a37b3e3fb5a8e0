import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginPage } from '../features/auth/components/LoginPage';
import { setApiHooks } from '../lib/api-client';
import * as storage from '../lib/storage';
import { AppProviders } from './AppProviders';
import { navigate, usePathname } from './navigation';
import { NotWebsitePage } from './NotWebsitePage';
import { useDocumentBranding } from './useDocumentBranding';

export const ROUTES = { login: '/login', notWebsite: '/NotWebsite' } as const;

interface AppProps {
  env?: 'default' | 'test';
}

/** Until the router arrives: /NotWebsite for an unknown website, and the login flow everywhere else. */
export function App({ env = 'default' }: AppProps) {
  const path = usePathname();
  const site = useSyncExternalStore(storage.subscribe, storage.getSite, () => null);
  const notWebsite = path === ROUTES.notWebsite;
  return (
    <AppProviders templateColor={notWebsite ? undefined : site?.template_color} env={env}>
      <Routes notWebsite={notWebsite} />
    </AppProviders>
  );
}

function Routes({ notWebsite }: { notWebsite: boolean }) {
  const { t } = useTranslation();
  const site = useSyncExternalStore(storage.subscribe, storage.getSite, () => null);
  // The server's tip when a session ended, shown on the login page.
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(
    () =>
      setApiHooks({
        onWebsiteNotFound: () => navigate(ROUTES.notWebsite),
        onSessionInvalid: (tip) => {
          setNotice(tip);
          if (window.location.pathname !== ROUTES.login) navigate(ROUTES.login);
        },
      }),
    [],
  );

  useDocumentBranding(notWebsite ? null : site, notWebsite ? t('web.errors.notWebsite') : null);

  if (notWebsite) return <NotWebsitePage onBackToLogin={() => navigate(ROUTES.login)} />;
  return <LoginPage notice={notice} onNoticeDismissed={() => setNotice(null)} />;
}

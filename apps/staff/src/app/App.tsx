import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Alert, Badge, Center, Loader, MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { ConfirmProvider } from '../components/confirm';
import { call, isApiError, setSessionEndedHandler } from '../lib/api';
import { i18n } from '../lib/i18n';
import { tipOf } from '../lib/notify';
import { requestedSite, setWebsite, useSession } from '../lib/session';

type Router = ReturnType<typeof createBrowserRouter>;

const theme = createTheme({
  primaryColor: 'blue',
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  components: {
    // A status is never cut to "已…": a badge keeps its whole text and its cell grows instead.
    Badge: Badge.extend({
      styles: {
        root: { overflow: 'visible', minWidth: 'max-content', flexShrink: 0 },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    }),
  },
});

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && !isApiError(error),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Finds the showroom (?site=, remembered, else the host) before anything is drawn. */
function WebsiteGate({ router }: { router: Router }) {
  const { t } = useTranslation();
  const [site] = useState(() => requestedSite());
  const { website } = useSession();
  const info = useQuery({
    queryKey: ['website', site],
    queryFn: () => call('get_website_info', site ? { site } : {}),
    staleTime: Infinity,
  });
  useEffect(() => {
    if (info.data) setWebsite(info.data);
  }, [info.data]);
  useEffect(() => {
    setSessionEndedHandler(() => void router.navigate('/login', { replace: true }));
  }, [router]);

  if (info.error)
    return (
      <Center h="100vh" p="md">
        <Alert color="red" role="alert" title={t('ui.boot.siteNotFound')}>
          {tipOf(info.error)}
        </Alert>
      </Center>
    );
  if (!website)
    return (
      <Center h="100vh">
        <Loader aria-label={t('ui.common.loading')} />
      </Center>
    );
  return <RouterProvider router={router} />;
}

export function App({
  router,
  queryClient,
  env = 'default',
}: {
  router: Router;
  queryClient: QueryClient;
  env?: 'default' | 'test';
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} forceColorScheme="light" env={env}>
        <Notifications position="bottom-right" />
        <QueryClientProvider client={queryClient}>
          <ConfirmProvider>
            <WebsiteGate router={router} />
          </ConfirmProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

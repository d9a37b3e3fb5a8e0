import { Alert, Button, Center, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyBrand } from '../../../components/CompanyBrand';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { ShowroomBackdrop } from '../../../components/ShowroomBackdrop';
import { useLoginFlow } from '../useLoginFlow';
import classes from './LoginPage.module.css';
import { LoginForm } from './LoginForm';
import { SignedInView } from './SignedInView';

interface LoginPageProps {
  /** A message from elsewhere in the app (the server's tip when a session ended). */
  notice?: string | null;
  onNoticeDismissed?(): void;
}

/** /login: the company's front door. The access code or password, or the greeting once in. */
export function LoginPage({ notice = null, onNoticeDismissed }: LoginPageProps) {
  const { t } = useTranslation();
  const { state, retry, login, logout } = useLoginFlow();
  const [pageMessage, setPageMessage] = useState<string | null>(null);
  // Where focus goes after a change of view made by the buyer (never on first arrival).
  const [focusAfter, setFocusAfter] = useState<'login' | 'logout' | null>(null);
  const message = pageMessage ?? notice;

  const showPageMessage = (tip: string | null) => {
    setPageMessage(tip);
    if (notice) onNoticeDismissed?.();
  };

  const site = state.phase === 'form' || state.phase === 'signedIn' ? state.site : null;

  return (
    <ShowroomBackdrop neutral={!site} topBar={<LanguageSelect />}>
      <Paper component="section" radius="lg" className={classes.card} aria-busy={state.phase === 'loading'}>
        <Stack gap="lg">
          {site ? (
            <Stack gap="xs">
              <CompanyBrand site={site} />
              <div className={classes.rule} aria-hidden="true" />
              {state.phase === 'form' ? (
                <Text className={classes.subtitle} size="md">
                  {t('web.login.title')}
                </Text>
              ) : null}
            </Stack>
          ) : null}

          <div role="status" aria-live="polite" className={classes.live}>
            {message ? (
              <Alert color="red" variant="light" radius="md">
                {message}
              </Alert>
            ) : null}
          </div>

          {state.phase === 'loading' ? (
            <Center py="xl">
              <Loader aria-hidden="true" />
              <VisuallyHidden>{t('web.loading')}</VisuallyHidden>
            </Center>
          ) : null}

          {state.phase === 'failed' ? (
            <Stack gap="md" align="center">
              <Text ta="center" role="alert">
                {state.tip ?? t('web.errors.failedToStart')}
              </Text>
              <Button onClick={retry}>{t('web.retry')}</Button>
            </Stack>
          ) : null}

          {state.phase === 'form' ? (
            <LoginForm
              focusOnMount={focusAfter === 'logout'}
              onPageMessage={showPageMessage}
              onLogin={async (code) => {
                const result = await login(state.site, code);
                if (result.ok) setFocusAfter('login');
                return result;
              }}
            />
          ) : null}

          {state.phase === 'signedIn' ? (
            <SignedInView
              user={state.user}
              focusOnMount={focusAfter === 'login'}
              onLogout={async () => {
                showPageMessage(null);
                setFocusAfter('logout');
                await logout(state.site);
              }}
            />
          ) : null}
        </Stack>
      </Paper>
    </ShowroomBackdrop>
  );
}

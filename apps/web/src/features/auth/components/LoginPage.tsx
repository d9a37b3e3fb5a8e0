import { Alert, Button, Center, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { SessionUser, WebsiteInfo } from '@vitrine/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyBrand } from '../../../components/CompanyBrand';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { ShowroomBackdrop } from '../../../components/ShowroomBackdrop';
import { useLoginFlow } from '../useLoginFlow';
import classes from './LoginPage.module.css';
import { LoginForm } from './LoginForm';

interface LoginPageProps {
  /** The buyer is in (logged in, or a session handed over in the address was restored). */
  onSignedIn(site: WebsiteInfo, user: SessionUser): void;
}

/** /login: the company's front door. The access code or password; once in, the app moves on. */
export function LoginPage({ onSignedIn }: LoginPageProps) {
  const { t } = useTranslation();
  const { state, retry, login } = useLoginFlow();
  // The form's message for the whole page; until it has one, the notice the page arrived with.
  const [pageMessage, setPageMessage] = useState<string | null | undefined>(undefined);
  const notice = state.phase === 'form' ? (state.notice ?? null) : null;
  const message = pageMessage === undefined ? notice : pageMessage;

  useEffect(() => {
    if (state.phase === 'signedIn') onSignedIn(state.site, state.user);
  }, [state, onSignedIn]);

  const site = state.phase === 'form' || state.phase === 'signedIn' ? state.site : null;
  const busy = state.phase === 'loading' || state.phase === 'signedIn';

  return (
    <ShowroomBackdrop neutral={!site} topBar={<LanguageSelect />}>
      <Paper component="section" radius="lg" className={classes.card} aria-busy={busy}>
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

          {busy ? (
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
            <LoginForm onPageMessage={setPageMessage} onLogin={(code) => login(state.site, code)} />
          ) : null}
        </Stack>
      </Paper>
    </ShowroomBackdrop>
  );
}

import { Button, Center, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import classes from './Root.module.css';

/** Shown while the first page's code loads: the spinner index.html shows before the app (no Loader code). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={classes.loading} role="status" aria-live="polite">
      <VisuallyHidden>{t('web.loading')}</VisuallyHidden>
    </div>
  );
}

/** Reports a failure worth seeing in development (kept out of the console in tests). */
export function reportPageFailure(error: unknown): void {
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.error(error);
}

/**
 * A page whose code could not be loaded (offline, a new release, or the 120 s timeout), or
 * that failed to draw: say so, and offer to load it again.
 */
export function PageFailed() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Paper radius="lg" p="xl" maw="27rem" w="100%" withBorder>
        <Stack align="center" gap="lg">
          <Text ta="center" fw={600} role="alert">
            {t('web.errors.pageFailed')}
          </Text>
          <Button onClick={() => window.location.reload()}>{t('web.retry')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/** The routes' error boundary: a page that failed to draw. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportPageFailure(error), [error]);
  return <PageFailed />;
}

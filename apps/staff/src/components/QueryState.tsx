import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tipOf } from '../lib/notify';

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  retry?: () => void;
  /** No rows: the empty message; left out when there is data to show. */
  empty?: ReactNode | false;
  children?: ReactNode;
}

/** Loading, failed (with the server's tip and a retry), empty, or the content. */
export function QueryState({ isPending, error, retry, empty, children }: QueryStateProps) {
  const { t } = useTranslation();
  if (isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('ui.common.loading')} />
      </Center>
    );
  if (error)
    return (
      <Alert color="red" title={t('ui.common.loadError')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{tipOf(error)}</Text>
          {retry && (
            <Button size="xs" variant="light" onClick={retry}>
              {t('ui.common.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  if (empty)
    return (
      <Text c="dimmed" py="xl" ta="center" role="status">
        {empty}
      </Text>
    );
  return <>{children}</>;
}

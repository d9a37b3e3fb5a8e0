import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Secret {
  /** What it is, e.g. "Password for Carlos". */
  label: string;
  value: string;
}

/** A password or access code the server shows once, with a copy button. */
export function SecretModal({ secret, onClose }: { secret: Secret | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('ui.common.shownOnceTitle')} centered>
      {secret && (
        <Stack>
          <Text fw={500}>{secret.label}</Text>
          <Code block fz="lg" data-testid="secret" style={{ userSelect: 'all', wordBreak: 'break-all' }}>
            {secret.value}
          </Code>
          <Alert color="yellow" variant="light">
            {t('ui.common.shownOnceHint')}
          </Alert>
          <Group justify="flex-end">
            <CopyButton value={secret.value}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'green' : undefined}
                  onClick={copy}
                  aria-live="polite"
                >
                  {copied ? t('ui.common.copied') : t('ui.common.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('ui.common.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

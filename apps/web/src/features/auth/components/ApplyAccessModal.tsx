import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, isHandledGlobally } from '../../../lib/api-client';
import { applyForAccess } from '../api';

interface ApplyAccessModalProps {
  opened: boolean;
  onClose(): void;
}

type Outcome = { kind: 'error'; tip: string } | { kind: 'success'; tip: string };

/** Leave a phone number to ask the company for an access code; the server's answer is shown as is. */
export default function ApplyAccessModal({ opened, onClose }: ApplyAccessModalProps) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'success', tip: await applyForAccess(phone) });
    } catch (e) {
      if (isHandledGlobally(e)) return;
      setOutcome({ kind: 'error', tip: isApiError(e) ? e.tip : t('web.errors.failedToStart') });
      inputRef.current?.focus();
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('web.login.applyTitle')}
      centered
      returnFocus={false}
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': t('web.close') }}
      overlayProps={{ backgroundOpacity: 0.5, blur: 2 }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t('web.login.applyHint')}
          </Text>
          <TextInput
            ref={inputRef}
            data-autofocus
            type="tel"
            name="phone"
            inputMode="tel"
            autoComplete="tel"
            // Phone numbers read left to right in every language; "auto" keeps the placeholder readable too.
            dir="auto"
            maxLength={32}
            withAsterisk
            aria-required
            label={t('web.login.phoneLabel')}
            placeholder={t('web.login.phonePlaceholder')}
            value={phone}
            onChange={(e) => {
              setPhone(e.currentTarget.value);
              if (outcome?.kind === 'error') setOutcome(null);
            }}
            error={outcome?.kind === 'error' ? outcome.tip : undefined}
            errorProps={{ role: 'alert' }}
          />
          <div role="status" aria-live="polite">
            {outcome?.kind === 'success' ? (
              <Alert color="green" variant="light" radius="md">
                {outcome.tip}
              </Alert>
            ) : null}
          </div>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('web.login.cancel')}
            </Button>
            <Button
              type="submit"
              aria-disabled={sending || undefined}
              leftSection={sending ? <Loader size={16} color="currentColor" aria-hidden="true" /> : undefined}
            >
              {sending ? t('web.login.sending') : t('web.login.applySubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

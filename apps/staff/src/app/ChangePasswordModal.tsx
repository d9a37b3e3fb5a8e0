import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { STAFF_LIMITS } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callWithTip } from '../lib/api';
import { notifySuccess, tipOf } from '../lib/notify';

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState('');
  const change = useMutation({
    mutationFn: () => callWithTip('staff_change_password', { current_password: current, new_password: next }),
    onSuccess: ({ tip }) => {
      notifySuccess(tip);
      close();
    },
    onError: (e) => setProblem(tipOf(e)),
  });
  const close = () => {
    setCurrent('');
    setNext('');
    setRepeat('');
    setProblem('');
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (next.length < STAFF_LIMITS.PASSWORD_MIN_LENGTH)
      return setProblem(t('ui.password.tooShort', { min: STAFF_LIMITS.PASSWORD_MIN_LENGTH }));
    if (next !== repeat) return setProblem(t('ui.password.mismatch'));
    setProblem('');
    change.mutate();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('ui.password.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('ui.password.current')}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            autoComplete="current-password"
            required
            data-autofocus
          />
          <PasswordInput
            label={t('ui.password.new')}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            autoComplete="new-password"
            description={t('ui.password.tooShort', { min: STAFF_LIMITS.PASSWORD_MIN_LENGTH })}
            required
          />
          <PasswordInput
            label={t('ui.password.repeat')}
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            autoComplete="new-password"
            required
          />
          <div aria-live="polite">{problem && <Alert color="red">{problem}</Alert>}</div>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('ui.common.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('ui.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { LIMITS } from '@vitrine/contract';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '../useLoginFlow';
import classes from './LoginPage.module.css';

// The application dialog is loaded only when asked for, keeping the first page small.
const loadApplyModal = () => import('./ApplyAccessModal');
const ApplyAccessModal = lazy(loadApplyModal);

type FieldError = { kind: 'empty' } | { kind: 'tip'; tip: string };

interface LoginFormProps {
  onLogin(code: string): Promise<LoginResult>;
  /** A message for the whole page (a failure that is not about the code). */
  onPageMessage(tip: string | null): void;
}

/** One field for the access code or password, and the way to apply for a code. */
export function LoginForm({ onLogin, onPageMessage }: LoginFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [applyOpened, setApplyOpened] = useState(false);
  const [applyMounted, setApplyMounted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const applyRef = useRef<HTMLButtonElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!code.trim()) {
      setError({ kind: 'empty' });
      inputRef.current?.focus();
      return;
    }
    setError(null);
    onPageMessage(null);
    setSubmitting(true);
    try {
      const result = await onLogin(code);
      if (result.ok || result.where === 'none') return;
      if (result.where === 'field') {
        setError({ kind: 'tip', tip: result.tip });
        inputRef.current?.focus();
      } else {
        onPageMessage(result.tip);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const openApply = () => {
    setApplyMounted(true);
    setApplyOpened(true);
  };

  // The dialog is mounted already open (it loads on demand), so it cannot know where focus
  // came from: hand focus back to the link that opened it.
  const closeApply = () => {
    setApplyOpened(false);
    applyRef.current?.focus();
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            ref={inputRef}
            type="password"
            name="code"
            label={t('web.login.codeLabel')}
            placeholder={t('web.login.codePlaceholder')}
            autoComplete="current-password"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={LIMITS.CODE_MAX_LENGTH}
            size="md"
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              if (error) setError(null);
            }}
            error={error ? (error.kind === 'empty' ? t('web.login.empty') : error.tip) : undefined}
            errorProps={{ role: 'alert' }}
            classNames={{ input: classes.codeInput }}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            aria-disabled={submitting || undefined}
            leftSection={
              submitting ? <Loader size={16} color="currentColor" aria-hidden="true" /> : undefined
            }
          >
            {submitting ? t('web.login.submitting') : t('web.login.submit')}
          </Button>
        </Stack>
      </form>

      <Text size="sm" ta="center" c="gray.7">
        {t('web.login.noCode')}{' '}
        <Anchor
          ref={applyRef}
          component="button"
          type="button"
          className={classes.link}
          size="sm"
          aria-haspopup="dialog"
          onClick={openApply}
          onPointerEnter={() => void loadApplyModal()}
          onFocus={() => void loadApplyModal()}
        >
          {t('web.login.apply')}
        </Anchor>
      </Text>

      {applyMounted ? (
        <Suspense fallback={null}>
          <ApplyAccessModal opened={applyOpened} onClose={closeApply} />
        </Suspense>
      ) : null}
    </>
  );
}

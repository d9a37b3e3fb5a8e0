import { ActionIcon, Tooltip } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showToast } from '../../../lib/toast';
import { CheckIcon, CopyIcon } from '../../../components/icons';

/** Puts text on the clipboard; false when the browser refuses (no permission, insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies a contact value (a WeChat or QQ id, which has no link to follow). Says 'copied' or
 * 'copy failed' (spec section 8) in a toast that screen readers announce.
 */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      showToast(t('web.company.copied'), 'success');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } else {
      showErrorToast(t('web.company.copyFailed'));
    }
  };

  const name = t('web.company.copyValue', { label });
  return (
    <Tooltip label={copied ? t('web.company.copied') : name} withArrow>
      <ActionIcon
        variant="light"
        size="lg"
        radius="md"
        aria-label={name}
        onClick={() => void copy()}
        data-copied={copied || undefined}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </ActionIcon>
    </Tooltip>
  );
}

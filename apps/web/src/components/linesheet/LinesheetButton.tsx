import { Button, type ButtonProps, Loader } from '@mantine/core';
import type { LinesheetSelection } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApiWithTip, isApiError } from '../../lib/api-client';
import { activeLanguage } from '../../lib/i18n';
import { showErrorToast, showToast } from '../../lib/toast';
import { DownloadIcon } from '../icons';

export interface LinesheetButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  /** What to put in the linesheet, read when the button is pressed. */
  selection: () => LinesheetSelection;
  disabled?: boolean;
}

/**
 * 'Linesheet PDF' (decision 0061): the server draws a PDF catalogue of the selection off its
 * request thread and answers a short-lived link, which is downloaded. A long linesheet takes a
 * few seconds: the button says so meanwhile, and a screen reader hears it.
 */
export default function LinesheetButton({ selection, disabled, ...button }: LinesheetButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const go = async () => {
    setBusy(true);
    setStatus(t('web.linesheet.preparing'));
    try {
      const { data } = await callApiWithTip('get_linesheet', { selection: selection() }, { silent: true });
      const a = document.createElement('a');
      a.href = data.url;
      a.download = data.filename;
      document.body.append(a);
      a.click();
      a.remove();
      const ready = t('web.linesheet.ready', { count: data.products });
      // Korean, Thai, Arabic and Hebrew print English for now: say so rather than surprise.
      const english =
        data.language !== activeLanguage()?.key ? ` ${t('web.linesheet.printedInEnglish')}` : '';
      setStatus(`${ready}.${english}`);
      showToast(`${ready}.${english}`, 'success');
    } catch (e) {
      setStatus('');
      showErrorToast(isApiError(e) && e.tip ? e.tip : t('web.linesheet.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={busy ? <Loader size={16} /> : <DownloadIcon width={18} height={18} />}
        {...button}
        onClick={() => void go()}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        title={t('web.linesheet.describe')}
        data-testid="linesheet"
      >
        {busy ? t('web.linesheet.preparing') : t('web.linesheet.button')}
      </Button>
      <span role="status" aria-live="polite" style={HIDDEN}>
        {status}
      </span>
    </>
  );
}

/** Heard, not seen. */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

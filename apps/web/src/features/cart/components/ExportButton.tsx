import { Button, Loader } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client';
import { showErrorToast, showToast } from '../../../lib/toast';

/**
 * Exports to Excel: the server builds the workbook and answers a link, which is downloaded.
 * The button says 'exporting' meanwhile, and 'export succeeded' when done.
 */
export function ExportButton({
  run,
  disabled,
}: {
  run(): Promise<{ data: { url: string; filename: string }; tip: string }>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      const { data, tip } = await run();
      const a = document.createElement('a');
      a.href = data.url;
      a.download = data.filename;
      document.body.append(a);
      a.click();
      a.remove();
      showToast(tip || t('cart.exported'), 'success');
    } catch (e) {
      showErrorToast(isApiError(e) && e.tip ? e.tip : t('web.cart.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={busy ? <Loader size={16} /> : <DownloadIcon width={18} height={18} />}
      onClick={() => void go()}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      data-testid="export"
    >
      {busy ? t('web.cart.exporting') : t('web.cart.export')}
    </Button>
  );
}

import { i18n } from '../../../lib/i18n';
import { showErrorToast, showToast } from '../../../lib/toast';

/**
 * Copies `text` to the clipboard and says so: 'copied', or 'copy failed' when the clipboard
 * refuses or does not exist (an insecure page, a denied permission; spec section 8).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
    await navigator.clipboard.writeText(text);
    showToast(i18n.t('web.details.copied'), 'success');
    return true;
  } catch {
    showErrorToast(i18n.t('web.details.copyFailed'));
    return false;
  }
}

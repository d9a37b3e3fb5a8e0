import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

/**
 * Short messages at the top of the page (toasts), shown by app/Toasts. Each is announced to
 * screen readers: errors as alerts (role=alert, assertive), other news politely (role=status).
 * The same message is never stacked twice while it is on screen.
 */
export type ToastKind = 'error' | 'info' | 'success';

const COLORS: Record<ToastKind, string> = { error: 'red', info: 'brand', success: 'green' };

/** Errors stay a little longer: they usually ask the buyer to do something. */
const AUTO_CLOSE_MS: Record<ToastKind, number> = { error: 6000, info: 4000, success: 4000 };

export function showToast(message: string, kind: ToastKind = 'info'): void {
  const text = message.trim();
  if (!text) return;
  const error = kind === 'error';
  notifications.show({
    id: `${kind}:${text}`,
    message: text,
    color: COLORS[kind],
    autoClose: AUTO_CLOSE_MS[kind],
    role: error ? 'alert' : 'status',
    'aria-live': error ? 'assertive' : 'polite',
    'aria-atomic': true,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('web.close') },
  });
}

export const showErrorToast = (message: string): void => showToast(message, 'error');

/** Removes every toast (on screen and queued). */
export function clearToasts(): void {
  notifications.clean();
}

import type { notifications as Notifications } from '@mantine/notifications';
import { i18n } from './i18n';

/**
 * Short messages at the top of the page (toasts), shown by app/Toasts. Each is announced to
 * screen readers: errors as alerts (role=alert, assertive), other news politely (role=status).
 * The same message is never stacked twice while it is on screen.
 */
export type ToastKind = 'error' | 'info' | 'success';

let store: Promise<typeof Notifications> | undefined;
const listeners = new Set<() => void>();
/**
 * The toasts' store, loaded with the first toast together with app/Toasts, which shows them:
 * the first page's code stays without either. Toasts keep their order, as each waits on the
 * same load.
 */
function toasts() {
  if (!store) {
    store = import('@mantine/notifications').then((m) => m.notifications);
    listeners.forEach((listener) => listener());
  }
  return store;
}

/** Whether a toast was ever asked for (App mounts app/Toasts from then on). */
export const toastsWanted = (): boolean => store !== undefined;

/** Calls `listener` when the first toast is asked for; returns the unsubscribe. */
export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const COLORS: Record<ToastKind, string> = { error: 'red', info: 'brand', success: 'green' };

/** Errors stay a little longer: they usually ask the buyer to do something. */
const AUTO_CLOSE_MS: Record<ToastKind, number> = { error: 6000, info: 4000, success: 4000 };

export function showToast(message: string, kind: ToastKind = 'info'): void {
  const text = message.trim();
  if (!text) return;
  const error = kind === 'error';
  void toasts().then((notifications) =>
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
    }),
  );
}

export const showErrorToast = (message: string): void => showToast(message, 'error');

/** Removes every toast (on screen and queued). */
export function clearToasts(): void {
  void toasts().then((notifications) => notifications.clean());
}

import { notifications } from '@mantine/notifications';
import { ErrorCode } from '@vitrine/contract';
import { i18n } from './i18n';
import { isApiError } from './api';

/** The server's tip for a success, in a notification (read out by screen readers). */
export function notifySuccess(tip: string) {
  notifications.show({ color: 'green', message: tip || i18n.t('ui.common.done') });
}

/** The server's tip for a failure; anything else as a generic failure. */
export function notifyError(error: unknown) {
  // A session that ended has already gone to the login page.
  if (isApiError(error) && error.code === ErrorCode.SESSION_INVALID) return;
  const message = isApiError(error) ? error.tip : i18n.t('ui.common.networkError');
  notifications.show({ color: 'red', title: i18n.t('ui.common.failed'), message });
}

export const tipOf = (error: unknown): string =>
  isApiError(error) ? error.tip : i18n.t('ui.common.networkError');

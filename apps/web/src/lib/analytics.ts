import type { CallName } from '@vitrine/contract';
import { type CallBody, callApi } from './api-client';

type LogCall =
  'toy_click_log' | 'toy_select_log' | 'toy_recommend_select_log' | 'website_toy_browse' | 'log_new_click';

const idle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run, { timeout: 2000 })
    : setTimeout(run, 0);

/**
 * Records an analytics event without slowing the page: sent when the browser is idle, never
 * retried, never shown to the buyer when it fails.
 */
export function logEvent<N extends LogCall & CallName>(name: N, body: CallBody<N>): void {
  idle(() => {
    callApi(name, body, { silent: true }).catch(() => undefined);
  });
}

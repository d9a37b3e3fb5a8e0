import type { CallName, CallResponse } from '@vitrine/contract';
import { type CallBody, createApiClient } from '@vitrine/web-core';
import { activeLanguage, i18n } from './i18n';
import { clearSession, getSession } from './session';

/**
 * The console's one way to the /api: web-core's client with the console's credentials (the
 * staff token of the site in use and its website), its language (Chinese or English) and its
 * messages. A -2 answer (the session ended) clears the stored session and goes to the login page.
 */

export type { CallBody } from '@vitrine/web-core';
export { ApiError, ClientErrorCode, isApiError } from '@vitrine/web-core';

let onSessionEnded: () => void = () => window.location.assign('/staff/login');

/** The app says how to go to the login page (its router's navigate). */
export function setSessionEndedHandler(handler: () => void) {
  onSessionEnded = handler;
}

const client = createApiClient({
  credentials: () => {
    const { website, session } = getSession();
    return { websiteId: session?.website_id ?? website?.id ?? null, token: session?.token ?? null };
  },
  language: () => activeLanguage() ?? null,
  messages: {
    timeout: () => i18n.t('ui.common.timeout'),
    failedToStart: () => i18n.t('ui.common.networkError'),
  },
  hooks: {
    onSessionInvalid: () => {
      clearSession();
      onSessionEnded();
    },
  },
});

export const callWithTip = <N extends CallName>(
  name: N,
  body: CallBody<N>,
): Promise<{ data: CallResponse<N>; tip: string }> => client.callWithTip(name, body);

export const call = <N extends CallName>(name: N, body: CallBody<N>): Promise<CallResponse<N>> =>
  client.call(name, body);

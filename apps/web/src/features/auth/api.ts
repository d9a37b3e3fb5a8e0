import type { CallResponse } from '@vitrine/contract';
import { callApi, callApiWithTip } from '../../lib/api-client';

/**
 * The auth feature's calls, each a thin, typed use of the one API client. They are all
 * `silent`: the login page and its dialog show failures themselves, where they belong.
 */

export const fetchWebsiteInfo = (site: string | undefined, signal?: AbortSignal) =>
  callApi('get_website_info', site ? { site } : {}, { signal, silent: true });

/** Logs in, bringing the visitor key this browser keeps for the website (if any). */
export const loginWithCode = (websiteId: number, code: string, visitorKey: string | undefined) =>
  callApi(
    'login',
    { website_id: websiteId, code, ...(visitorKey ? { visitor_key: visitorKey } : {}) },
    { silent: true },
  );

export const restoreSession = (signal?: AbortSignal) =>
  callApi('get_website_again', {}, { signal, silent: true });

/** Ends the session on the server; a session that had already ended, or no answer, is no news. */
export const logoutSession = () => callApi('logout', {}, { quietSessionEnd: true, silent: true });

/** Answers the server's tip, shown to the buyer on success too. */
export const applyForAccess = async (phone: string): Promise<string> =>
  (await callApiWithTip('access_apply', { phone }, { silent: true })).tip;

export type SessionData = CallResponse<'get_website_again'>;

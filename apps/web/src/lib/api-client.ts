import type { Language } from '@vitrine/contract';
import { type ApiError, createApiClient } from '@vitrine/web-core';
import { buyerCredentials } from './api-request';
import { activeLanguage, i18n } from './i18n';
import * as storage from './storage';

export type { CallBody } from './api-request';
export {
  ApiError,
  type CallOptions,
  ClientErrorCode,
  isAbort,
  isApiError,
  isHandledGlobally,
} from '@vitrine/web-core';

/**
 * The showroom's /api client (@vitrine/web-core's, with the buyer's stored credentials): every
 * call goes through callApi or callApiWithTip. It keeps the stored session consistent itself
 * (-106 forgets the website and the user, -2 and a failed `needError` call the user) and tells
 * the app through the hooks below.
 */

/**
 * What the app does about failures, app-wide (the error catalogue). Navigation, chat and
 * messages on screen live in app/, which wires them once with setApiHooks.
 */
export interface ApiHooks {
  /** -106: the website does not exist (stored user info and website are already cleared). */
  onWebsiteNotFound(tip: string, error: ApiError): void;
  /** -2 on any call but a public one (login): the session ended (stored user info is already cleared). */
  onSessionInvalid(tip: string, error: ApiError): void;
  /**
   * Any other failure (a failed answer, a timeout, a request that could not start) of a call
   * that did not opt out with `silent`: the buyer should be told `error.tip`.
   */
  onFailure(error: ApiError): void;
  /** A call flagged `needError` failed (stored user info is already cleared). */
  onNeedError(error: ApiError): void;
}

const noHooks: ApiHooks = {
  onWebsiteNotFound: () => {},
  onSessionInvalid: () => {},
  onFailure: () => {},
  onNeedError: () => {},
};
let hooks: ApiHooks = noHooks;

/** Wires what failures do app-wide (navigation lives in app/). Returns a function that unwires. */
export function setApiHooks(next: Partial<ApiHooks>): () => void {
  const installed: ApiHooks = { ...noHooks, ...next };
  hooks = installed;
  return () => {
    if (hooks === installed) hooks = noHooks;
  };
}

/** The language sent with each call: the one on screen, else the stored choice. */
const requestLanguage = (): Language | null => activeLanguage() ?? storage.getLanguage();

const client = createApiClient({
  credentials: buyerCredentials,
  language: requestLanguage,
  messages: {
    timeout: () => i18n.t('web.errors.timeout'),
    failedToStart: () => i18n.t('web.errors.failedToStart'),
  },
  hooks: {
    onNeedError(error) {
      storage.clearUserInfo();
      hooks.onNeedError(error);
    },
    onWebsiteNotFound(error) {
      storage.clearUserInfo();
      storage.clearSite();
      hooks.onWebsiteNotFound(error.tip, error);
    },
    onSessionInvalid(error, expected) {
      storage.clearUserInfo();
      if (!expected) hooks.onSessionInvalid(error.tip, error);
    },
    onFailure: (error) => hooks.onFailure(error),
  },
});

/** Makes a call and returns its data; failures throw an ApiError (see callApiWithTip). */
export const callApi = client.call;

/**
 * Makes a call and returns its data with the server's tip, for calls whose success message is
 * shown to the buyer. Failures throw an ApiError after the error catalogue's app-wide part: -106
 * and -2 clear the stored user info and call their hooks; any other failure calls onFailure
 * (unless `silent`); a `needError` call's failure clears the stored user info and calls
 * onNeedError. A call cancelled by its caller is no failure.
 */
export const callApiWithTip = client.callWithTip;

/**
 * The data of a call the head script sent (boot/, lib/early-handoff), with the failures callApi
 * would have given; nothing app-wide happens, as for an `unhandled` call.
 */
export const handedOverAnswer = client.handedOverAnswer;

import { type CallName, type CallResponse, ErrorCode, type Language, LIMITS } from '@vitrine/contract';
import { type CallBody, callRequest, type Envelope, readEnvelope } from './api-request';
import { activeLanguage, i18n } from './i18n';
import * as storage from './storage';

export type { CallBody } from './api-request';

/**
 * The one wrapper every /api call goes through: POST /api/<name> with a JSON body, answered
 * HTTP 200 with {code, data, tip}. It returns `data` on code 0 and throws an ApiError otherwise.
 */

/** Failures that happen before the server could answer; they never come from the server. */
export const ClientErrorCode = {
  /** No answer within LIMITS.REQUEST_TIMEOUT_MS. */
  TIMEOUT: -1001,
  /** The request could not be sent, or the answer was not an /api envelope. */
  FAILED_TO_START: -1002,
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** The server's code (see ErrorCode), or a ClientErrorCode. */
    readonly code: number,
    /** A message for the buyer, in the request's language. */
    readonly tip: string,
    /** The call that failed. */
    readonly call: CallName,
  ) {
    super(tip);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** True for an ApiError the client already dealt with app-wide (-106, -2): no need to show it again. */
export const isHandledGlobally = (e: unknown): e is ApiError =>
  isApiError(e) &&
  (e.code === ErrorCode.WEBSITE_NOT_FOUND || (e.code === ErrorCode.SESSION_INVALID && e.call !== 'login'));

/** True when the call was cancelled by its caller (an AbortSignal), not failed. */
export const isAbort = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';

/**
 * What the app does about failures, app-wide (the error catalogue). The client keeps the
 * stored session consistent itself and tells the app through these; navigation, chat and
 * messages on screen live in app/, which wires them once with setApiHooks.
 */
export interface ApiHooks {
  /** -106: the website does not exist (stored user info and website are already cleared). */
  onWebsiteNotFound(tip: string, error: ApiError): void;
  /** -2 on any call but login: the session ended (stored user info is already cleared). */
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

export interface CallOptions {
  /** Cancels the call; the promise then rejects with the AbortError. */
  signal?: AbortSignal;
  /** Defaults to LIMITS.REQUEST_TIMEOUT_MS (30 s). */
  timeoutMs?: number;
  /**
   * A -2 answer is expected and harmless (logging out of a session that already ended): stored
   * user info is still cleared, but onSessionInvalid is not called.
   */
  quietSessionEnd?: boolean;
  /**
   * The caller shows failures itself (under a field, on its page): no app-wide message. -106
   * and -2 are handled app-wide all the same.
   */
  silent?: boolean;
  /** Any failure of this call ends the session: stored user info is cleared and the chat closed. */
  needError?: boolean;
  /** Ask in this language rather than the one on screen (a call made before the locale is in). */
  lang?: Language;
  /**
   * Nothing app-wide on failure, not even for -106 and -2: the caller makes the call again the
   * ordinary way when this one fails (an early call, started before the app is wired).
   */
  unhandled?: boolean;
}

/** The language sent with each call: the one on screen, else the stored choice. */
const requestLanguage = (): Language | null => activeLanguage() ?? storage.getLanguage();

/** Makes a call and returns its data; failures throw an ApiError (see callApiWithTip). */
export async function callApi<N extends CallName>(
  name: N,
  body: CallBody<N>,
  options?: CallOptions,
): Promise<CallResponse<N>> {
  return (await callApiWithTip(name, body, options)).data;
}

/**
 * Makes a call and returns its data with the server's tip, for calls whose success message is
 * shown to the buyer. Adds the Website-ID header (all calls but the public ones), the session
 * token and the language; gives up after the timeout. Failures throw an ApiError after the
 * error catalogue's app-wide part: -106 and -2 clear the stored user info and call their hooks;
 * any other failure calls onFailure (unless `silent`); a `needError` call's failure clears the
 * stored user info and calls onNeedError. A call cancelled by its caller is no failure.
 */
export async function callApiWithTip<N extends CallName>(
  name: N,
  body: CallBody<N>,
  options: CallOptions = {},
): Promise<{ data: CallResponse<N>; tip: string }> {
  try {
    return await send(name, body, options);
  } catch (e) {
    if (isApiError(e) && !options.unhandled) handleFailure(e, options);
    throw e;
  }
}

/** The app-wide part of the error catalogue, for one failed call. */
function handleFailure(
  error: ApiError,
  { quietSessionEnd = false, silent = false, needError = false }: CallOptions,
) {
  if (needError) {
    storage.clearUserInfo();
    hooks.onNeedError(error);
  }
  if (error.code === ErrorCode.WEBSITE_NOT_FOUND) {
    storage.clearUserInfo();
    storage.clearSite();
    hooks.onWebsiteNotFound(error.tip, error);
  } else if (error.code === ErrorCode.SESSION_INVALID && error.call !== 'login') {
    storage.clearUserInfo();
    if (!quietSessionEnd) hooks.onSessionInvalid(error.tip, error);
  } else if (!silent) {
    hooks.onFailure(error);
  }
}

async function send<N extends CallName>(
  name: N,
  body: CallBody<N>,
  { signal, timeoutMs = LIMITS.REQUEST_TIMEOUT_MS, lang: asked }: CallOptions,
): Promise<{ data: CallResponse<N>; tip: string }> {
  const { url, init } = callRequest(name, body, asked ?? requestLanguage());
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const onAbort = () => timeout.abort();
  signal?.addEventListener('abort', onAbort, { once: true });

  let envelope: Envelope;
  try {
    signal?.throwIfAborted();
    envelope = await readEnvelope(await fetch(url, { ...init, signal: timeout.signal }));
  } catch {
    if (signal?.aborted)
      throw isAbort(signal.reason) ? signal.reason : new DOMException('Aborted', 'AbortError');
    if (timeout.signal.aborted)
      throw new ApiError(ClientErrorCode.TIMEOUT, i18n.t('web.errors.timeout'), name);
    throw new ApiError(ClientErrorCode.FAILED_TO_START, i18n.t('web.errors.failedToStart'), name);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  return answerOf(name, envelope);
}

/** The data of an answer, or its failure as an ApiError. */
function answerOf<N extends CallName>(
  name: N,
  { code, data, tip }: Envelope,
): { data: CallResponse<N>; tip: string } {
  if (code === ErrorCode.OK) return { data: data as CallResponse<N>, tip };
  throw new ApiError(code, tip || i18n.t('web.errors.failedToStart'), name);
}

/**
 * The data of a call the head script sent (boot/, lib/early-handoff), with the failures `send`
 * would have given: an answer that never came is FAILED_TO_START (a timeout there aborts the
 * request the same way). Nothing app-wide happens, as for an `unhandled` call.
 */
export async function handedOverAnswer<N extends CallName>(
  name: N,
  envelope: Promise<Envelope>,
): Promise<CallResponse<N>> {
  let answer: Envelope;
  try {
    answer = await envelope;
  } catch {
    throw new ApiError(ClientErrorCode.FAILED_TO_START, i18n.t('web.errors.failedToStart'), name);
  }
  return answerOf(name, answer).data;
}

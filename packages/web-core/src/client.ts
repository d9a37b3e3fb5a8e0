import { type CallName, type CallResponse, ErrorCode, type Language, LIMITS } from '@vitrine/contract';
import {
  type CallBody,
  callRequest,
  type Credentials,
  type Envelope,
  isPublicCall,
  readEnvelope,
} from './wire';

/**
 * The one wrapper every /api call of a web app goes through: POST /api/<name> with a JSON body,
 * answered HTTP 200 with {code, data, tip}. It returns `data` on code 0 and throws an ApiError
 * otherwise. Who is asking and in which language are the app's to say (createApiClient), so the
 * buyer's showroom and the staff console share it with their own storage.
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
    /** A message for the user, in the request's language. */
    readonly tip: string,
    /** The call that failed. */
    readonly call: CallName,
  ) {
    super(tip);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/**
 * A -2 answer ends the session, except to a public call (a login), which has none: there it is
 * an ordinary failure.
 */
const endsSession = (e: ApiError): boolean => e.code === ErrorCode.SESSION_INVALID && !isPublicCall(e.call);

/** True for an ApiError the client already dealt with app-wide (-106, -2): no need to show it again. */
export const isHandledGlobally = (e: unknown): e is ApiError =>
  isApiError(e) && (e.code === ErrorCode.WEBSITE_NOT_FOUND || endsSession(e));

/** True when the call was cancelled by its caller (an AbortSignal), not failed. */
export const isAbort = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';

/**
 * What an app does about failures, app-wide (the error catalogue): keeping its stored session
 * consistent, navigating, telling the user. A call cancelled by its caller is no failure, and an
 * `unhandled` call's failure reaches none of them.
 */
export interface ApiClientHooks {
  /** -106: the website named by the credentials does not exist. */
  onWebsiteNotFound(error: ApiError): void;
  /**
   * -2 on any call but a public one: the session ended. `expected` when the caller said it would
   * (CallOptions.quietSessionEnd): the stored session goes all the same, without alarm.
   */
  onSessionInvalid(error: ApiError, expected: boolean): void;
  /**
   * Any other failure (a failed answer, a timeout, a request that could not start) of a call
   * that did not opt out with `silent`: the user should be told `error.tip`.
   */
  onFailure(error: ApiError): void;
  /** A call flagged `needError` failed (called before the hooks above). */
  onNeedError(error: ApiError): void;
}

export interface CallOptions {
  /** Cancels the call; the promise then rejects with the AbortError. */
  signal?: AbortSignal;
  /** Defaults to LIMITS.REQUEST_TIMEOUT_MS (30 s). */
  timeoutMs?: number;
  /** A -2 answer is expected and harmless (logging out of a session that already ended). */
  quietSessionEnd?: boolean;
  /**
   * The caller shows failures itself (under a field, on its page): no onFailure. -106 and -2 are
   * handled app-wide all the same.
   */
  silent?: boolean;
  /** Any failure of this call ends the session (onNeedError). */
  needError?: boolean;
  /** Ask in this language rather than the app's (a call made before the locale is in). */
  lang?: Language;
  /**
   * No hook at all on failure, not even for -106 and -2: the caller makes the call again the
   * ordinary way when this one fails (an early call, started before the app is wired).
   */
  unhandled?: boolean;
}

export interface ApiClientConfig {
  /** Who is asking, read at each call. */
  credentials(): Credentials;
  /** The language to answer in, read at each call; null sends none (the website's own). */
  language(): Language | null;
  /** The user's messages for failures the server never saw, in the language on screen. */
  messages: { timeout(): string; failedToStart(): string };
  /** The error catalogue's app-wide part; a hook left out does nothing. */
  hooks?: Partial<ApiClientHooks>;
}

export interface ApiClient<Name extends CallName = CallName> {
  /** Makes a call and returns its data; failures throw an ApiError (see callWithTip). */
  call<N extends Name>(name: N, body: CallBody<N>, options?: CallOptions): Promise<CallResponse<N>>;
  /**
   * Makes a call and returns its data with the server's tip, for calls whose success message is
   * shown. Adds the Website-ID header (all calls but the public ones), the session token and the
   * language; gives up after the timeout. Failures throw an ApiError once the hooks have heard.
   */
  callWithTip<N extends Name>(
    name: N,
    body: CallBody<N>,
    options?: CallOptions,
  ): Promise<{ data: CallResponse<N>; tip: string }>;
  /**
   * The data of a call sent without the client (by a head script, with wire.ts), with the
   * failures the client would have given: an answer that never came is FAILED_TO_START. No hook
   * is called, as for an `unhandled` call.
   */
  handedOverAnswer<N extends Name>(name: N, envelope: Promise<Envelope>): Promise<CallResponse<N>>;
}

/** An /api client whose credentials, language, messages and error handling are the app's. */
export function createApiClient<Name extends CallName = CallName>({
  credentials,
  language,
  messages,
  hooks = {},
}: ApiClientConfig): ApiClient<Name> {
  function handleFailure(error: ApiError, { quietSessionEnd = false, silent = false, needError = false }) {
    if (needError) hooks.onNeedError?.(error);
    if (error.code === ErrorCode.WEBSITE_NOT_FOUND) hooks.onWebsiteNotFound?.(error);
    else if (endsSession(error)) hooks.onSessionInvalid?.(error, quietSessionEnd);
    else if (!silent) hooks.onFailure?.(error);
  }

  /** The data of an answer, or its failure as an ApiError. */
  function answerOf<N extends Name>(name: N, { code, data, tip }: Envelope) {
    if (code === ErrorCode.OK) return { data: data as CallResponse<N>, tip };
    throw new ApiError(code, tip || messages.failedToStart(), name);
  }

  async function send<N extends Name>(
    name: N,
    body: CallBody<N>,
    { signal, timeoutMs = LIMITS.REQUEST_TIMEOUT_MS, lang }: CallOptions,
  ): Promise<{ data: CallResponse<N>; tip: string }> {
    const { url, init } = callRequest(name, body, credentials(), lang ?? language());
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
      if (timeout.signal.aborted) throw new ApiError(ClientErrorCode.TIMEOUT, messages.timeout(), name);
      throw new ApiError(ClientErrorCode.FAILED_TO_START, messages.failedToStart(), name);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    return answerOf(name, envelope);
  }

  async function callWithTip<N extends Name>(name: N, body: CallBody<N>, options: CallOptions = {}) {
    try {
      return await send(name, body, options);
    } catch (e) {
      if (isApiError(e) && !options.unhandled) handleFailure(e, options);
      throw e;
    }
  }

  return {
    callWithTip,
    call: async (name, body, options) => (await callWithTip(name, body, options)).data,
    async handedOverAnswer(name, envelope) {
      let answer: Envelope;
      try {
        answer = await envelope;
      } catch {
        throw new ApiError(ClientErrorCode.FAILED_TO_START, messages.failedToStart(), name);
      }
      return answerOf(name, answer).data;
    },
  };
}

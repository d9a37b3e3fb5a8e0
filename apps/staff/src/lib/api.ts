import { type CallName, type CallRequest, type CallResponse, ErrorCode, langCodeOf } from '@vitrine/contract';
import { contractLanguage, i18n } from './i18n';
import { clearSession, getSession } from './session';

/**
 * The console's one way to the /api: every call goes through `call` (and `callWithTip`), which
 * adds the Website-ID header, the staff token and the language, and turns a failed answer into
 * an ApiError carrying the server's code and tip. A -2 answer (the session ended) clears the
 * stored session and goes to the login page. packages/web-core replaces the inside later.
 */

export type CallBody<N extends CallName> = Omit<CallRequest<N>, 'lang'>;

export const CLIENT_FAILED = -1002;
export const CLIENT_TIMEOUT = -1001;
const TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: number,
    readonly tip: string,
    readonly call: CallName,
  ) {
    super(tip);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Calls that need no Website-ID header: they name the website themselves or by host. */
const PUBLIC_CALLS: ReadonlySet<CallName> = new Set<CallName>(['get_website_info']);

let onSessionEnded: () => void = () => window.location.assign('/staff/login');

/** The app says how to go to the login page (its router's navigate). */
export function setSessionEndedHandler(handler: () => void) {
  onSessionEnded = handler;
}

export async function callWithTip<N extends CallName>(
  name: N,
  body: CallBody<N>,
): Promise<{ data: CallResponse<N>; tip: string }> {
  const { website, session } = getSession();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (!PUBLIC_CALLS.has(name)) {
    const websiteId = session?.website_id ?? website?.id;
    if (websiteId !== undefined) headers['Website-ID'] = String(websiteId);
  }
  if (session?.token) headers.Authorization = `Bearer ${session.token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let envelope: { code: number; data: unknown; tip: string };
  try {
    const res = await fetch(`/api/${name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...body, lang: langCodeOf(contractLanguage()) }),
      signal: controller.signal,
    });
    envelope = (await res.json()) as typeof envelope;
    if (typeof envelope?.code !== 'number') throw new Error('not an envelope');
  } catch {
    const timedOut = controller.signal.aborted;
    throw new ApiError(
      timedOut ? CLIENT_TIMEOUT : CLIENT_FAILED,
      i18n.t(timedOut ? 'ui.common.timeout' : 'ui.common.networkError'),
      name,
    );
  } finally {
    clearTimeout(timer);
  }

  if (envelope.code === ErrorCode.OK) return { data: envelope.data as CallResponse<N>, tip: envelope.tip };
  const error = new ApiError(envelope.code, envelope.tip || i18n.t('ui.common.networkError'), name);
  if (error.code === ErrorCode.SESSION_INVALID && name !== 'staff_login') {
    clearSession();
    onSessionEnded();
  }
  throw error;
}

export async function call<N extends CallName>(name: N, body: CallBody<N>): Promise<CallResponse<N>> {
  return (await callWithTip(name, body)).data;
}

import { type CallName, type CallRequest, type Calls, type Language, langCodeOf } from '@vitrine/contract';
import * as storage from './storage';

/**
 * The wire format of an /api call, apart from what the app makes of failures (api-client): the
 * head script (boot/) sends the first page's calls with it before the app's code has arrived,
 * so it must stay free of i18next and React.
 */

/** Calls answered without a website (they name it in the body, or the host does). */
type PublicCall = { [N in CallName]: Calls[N]['access'] extends 'public' ? N : never }[CallName];
// A Record forces this list to stay complete when the contract gains a public call.
const PUBLIC_CALLS: Record<PublicCall, true> = { get_website_info: true, login: true };
const isPublic = (name: CallName): boolean => Object.hasOwn(PUBLIC_CALLS, name);

/** The body of a call as a caller writes it: `lang` is added when the request is made. */
export type CallBody<N extends CallName> = Omit<CallRequest<N>, 'lang'>;

/** What every answer is: HTTP 200 with {code, data, tip}. */
export interface Envelope {
  code: number;
  data: unknown;
  tip: string;
}

/**
 * The request for a call: POST /api/<name> with the body in JSON, the Website-ID header (all
 * calls but the public ones), the session token, and the language in the body when there is one.
 */
export function callRequest<N extends CallName>(
  name: N,
  body: CallBody<N>,
  lang: Language | null,
): { url: string; init: RequestInit } {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (!isPublic(name)) {
    const site = storage.getSite();
    if (site) headers['Website-ID'] = String(site.id);
  }
  const token = storage.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const payload = lang ? { ...body, lang: langCodeOf(lang) } : body;
  return {
    url: `/api/${name}`,
    init: { method: 'POST', headers, body: JSON.stringify(payload), credentials: 'same-origin' },
  };
}

/** The envelope of an answer; throws when the answer is no /api envelope. */
export async function readEnvelope(response: Response): Promise<Envelope> {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const json: unknown = await response.json();
  if (typeof json !== 'object' || json === null || typeof (json as { code?: unknown }).code !== 'number') {
    throw new Error('Not an /api envelope');
  }
  const { code, data, tip } = json as { code: number; data?: unknown; tip?: unknown };
  return { code, data: data ?? null, tip: typeof tip === 'string' ? tip : '' };
}

import { type CallName, type CallRequest, type Calls, type Language, langCodeOf } from '@vitrine/contract';

/**
 * The wire format of an /api call, apart from what an app makes of failures (client.ts): a head
 * script may send a page's first calls with it before the app's code has arrived, so it imports
 * the contract alone, never i18next or React.
 */

/** The calls of the contract a given access level allows, e.g. CallsOf<'public'>. */
export type CallsOf<A extends string> = {
  [N in CallName]: Calls[N]['access'] extends A ? N : never;
}[CallName];

/** Calls answered without a website (they name it in the body, or the host does). */
export type PublicCall = CallsOf<'public'>;

// A Record forces this list to stay complete when the contract gains a public call. Not read
// from the contract's `calls` at run time: that would bring every zod schema into the browser.
const PUBLIC_CALLS: Record<PublicCall, true> = {
  get_website_info: true,
  login: true,
  exchange_login_link: true,
};

/** True for a call answered without a website and without a session. */
export const isPublicCall = (name: CallName): name is PublicCall => Object.hasOwn(PUBLIC_CALLS, name);

/** The body of a call as a caller writes it: `lang` is added when the request is made. */
export type CallBody<N extends CallName> = Omit<CallRequest<N>, 'lang'>;

/** What every answer is: HTTP 200 with {code, data, tip}. */
export interface Envelope {
  code: number;
  data: unknown;
  tip: string;
}

/** Who is asking: the website the app shows (null before it is known) and its session token. */
export interface Credentials {
  websiteId: number | null;
  token: string | null;
}

/**
 * The request for a call: POST /api/<name> with the body in JSON, the Website-ID header (all
 * calls but the public ones), the session token, and the language in the body when there is one.
 */
export function callRequest<N extends CallName>(
  name: N,
  body: CallBody<N>,
  { websiteId, token }: Credentials,
  lang: Language | null,
): { url: string; init: RequestInit } {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (websiteId !== null && !isPublicCall(name)) headers['Website-ID'] = String(websiteId);
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

import type { CallName, Language } from '@vitrine/contract';
import { type CallBody, callRequest as request } from '@vitrine/web-core/wire';
import * as storage from './storage';

/**
 * The wire format of the showroom's /api calls, with the buyer's stored credentials: the head
 * script (boot/) sends the first page's calls with it before the app's code has arrived, so it
 * must stay free of i18next and React (hence web-core's wire module, not its index).
 */

export { type CallBody, type Envelope, readEnvelope } from '@vitrine/web-core/wire';

/** The stored website and session token, as every call of the showroom sends them. */
export const buyerCredentials = () => ({
  websiteId: storage.getSite()?.id ?? null,
  token: storage.getToken(),
});

/**
 * The request for a call: POST /api/<name> with the body in JSON, the Website-ID header (all
 * calls but the public ones), the session token, and the language in the body when there is one.
 */
export const callRequest = <N extends CallName>(name: N, body: CallBody<N>, lang: Language | null) =>
  request(name, body, buyerCredentials(), lang);

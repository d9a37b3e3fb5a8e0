import type { CallName, CallResponse, Language } from '@vitrine/contract';
import { type CallBody, callApi } from './api-client';
import * as storage from './storage';

/**
 * Calls a page will make, started by the router as the first navigation begins: the page's
 * code, the locale and these answers then travel side by side instead of one after the other
 * (docs/decisions/0020). The page's query takes the answer (lib/query useApiQuery) when it asks
 * the same call of the same website in the same language with the same body; an answer nobody
 * took soon is dropped, and a failed one is asked again the ordinary way.
 */

/** Older than this, an early answer is no longer taken (the page asks afresh). */
const KEEP_MS = 10_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

const keyOf = (name: CallName, body: unknown, langKey: string) =>
  JSON.stringify([name, storage.getSite()?.id ?? null, langKey, body]);

/** Starts `name` now, in `lang` (the language the app is about to show). */
export function startEarlyCall<N extends CallName>(
  name: N,
  body: CallBody<N>,
  lang: Language,
): Promise<CallResponse<N>> {
  const answer = callApi(name, body, { lang, unhandled: true });
  // Whoever takes it handles a failure; until then it is no unhandled rejection.
  answer.catch(() => undefined);
  started.set(keyOf(name, body, lang.key), { at: Date.now(), answer });
  return answer;
}

/** The early answer to this call, once (undefined when none was started, or it is too old). */
export function takeEarlyCall<N extends CallName>(
  name: N,
  body: CallBody<N>,
  langKey: string,
): Promise<CallResponse<N>> | undefined {
  const key = keyOf(name, body, langKey);
  const hit = started.get(key);
  started.delete(key);
  if (!hit || Date.now() - hit.at > KEEP_MS) return undefined;
  return hit.answer as Promise<CallResponse<N>>;
}

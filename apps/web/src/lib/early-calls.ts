import type { CallName, CallResponse, Language } from '@vitrine/contract';
import { type CallBody, callApi, handedOverAnswer } from './api-client';
import { earlyCallKey, takeParkedAnswer } from './early-handoff';

/**
 * Calls a page will make, started by the router as the first navigation begins: the page's
 * code, the locale and these answers then travel side by side instead of one after the other
 * (docs/decisions/0020). When the head script (boot/) already asked the same while the app's
 * code downloaded, its answer is used instead of asking again. The page's query takes the answer
 * (lib/query useApiQuery) when it asks the same call of the same website in the same language
 * with the same body; an answer nobody took soon is dropped, and a failed one is asked again the
 * ordinary way.
 */

/** Older than this, an early answer is no longer taken (the page asks afresh). */
const KEEP_MS = 10_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Starts `name` now, in `lang` (the language the app is about to show), unless the head script has. */
export function startEarlyCall<N extends CallName>(
  name: N,
  body: CallBody<N>,
  lang: Language,
): Promise<CallResponse<N>> {
  const key = earlyCallKey(name, body, lang.key);
  const handed = takeParkedAnswer(key);
  const fresh = handed && Date.now() - handed.at <= KEEP_MS ? handed : undefined;
  const answer = fresh
    ? handedOverAnswer(name, fresh.envelope)
    : callApi(name, body, { lang, unhandled: true });
  // Whoever takes it handles a failure; until then it is no unhandled rejection.
  answer.catch(() => undefined);
  started.set(key, { at: fresh?.at ?? Date.now(), answer });
  return answer;
}

/** The early answer to this call, once (undefined when none was started, or it is too old). */
export function takeEarlyCall<N extends CallName>(
  name: N,
  body: CallBody<N>,
  langKey: string,
): Promise<CallResponse<N>> | undefined {
  const key = earlyCallKey(name, body, langKey);
  const hit = started.get(key);
  started.delete(key);
  if (!hit || Date.now() - hit.at > KEEP_MS) return undefined;
  return hit.answer as Promise<CallResponse<N>>;
}

import { type CallName, type CallResponse, ErrorCode } from '@vitrine/contract';
import { type CallBody, handedOverAnswer } from './api-client';
import { anyParked, earlyCallKey, takeParkedAnswer } from './early-handoff';

/**
 * Answers to a landing page's first calls, asked by the head script (boot/) while the app's
 * code downloaded (docs/decisions/0020). The page's query takes one (lib/query useApiQuery) when
 * it asks the same call of the same website in the same language with the same body; an answer
 * nobody took soon is left, and a failed one is asked again the ordinary way.
 */

/** Older than this, an early answer is no longer taken (the page asks afresh). */
const KEEP_MS = 10_000;

/** The early answer to this call, once (undefined when none was asked for, or it is too old). */
export function takeEarlyCall<N extends CallName>(
  name: N,
  body: CallBody<N>,
  langKey: string,
  now = Date.now(),
): Promise<CallResponse<N>> | undefined {
  if (!anyParked()) return undefined;
  const hit = takeParkedAnswer(earlyCallKey(name, body, langKey));
  if (!hit || now - hit.at > KEEP_MS) return undefined;
  return handedOverAnswer(name, hit.envelope);
}

/**
 * The early answer to this call if it has already come and succeeded, with when it was asked:
 * the page then draws it in its first render, instead of a placeholder and a second render a
 * moment later. An answer still on its way, or a failure, stays for takeEarlyCall.
 */
export function takeSettledEarlyCall<N extends CallName>(
  name: N,
  body: CallBody<N>,
  langKey: string,
  now = Date.now(),
): { data: CallResponse<N>; at: number } | undefined {
  // Asked on every render of a query still without data: no key is built when nothing is parked.
  if (!anyParked()) return undefined;
  const hit = takeParkedAnswer(
    earlyCallKey(name, body, langKey),
    (answer) => answer.settled?.code === ErrorCode.OK,
  );
  if (!hit?.settled || now - hit.at > KEEP_MS) return undefined;
  return { data: hit.settled.data as CallResponse<N>, at: hit.at };
}

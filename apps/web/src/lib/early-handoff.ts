import type { CallName } from '@vitrine/contract';
import type { Envelope } from './api-request';
import * as storage from './storage';

/**
 * Answers the head script (boot/) asked for before the app's code had arrived, handed over to
 * the pages' queries (lib/early-calls). The two are separate scripts, so they meet on one
 * property of the window.
 */

const HANDOFF = '__vitrineEarlyAnswers';

interface Parked {
  at: number;
  envelope: Promise<Envelope>;
  /** The answer, once it has come (a failed request leaves it unset). */
  settled?: Envelope;
}

type WithHandoff = typeof globalThis & { [HANDOFF]?: Map<string, Parked> };

function parked(): Map<string, Parked> {
  const scope = globalThis as WithHandoff;
  scope[HANDOFF] ??= new Map();
  return scope[HANDOFF];
}

/** One call of one website in one language with one body: an answer is taken only by the same. */
export const earlyCallKey = (name: CallName, body: unknown, langKey: string): string =>
  JSON.stringify([name, storage.getSite()?.id ?? null, langKey, body]);

/** Leaves the answer to a call for the app (the head script's side). */
export function parkAnswer(key: string, envelope: Promise<Envelope>, now = Date.now()): void {
  const entry: Parked = { at: now, envelope };
  // Whoever takes it handles a failure; until then it is no unhandled rejection.
  envelope.then(
    (answer) => {
      entry.settled = answer;
    },
    () => undefined,
  );
  parked().set(key, entry);
}

/** Whether any answer is parked: once a landing page has taken its few, none is again. */
export const anyParked = (): boolean => parked().size > 0;

/**
 * The parked answer to this call, once, with when it was asked (the app's side); one that does
 * not pass `when` stays parked.
 */
export function takeParkedAnswer(key: string, when?: (answer: Parked) => boolean): Parked | undefined {
  const hit = parked().get(key);
  if (!hit || (when && !when(hit))) return undefined;
  parked().delete(key);
  return hit;
}

/**
 * When an import's next row may take the answering thread (decision 0070). A row's storing is
 * several stretches of synchronous SQLite work on the thread that answers buyers; one started
 * while a buyer's call is half-answered (between its steps) makes that call wait for it. Measured:
 * a fifth of the rows started so. The run gives way while calls are in hand, for a bounded time
 * per row, so buyers who never pause cannot stop it.
 */
export interface PaceLimits {
  /** The longest a row waits for the calls in hand to end; then it goes anyway. */
  maxWaitMs: number;
  /** How often it looks again while waiting. */
  checkEveryMs: number;
}

/** A row waits at most a quarter of a second: at 10 000 rows, at most 42 minutes in all if buyers never paused. */
export const PACE_LIMITS: PaceLimits = { maxWaitMs: 250, checkEveryMs: 2 };

/**
 * Whether a request is a call an import gives way to: the /api's calls (POST /api/<name>), short
 * by design. A chat socket, a PDF or a picture being downloaded stays open for as long as the
 * other end takes: counting them would hold every row for its whole bounded wait.
 */
export function givesWayTo(method: string, url: string): boolean {
  return method === 'POST' && url.startsWith('/api/');
}

export type PaceStep = { go: true } | { go: false; waitMs: number };

/** The next step of a row about to start: go, or wait a little and look again. */
export function paceStep(callsInHand: number, waitedMs: number, limits: PaceLimits): PaceStep {
  if (callsInHand <= 0) return { go: true };
  // Buyers calling without a pause must not stop the import: its wait per row is bounded.
  if (waitedMs >= limits.maxWaitMs) return { go: true };
  return { go: false, waitMs: Math.max(1, Math.min(limits.checkEveryMs, limits.maxWaitMs - waitedMs)) };
}

export interface PaceEffects {
  /** Calls being answered now (the app's requests received and not yet closed). */
  callsInHand(): number;
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Waits as paceStep says before a row; answers how long it waited. */
export async function giveWay(effects: PaceEffects, limits: PaceLimits = PACE_LIMITS): Promise<number> {
  const start = effects.now();
  for (;;) {
    const waited = effects.now() - start;
    const step = paceStep(effects.callsInHand(), waited, limits);
    if (step.go) return waited;
    await effects.sleep(step.waitMs);
  }
}

import { availableParallelism } from 'node:os';
import type { CallName } from '@vitrine/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { countHits } from '../db/limits';
import type { Clock } from '../platform/clock';
import type { Capacity } from '../platform/in-flight';

/** How many calls of a kind one session, and one address, may make in a window. */
export interface CallLimit {
  perSession?: number;
  perAddress?: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The calls that cost the server (or a buyer) something per call, and their limits (decision
 * 0033). A buyer's browser needs one credential per picture it sends and one search per photo;
 * the limits are far above what a person does in a minute, and far below what a script does.
 * An address holds several buyers behind one office's NAT, so its limits are a few sessions'.
 */
export const CALL_LIMITS: Partial<Record<CallName, CallLimit>> = {
  get_temp_auth: { perSession: 100, perAddress: 300, windowMs: MINUTE },
  staff_get_upload_credential: { perSession: 100, perAddress: 300, windowMs: MINUTE },
  image_search: { perSession: 30, perAddress: 90, windowMs: MINUTE },
  export_choose: { perSession: 10, perAddress: 30, windowMs: MINUTE },
  export_sample_car: { perSession: 10, perAddress: 30, windowMs: MINUTE },
  staff_export_sample: { perSession: 20, perAddress: 60, windowMs: MINUTE },
  get_linesheet: { perSession: 10, perAddress: 30, windowMs: MINUTE },
  staff_get_linesheet: { perSession: 20, perAddress: 60, windowMs: MINUTE },
  // Beyond the five wrong codes per quarter hour (decision 0028): logins of any outcome.
  login: { perAddress: 60, windowMs: MINUTE },
  exchange_login_link: { perAddress: 60, windowMs: MINUTE },
  staff_login: { perAddress: 60, windowMs: MINUTE },
};

/** Who is calling, as far as limits care: the session (buyer's or staff's) and the address. */
export interface Caller {
  /** `s<id>` for a buyer's session, `t<id>` for a staff session; null before login. */
  session: string | null;
  ip: string;
}

/** True when this call is one too many for its session or its address (it is counted either way). */
export type LimitCheck = (name: CallName, caller: Caller) => Promise<boolean>;

/**
 * Limits counted in the database (db/limits.ts), so every instance sharing it counts the same
 * calls: a fixed window per limit, one upsert per call for all its keys.
 */
export function createCallLimiter(deps: {
  db: Kysely<Database>;
  clock: Clock;
  limits?: Partial<Record<CallName, CallLimit>>;
}): LimitCheck {
  const limits = deps.limits ?? CALL_LIMITS;
  return async (name, caller) => {
    const limit = limits[name];
    if (!limit) return false;
    const windowStart = Math.floor(deps.clock.now() / limit.windowMs) * limit.windowMs;
    const checks: [key: string, max: number][] = [];
    if (limit.perSession !== undefined && caller.session !== null)
      checks.push([`${name}:${caller.session}`, limit.perSession]);
    if (limit.perAddress !== undefined) checks.push([`${name}:a:${caller.ip}`, limit.perAddress]);
    if (!checks.length) return false;
    const counts = await countHits(
      deps.db,
      checks.map(([key]) => key),
      windowStart,
    );
    return checks.some(([key, max]) => (counts.get(key) ?? 0) > max);
  };
}

/** How many calls of a group one caller may have in flight at once (decision 0044). */
export interface InFlightLimit {
  /** Calls of one group share the count: a workbook is a workbook, whichever call asks for it. */
  group: string;
  max: number;
}

/**
 * The calls whose work takes a worker thread for a while. A rate per minute does not stop eight
 * searches sent at the same instant (issue 20, finding 9): these are answered -429 at once when
 * the caller already has as many in hand. A buyer's browser sends one search per photo and one
 * export per click, so a person never meets them.
 */
export const IN_FLIGHT_LIMITS: Partial<Record<CallName, InFlightLimit>> = {
  image_search: { group: 'image_search', max: 2 },
  export_choose: { group: 'export', max: 1 },
  export_sample_car: { group: 'export', max: 1 },
  staff_export_sample: { group: 'export', max: 2 },
  // A linesheet is an export too: one buyer draws one at a time, staff two (decision 0061).
  get_linesheet: { group: 'export', max: 1 },
  staff_get_linesheet: { group: 'export', max: 2 },
};

/**
 * Enters a call into its caller's calls in flight: a release to call when it is answered, null
 * when the caller already has the most allowed in hand. Counted in this instance's memory: what
 * it protects is this instance's threads, and a count that outlived a crashed instance in a
 * shared store would lock a session out.
 */
export type InFlightEntry = (name: CallName, caller: Caller) => (() => void) | null;

export function createInFlightLimiter(
  limits: Partial<Record<CallName, InFlightLimit>> = IN_FLIGHT_LIMITS,
): InFlightEntry {
  const inHand = new Map<string, number>();
  return (name, caller) => {
    const limit = limits[name];
    if (!limit) return () => undefined;
    // Without a session (no call limited here is public), the address stands for the caller.
    const key = `${limit.group}:${caller.session ?? `a:${caller.ip}`}`;
    const count = inHand.get(key) ?? 0;
    if (count >= limit.max) return null;
    inHand.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (inHand.get(key) ?? 1) - 1;
      if (left > 0) inHand.set(key, left);
      else inHand.delete(key);
    };
  };
}

/**
 * The calls whose work takes a core for a while (decoding and describing a photo and re-ranking
 * its shortlist; drawing pictures into a workbook), whoever sends them. One per-caller limit
 * (IN_FLIGHT_LIMITS) does not hold many callers at once (issue 20, finding 9: the same burst
 * spread over sessions): this instance runs only so many of them at once, the others wait their
 * turn, and only when too many wait is one refused -429 (decision 0064).
 */
export const HEAVY_CALLS = [
  'image_search',
  'export_choose',
  'export_sample_car',
  'staff_export_sample',
] as const satisfies readonly CallName[];

/** Longest wait for a place among the heavy calls before -429: a browser is not kept hanging. */
export const HEAVY_CALL_MAX_WAIT_MS = 20_000;

/**
 * Heavy calls run at once: one fewer than the cores (at least one), so a core is always left to
 * the thread that answers every other call; waiting: a few dozen (a search takes a fraction of
 * a second of a core, so the last of them waits seconds, not minutes).
 */
export const defaultHeavyCalls = (cores = availableParallelism()) => ({
  running: Math.max(1, cores - 1),
  waiting: 32,
});

/**
 * Enters a call into this instance's heavy calls, waiting for its turn when needed: a release to
 * call when it is answered, or null when refused (too many waiting, or waited too long);
 * undefined for a call that is not heavy (nothing to wait for).
 */
export type HeavyCallEntry = (name: CallName, caller: Caller) => Promise<(() => void) | null> | undefined;

/**
 * Puts the heavy calls through one capacity of this instance. Turns go by address (the
 * session's), so a script's many sessions share one turn and another buyer's search is next.
 */
export function createHeavyCallGate(cap: Capacity, calls: readonly CallName[] = HEAVY_CALLS): HeavyCallEntry {
  const heavy = new Set(calls);
  return (name, caller) =>
    heavy.has(name) ? cap.enter(caller.ip).then((a) => (a.ok ? a.release : null)) : undefined;
}

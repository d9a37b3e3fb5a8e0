import type { CallName } from '@vitrine/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { countHit } from '../db/limits';
import type { Clock } from '../platform/clock';

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
 * calls: a fixed window per limit, one upsert per key and call.
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
    const checks: Promise<boolean>[] = [];
    if (limit.perSession !== undefined && caller.session !== null)
      checks.push(
        countHit(deps.db, `${name}:${caller.session}`, windowStart).then((n) => n > (limit.perSession ?? 0)),
      );
    if (limit.perAddress !== undefined)
      checks.push(
        countHit(deps.db, `${name}:a:${caller.ip}`, windowStart).then((n) => n > (limit.perAddress ?? 0)),
      );
    return (await Promise.all(checks)).some(Boolean);
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

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

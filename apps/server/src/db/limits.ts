import type { Kysely } from 'kysely';
import type { Database } from './database';

/**
 * Counts one more call under each of `names` in the window starting at `windowStart`, and
 * answers each count with it included. One upsert both records and counts, so parallel calls
 * (from any instance sharing the database) never all see the old count (decision 0033); one
 * statement for all the names, so a call limited per session and per address costs one commit,
 * not two (with SQLite each is a synchronous write on the thread answering requests, decision 0064).
 */
export async function countHits(
  db: Kysely<Database>,
  names: readonly string[],
  windowStart: number,
): Promise<Map<string, number>> {
  const distinct = [...new Set(names)];
  if (!distinct.length) return new Map();
  const rows = await db
    .insertInto('rate_limits')
    .values(distinct.map((name) => ({ name, window_start: windowStart, hits: 1 })))
    .onConflict((oc) =>
      oc.columns(['name', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', 1) })),
    )
    .returning(['name', 'hits'])
    .execute();
  return new Map(rows.map((r) => [r.name, Number(r.hits)]));
}

/** Deletes the windows that started before a time; how many went. */
export async function deleteHitsBefore(db: Kysely<Database>, before: number): Promise<number> {
  const r = await db.deleteFrom('rate_limits').where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

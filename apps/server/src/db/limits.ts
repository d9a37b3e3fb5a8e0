import type { Kysely } from 'kysely';
import type { Database } from './database';

/**
 * Counts one more call under `name` in the window starting at `windowStart`, and answers the
 * count with it included. One upsert both records and counts, so parallel calls (from any
 * instance sharing the database) never all see the old count (decision 0033).
 */
export async function countHit(db: Kysely<Database>, name: string, windowStart: number): Promise<number> {
  const r = await db
    .insertInto('rate_limits')
    .values({ name, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['name', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', 1) })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(r.hits);
}

/** Deletes the windows that started before a time; how many went. */
export async function deleteHitsBefore(db: Kysely<Database>, before: number): Promise<number> {
  const r = await db.deleteFrom('rate_limits').where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/*
 * FROZEN once shipped. A banner's schedule (issue 18 item 3, decision 0057): shown from
 * starts_at and until ends_at (epoch milliseconds; null: no bound). A sale's banner goes up and
 * comes down by itself, and buyers never see one outside its dates.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('adverts').addColumn('starts_at', 'bigint').execute();
  await db.schema.alterTable('adverts').addColumn('ends_at', 'bigint').execute();
}

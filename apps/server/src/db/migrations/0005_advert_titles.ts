/*
 * FROZEN once shipped. A banner's title in each language the exporter writes it in: a JSON
 * object from language key ('en', 'ar', …) to title. The existing `title` stays the one shown
 * when the buyer's language has none (decision 0010).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('adverts')
    .addColumn('titles', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

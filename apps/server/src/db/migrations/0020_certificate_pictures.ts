/*
 * FROZEN once shipped. A certificate's or factory inspection's validity start and its pictures
 * (issue 18 item 3, decision 0066). `pictures` holds the pictures' URLs in order as a JSON array;
 * `picture` stays the first of them, so readers of the single picture keep working.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('certificates').addColumn('valid_from', 'bigint').execute();
  await db.schema
    .alterTable('certificates')
    .addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // The picture a row already has becomes its only picture (JSON quoting done here, not in SQL).
  const rows = await sql<{ id: number; picture: string }>`
    SELECT id, picture FROM certificates WHERE picture <> ''`.execute(db);
  for (const row of rows.rows)
    await sql`UPDATE certificates SET pictures = ${JSON.stringify([row.picture])} WHERE id = ${row.id}`.execute(
      db,
    );
}

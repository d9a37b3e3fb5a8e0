/*
 * FROZEN once shipped. Visitor keys issued by the server (decision 0028): a visitor session
 * carries the SHA-256 of the key the server gave it at login, and a visitor's records carry
 * that hash as their owner, never a key as a browser sent it. Records already made with a
 * browser's own key get its hash, so that browser finds them again when it logs in with it.
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('visitor_key', 'text').execute();

  const keys = await sql<{ visitor_key: string }>`
    SELECT DISTINCT visitor_key FROM samples WHERE visitor_key IS NOT NULL`.execute(db);
  for (const { visitor_key: key } of keys.rows)
    await sql`UPDATE samples SET visitor_key = ${sha256(key)} WHERE visitor_key = ${key}`.execute(db);
  await db.schema
    .createIndex('samples_visitor_website')
    .on('samples')
    .columns(['website_id', 'visitor_key'])
    .execute();
}

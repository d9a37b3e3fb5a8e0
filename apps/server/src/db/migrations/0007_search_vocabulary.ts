/*
 * FROZEN once shipped. SQLite: a second view of the trigram vocabulary of 0003, one row per
 * trigram and column with its number of occurrences (fts5vocab 'col'). A one- or two-character
 * keyword reads the trigrams that start with it here, at a few hundredths of a microsecond per
 * occurrence, where the per-occurrence view of 0003 ('instance') costs about half a
 * microsecond; the trigrams found then go to the index as an ordinary MATCH (decision 0021).
 * PostgreSQL has no vocabulary and needs nothing: its short keywords are answered by pg_trgm
 * and a scan, as before.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`CREATE VIRTUAL TABLE product_search_columns USING fts5vocab(product_search, 'col')`.execute(db);
}

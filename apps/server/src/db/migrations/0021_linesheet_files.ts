/*
 * FROZEN once shipped. When each stored linesheet PDF was last asked for (decision 0068), so
 * housekeeping can delete the ones nobody asked for in a day: storage keeps no dates the
 * storage interface reads. A row per linesheet folder (linesheet/<ref>, which keeps only the
 * document's current version), written before the PDF is read or drawn, so a folder in storage
 * without a row is older than this table and never one being drawn.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('linesheet_files')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .execute();
  // The purge deletes by age across companies.
  await db.schema.createIndex('linesheet_files_used').on('linesheet_files').column('used_at').execute();
}

/*
 * FROZEN once shipped. Buyers' text and photo searches are logged (decision 0058), so the
 * exporter sees what buyers looked for and did not find: the catalogue's gaps. One row per
 * search, written in batches off the request (modules/analytics/search-log.ts). `query` is the
 * keyword as normalised for grouping (NFKC, lower case, single spaces); empty for a photo.
 * `found` is the searching module's verdict (text: any result; photo: a sure match).
 *
 * The analytics read every log by company and period: the select logs and the submitted sample
 * lists get an index in that order (their existing ones lead with the product or the buyer).
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('search_logs')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('website_id', 'bigint', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    // Plain numbers, as in the other logs: a purged session or customer leaves the log readable.
    .addColumn('session_id', 'bigint')
    .addColumn('customer_id', 'bigint')
    // 'text' or 'image'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('results', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('found', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_logs_company')
    .on('search_logs')
    .columns(['company_id', 'created_at'])
    .execute();
  // The purge deletes by age across companies.
  await db.schema.createIndex('search_logs_age').on('search_logs').column('created_at').execute();
  await db.schema
    .createIndex('select_logs_company')
    .on('select_logs')
    .columns(['company_id', 'created_at'])
    .execute();
  await db.schema.createIndex('samples_company').on('samples').columns(['company_id', 'created_at']).execute();
}

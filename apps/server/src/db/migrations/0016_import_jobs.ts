/*
 * FROZEN once shipped. The catalogue import (issue 18 item 2, decision 0055): a job per uploaded
 * spreadsheet with its pictures, and a row per spreadsheet line with what the dry run made of
 * it and whether the real run has stored it. The job's counts are what the console's progress
 * bar shows after a reload; a row is marked done in the same step that stores its product, so
 * a run that stops is resumed from the first row not done, and a row done twice updates the
 * product it created (by number) instead of adding a second.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('staff_id', 'bigint', (c) => c.notNull())
    // new → checked (dry run done) → running → done; failed when the files cannot be read at all.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sheet_key', 'text', (c) => c.notNull())
    .addColumn('sheet_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sheet_type', 'text', (c) => c.notNull())
    // The website's currency prices are read in, and the console language of the one who started it.
    .addColumn('money_unit', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    // JSON: the zips' storage keys; the spreadsheet's headers; the column mapping; the zips' refusals.
    .addColumn('zip_keys', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('mapping', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('file_errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('to_create', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('to_update', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pictures_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pictures_done', 'integer', (c) => c.notNull().defaultTo(0))
    // Which instance runs the job until when: a run whose lease ran out (a crash) is taken over.
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('import_jobs_company')
    .on('import_jobs')
    .columns(['company_id', 'id'])
    .execute();
  await db.schema.createIndex('import_jobs_status').on('import_jobs').column('status').execute();

  await db.schema
    .createTable('import_rows')
    .addColumn('job_id', 'bigint', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
    // The job's company, on every row like every company-owned table (reads are scoped by it).
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    // pending (to store), error (refused by the dry run or the run), done.
    .addColumn('status', 'text', (c) => c.notNull())
    // create or update, as the dry run saw it; the run decides again by number.
    .addColumn('action', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('toy_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('article_number', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: the mapped fields (only the columns the spreadsheet has), the zip entries, the errors.
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('product_id', 'bigint')
    .addPrimaryKeyConstraint('import_rows_pk', ['job_id', 'line'])
    .execute();
  await db.schema
    .createIndex('import_rows_status')
    .on('import_rows')
    .columns(['job_id', 'status', 'line'])
    .execute();
}

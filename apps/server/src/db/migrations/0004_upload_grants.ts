/*
 * FROZEN once shipped. The upload credentials that have been used: the local-disk upload
 * endpoint inserts a credential's id before writing its file, and the unique id makes a second
 * upload with the same credential fail. Rows are only needed until the credential expires.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('upload_grants')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('grant_id', 'text', (c) => c.notNull().unique())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_grants_expiry').on('upload_grants').column('expires_at').execute();
  await db.schema
    .createIndex('upload_grants_company')
    .on('upload_grants')
    .columns(['company_id', 'used_at'])
    .execute();
}

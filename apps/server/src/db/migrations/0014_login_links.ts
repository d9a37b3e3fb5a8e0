/*
 * FROZEN once shipped. One-time login links (decision 0044), replacing `?token=` addresses:
 * staff make a link for a customer; the buyer app exchanges it once for a session of its own.
 * Only the link's SHA-256 is kept; a link is used by setting `used_at` in the same statement
 * that checks it is unused, so two exchanges of one link cannot both succeed.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('login_links')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('website_id', 'bigint', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('customer_id', 'bigint', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('login_links_expiry').on('login_links').column('expires_at').execute();
}

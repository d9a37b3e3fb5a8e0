/*
 * FROZEN once shipped. Limits that hold across instances (decision 0033): `rate_limits` counts
 * a caller's calls of a kind per window (one row per name and window, raised by an upsert), and
 * `issued_uploads` remembers which session each upload credential was given to, so a credential
 * dies with its session. Both are only needed for minutes; housekeeping deletes the old rows.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('rate_limits')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['name', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_start').execute();

  await db.schema
    .createTable('issued_uploads')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    // Exactly one of the two: a buyer's session or a staff member's.
    .addColumn('session_id', 'bigint')
    .addColumn('staff_session_id', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('issued_uploads_expiry').on('issued_uploads').column('expires_at').execute();
}

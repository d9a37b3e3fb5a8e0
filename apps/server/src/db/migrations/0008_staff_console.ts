/*
 * FROZEN once shipped. The exporter's console (decision 0027): staff sessions and their wrong
 * logins, the audit log of staff writes, a website's own domains (several), and what staff
 * record on existing rows: access codes' use limits and revocation, access applications'
 * answers, and when a sample list was first seen.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'));

  await db.schema.alterTable('staff_users').addColumn('last_login_at', 'bigint').execute();
  // Staff log in by email within their company; accounts without one (none log in) may repeat ''.
  await db.schema
    .createIndex('staff_users_email')
    .on('staff_users')
    .columns(['company_id', 'email'])
    .unique()
    .where(sql.ref('email'), '<>', '')
    .execute();

  await table('staff_sessions')
    .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
  await db.schema.createIndex('staff_sessions_expiry').on('staff_sessions').column('expires_at').execute();

  // Every attempt is written before the password is checked (and deleted when it was right),
  // so parallel guesses all count: a check-then-record pair lets a burst through.
  await table('staff_login_attempts')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_login_attempts_ip')
    .on('staff_login_attempts')
    .columns(['company_id', 'ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('staff_login_attempts_email')
    .on('staff_login_attempts')
    .columns(['company_id', 'email', 'created_at'])
    .execute();

  await table('audit_log')
    .addColumn('staff_id', 'bigint', (c) => c.references('staff_users.id').onDelete('set null'))
    .addColumn('staff_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_company')
    .on('audit_log')
    .columns(['company_id', 'created_at'])
    .execute();

  await table('website_domains')
    .addColumn('website_id', 'bigint', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('website_domains_website').on('website_domains').column('website_id').execute();
  await sql`INSERT INTO website_domains (company_id, website_id, domain, created_at)
            SELECT company_id, id, lower(domain), updated_at FROM websites WHERE domain IS NOT NULL AND domain <> ''`.execute(
    db,
  );

  await db.schema.alterTable('access_codes').addColumn('max_uses', 'integer').execute();
  await db.schema
    .alterTable('access_codes')
    .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('access_codes').addColumn('revoked_at', 'bigint').execute();
  await db.schema.createIndex('sessions_access_code').on('sessions').column('access_code_id').execute();

  await db.schema.alterTable('access_applications').addColumn('answered_at', 'bigint').execute();
  await db.schema
    .alterTable('access_applications')
    .addColumn('answered_by', 'bigint', (c) => c.references('staff_users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('access_applications')
    .addColumn('customer_id', 'bigint', (c) => c.references('customers.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('access_applications')
    .addColumn('access_code_id', 'bigint', (c) => c.references('access_codes.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('access_applications')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema.alterTable('samples').addColumn('seen_at', 'bigint').execute();
  await db.schema
    .alterTable('samples')
    .addColumn('seen_by', 'bigint', (c) => c.references('staff_users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('samples_inbox').on('samples').columns(['company_id', 'created_at']).execute();
}

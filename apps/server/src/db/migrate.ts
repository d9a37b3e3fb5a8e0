import { type Kysely, type Migration, type MigrationResult, type MigrationResultSet, Migrator } from 'kysely';
import type { Database } from './database';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_list_indexes';
import * as m0003 from './migrations/0003_text_search';
import * as m0004 from './migrations/0004_upload_grants';
import * as m0005 from './migrations/0005_advert_titles';
import * as m0006 from './migrations/0006_image_index';
import * as m0007 from './migrations/0007_search_vocabulary';
import * as m0008 from './migrations/0008_staff_console';
import * as m0009 from './migrations/0009_company_numbers';
import * as m0010 from './migrations/0010_visitor_keys';
import * as m0011 from './migrations/0011_orders';
import * as m0012 from './migrations/0012_stored_limits';
import * as m0013 from './migrations/0013_chat';
import * as m0014 from './migrations/0014_login_links';
import * as m0015 from './migrations/0015_shown_product_indexes';
import * as m0016 from './migrations/0016_import_jobs';
import * as m0017 from './migrations/0017_ordering_facts';
// --- issue 18 (analytics) ---
import * as m0018 from './migrations/0018_search_logs';
// --- end issue 18 (analytics) ---
import * as m0019 from './migrations/0019_banner_schedule';
import * as m0020 from './migrations/0020_certificate_pictures';
import * as m0021 from './migrations/0021_linesheet_files';
import * as m0022 from './migrations/0022_chat_messages_by_company';
import * as m0023 from './migrations/0023_taken_off_products';

/** Every migration, in order. Listed here (not read from disk) so the bundled server carries them. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_list_indexes': m0002,
  '0003_text_search': m0003,
  '0004_upload_grants': m0004,
  '0005_advert_titles': m0005,
  '0006_image_index': m0006,
  '0007_search_vocabulary': m0007,
  '0008_staff_console': m0008,
  '0009_company_numbers': m0009,
  '0010_visitor_keys': m0010,
  '0011_orders': m0011,
  '0012_stored_limits': m0012,
  '0013_chat': m0013,
  '0014_login_links': m0014,
  '0015_shown_product_indexes': m0015,
  '0016_import_jobs': m0016,
  '0017_ordering_facts': m0017,
  // --- issue 18 (analytics) ---
  '0018_search_logs': m0018,
  // --- end issue 18 (analytics) ---
  '0019_banner_schedule': m0019,
  '0020_certificate_pictures': m0020,
  '0021_linesheet_files': m0021,
  '0022_chat_messages_by_company': m0022,
  '0023_taken_off_products': m0023,
};

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return migrate(db, (m) => m.migrateToLatest());
}

/** Applies the migrations up to and including `last` (tests of a migration's data step). */
export async function migrateUpTo(db: Kysely<Database>, last: string): Promise<string[]> {
  return migrate(db, (m) => m.migrateTo(last));
}

async function migrate(
  db: Kysely<Database>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const migrator = new Migrator({
    // Migrations see the database as it was when they were written, not today's types.
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results } = await run(migrator);
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(
      `Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this server knows that the database has not run yet (/ready). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

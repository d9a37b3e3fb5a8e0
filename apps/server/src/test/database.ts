import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/dialect';

/**
 * A fresh, empty database for one test file: an in-memory SQLite database, or, when a
 * PostgreSQL URL is configured, a new database on that server, dropped again on close.
 */
export async function createTestDatabase(databaseUrl: string | undefined): Promise<DatabaseHandle> {
  if (!databaseUrl) return openDatabase({ sqliteFile: ':memory:' });
  const name = `vitrine_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      const drop = new pg.Client({ connectionString: databaseUrl });
      await drop.connect();
      try {
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await drop.end();
      }
    },
  };
}

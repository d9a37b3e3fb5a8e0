import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

export type DialectName = 'sqlite' | 'postgres';

/** A connection pool's state: connections open, of them idle, and queries waiting for one. */
export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The pool's state now (PostgreSQL); null for SQLite, which has one connection and no pool. */
  pool(): PoolState | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file; ':memory:' for a throw-away database. */
  sqliteFile?: string;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/** Opens the database: PostgreSQL when a URL is given, otherwise the SQLite file. */
export function openDatabase(opts: DatabaseOptions): DatabaseHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // Times are bigint epoch milliseconds and money numeric: both well inside a double.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8 || oid === PG_NUMERIC
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server closes (a restart, an administrator, a dropped test
    // database) is removed by the pool and replaced on next use; without a listener its
    // 'error' event would be unhandled and stop the whole process.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  const file = opts.sqliteFile ?? ':memory:';
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; FULL makes an acknowledged commit survive a power cut.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', pool: () => null, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a
 * small indexed query. Reuse prepared statements by SQL text (queries are parameterised,
 * so the set of texts is small), evicting the oldest past a bound.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop !== 'prepare') {
        const value: unknown = Reflect.get(target, prop, target);
        // Native methods must be called on the real database object.
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return (source: string) => {
        let stmt = cache.get(source);
        if (!stmt) {
          stmt = target.prepare(source);
          if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
          cache.set(source, stmt);
        }
        return stmt;
      };
    },
  });
}

/** The SQLite file inside DATA_DIR, creating the folder on first start. */
export function sqliteFileIn(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  return join(dataDir, 'vitrine.sqlite');
}

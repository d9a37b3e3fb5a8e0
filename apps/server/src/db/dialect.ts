import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Driver, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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
  const db = new Kysely<Database>({
    dialect: new GivingWaySqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', pool: () => null, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/** Set while background work (an import's run, the image index) runs: see withoutWaitingForDisk. */
const backgroundWork = new AsyncLocalStorage<true>();

/**
 * Runs background work whose SQLite commits do not wait for the disk (decision 0070): its
 * transactions and its writes outside one commit with `synchronous = NORMAL` instead of FULL.
 * better-sqlite3 runs on the answering thread, and a FULL commit is an fsync there (about 9 ms
 * on the shared machine, hundreds under other writers): an import's four commits a row held
 * buyers' calls behind the disk. Safe because the log (WAL) is written in order: a power cut
 * loses at most the last such commits, never one of them alone with a later one kept, and the
 * next FULL commit (any buyer's or staff's call) makes all before it durable. What is lost is
 * what the work redoes: an import row not marked done is stored again by its number, a picture
 * not described is described again. PostgreSQL's commits never block the thread: nothing to do.
 */
export function withoutWaitingForDisk<T>(work: () => Promise<T>): Promise<T> {
  return backgroundWork.run(true, work);
}

/**
 * SQLite's dialect, whose background work (withoutWaitingForDisk) gives way before each query it
 * starts outside a transaction (decision 0080). better-sqlite3 answers on this thread and Kysely
 * hands its results on through promises alone, so an import's row (some forty queries and the
 * code between them) ran as one stretch of several milliseconds that a buyer's call arriving
 * meanwhile waited behind. Giving way to what is waiting before each query cuts the stretch to a
 * query and the code after it. A transaction holds the one connection throughout and is not cut:
 * a buyer's query would only wait for the connection instead.
 */
class GivingWaySqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => {
      if (backgroundWork.getStore() === true) await new Promise<void>((resolve) => setImmediate(resolve));
      return acquire();
    };
    return driver;
  }
}

/** The statement methods that run SQL (and may begin, commit or write). */
const RUNS = new Set<PropertyKey>(['run', 'all', 'get', 'iterate']);

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a
 * small indexed query. Reuse prepared statements by SQL text (queries are parameterised,
 * so the set of texts is small), evicting the oldest past a bound.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  /** Whether the connection's commits are NORMAL now (background work's, withoutWaitingForDisk). */
  let normal = false;
  const setNormal = (want: boolean) => {
    if (normal === want) return;
    // The level cannot change inside a transaction: it is set before BEGIN (or a write outside
    // one) and put back once no transaction is open. The one connection is held by a Kysely
    // transaction until its COMMIT, so no other caller's commit falls between.
    sqlite.pragma(want ? 'synchronous = NORMAL' : 'synchronous = FULL');
    normal = want;
  };
  const levelled = (stmt: SQLite.Statement): SQLite.Statement =>
    new Proxy(stmt, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        const method = (value as (...a: unknown[]) => unknown).bind(target);
        if (!RUNS.has(prop)) return method;
        return (...args: unknown[]) => {
          if (!sqlite.inTransaction) setNormal(backgroundWork.getStore() === true);
          try {
            return method(...args);
          } finally {
            if (!sqlite.inTransaction) setNormal(false);
          }
        };
      },
    });
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
          stmt = levelled(target.prepare(source));
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

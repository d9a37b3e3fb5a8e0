// What the benches share: percentiles, timing a call, the bench servers, and a scratch folder
// and SQLite or PostgreSQL database filled for one run.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/database';
import { openDatabase } from '../../apps/server/src/db/dialect';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { LocalDiskStorage } from '../../apps/server/src/platform/storage';
import { callApi, sessionHeaders } from '../../e2e/api';

/** The p-quantile (0..1) of some durations, nearest rank; NaN for none. */
export const percentile = (values: readonly number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;

/** `ms` with one decimal, right-aligned in six characters. */
export const ms = (value: number) => value.toFixed(1).padStart(6);

/** Runs `call` `warmup` times, then `samples` times one after the other; the durations in ms. */
export async function timeSequential(samples: number, call: () => Promise<unknown>, warmup = 20) {
  for (let i = 0; i < warmup; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  return times;
}

/** A call of the showroom API on a local port; throws on any code but 0. */
export const post = <T>(port: number, name: string, body: unknown, headers: Record<string, string> = {}) =>
  callApi<T>(`http://127.0.0.1:${port}`, name, body, headers);

/** The headers of a visitor logged in to the demo showroom. */
export const demoVisitor = (port: number) =>
  sessionHeaders(`http://127.0.0.1:${port}`, 'demo', 'demo-visitor');

/** Starts one of bench/servers in its own process; it prints its port as its first line. */
export async function startBenchServer(
  script: string,
  args: string[],
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '../servers', script), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (!child.stdout) throw new Error('no stdout');
  // A server that fails to start must end the run, not leave it waiting for its port.
  const line = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line').then(([l]) => l as string),
    once(child, 'exit').then(([code]) => {
      throw new Error(`${script} exited (${String(code)}) before listening`);
    }),
  ]);
  return { child, port: (JSON.parse(line) as { port: number }).port };
}

/**
 * Creates a database on the PostgreSQL server of DATABASE_URL (or the local one), migrates and
 * fills it with `fill`, runs `use` with its URL, and drops it. Says so and does nothing when no
 * server answers.
 */
export async function withScratchPostgres(
  prefix: string,
  fill: (db: Kysely<Database>) => Promise<void>,
  use: (url: string) => Promise<void>,
): Promise<void> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    console.log('\nPostgreSQL: not reachable, skipped');
    return;
  }
  const dbName = `${prefix}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  try {
    const h = openDatabase({ databaseUrl: url.toString() });
    await migrateToLatest(h.db);
    const t0 = Date.now();
    await fill(h.db);
    console.log(`\nPostgreSQL filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await h.close();
    await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

/** Creates, migrates and fills a SQLite file for one run. */
export async function fillSqlite(file: string, fill: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  const h = openDatabase({ sqliteFile: file });
  await migrateToLatest(h.db);
  const t0 = Date.now();
  await fill(h.db);
  console.log(`SQLite filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await h.close();
}

/** A new temporary folder for one run, with the local-disk storage the bench servers use in it. */
export function scratchDir(prefix: string): { dir: string; storage: LocalDiskStorage } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const storage = new LocalDiskStorage(join(dir, 'files'));
  mkdirSync(storage.root, { recursive: true });
  return { dir, storage };
}

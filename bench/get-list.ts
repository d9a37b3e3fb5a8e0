/**
 * get_list over 100 000 products: p50/p95 latency of the main scenarios on SQLite and on
 * PostgreSQL, and requests/s of the API against a bare Fastify + better-sqlite3 handler running
 * the same query, measured in the same run (goals: p95 under 20 ms; ratio at least 0.8).
 * Usage: node --import tsx bench/get-list.ts [products=100000]   (PostgreSQL when DATABASE_URL is set
 * or a server answers on 127.0.0.1:5432).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/dialect';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { LocalDiskStorage } from '../apps/server/src/platform/storage';
import { fillCatalogue } from './support/fill';

const PRODUCTS = Number(process.argv[2] ?? 100_000);
const SAMPLES = 200;
const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-list-'));
const storage = new LocalDiskStorage(join(dir, 'files'));
mkdirSync(storage.root, { recursive: true });

async function start(script: string, args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'servers', script), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (!child.stdout) throw new Error('no stdout');
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  return { child, port: (JSON.parse(line) as { port: number }).port };
}

async function post<T>(
  port: number,
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; tip: string };
  if (json.code !== 0) throw new Error(`${name}: ${json.tip}`);
  return json.data;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function scenarios(port: number, label: string) {
  const site = await post<{ id: number }>(port, 'get_website_info', { site: 'demo' });
  const login = await post<{ token: string }>(port, 'login', { website_id: site.id, code: 'demo-visitor' });
  const headers = { 'website-id': String(site.id), authorization: `Bearer ${login.token}` };
  const tree = await post<{ id: number; children: { id: number }[] }[]>(port, 'get_category', {}, headers);
  const leaf = tree[0]?.children[0]?.id;
  const cases: [string, Record<string, unknown>][] = [
    ['first page', {}],
    ['deep page (2 000)', { page: 2000 }],
    ['a category', { category_id: leaf }],
    ['a parent category', { category_id: tree[0]?.id }],
    ['sort entry_time', { sort: 'entry_time' }],
    ['sort price_desc', { sort: 'price_desc' }],
    ['sort price_asc', { sort: 'price_asc' }],
    ['sort update_time', { sort: 'update_time' }],
    ['sort popularity', { sort: 'popularity' }],
    ['flag spot', { flag: 'spot' }],
  ];
  console.log(
    `\n${label}: get_list over ${PRODUCTS.toLocaleString('en')} products (${SAMPLES} sequential requests each)`,
  );
  for (const [name, body] of cases) {
    for (let i = 0; i < 20; i++) await post(port, 'get_list', body, headers);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      await post(port, 'get_list', body, headers);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = pct(times, 0.95);
    console.log(
      `  ${name.padEnd(22)} p50 ${pct(times, 0.5).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms ${p95 < 20 ? '' : '  (over 20 ms)'}`,
    );
  }
  return headers;
}

// --- SQLite -------------------------------------------------------------------------------------
const sqliteFile = join(dir, 'bench.sqlite');
{
  const h = openDatabase({ sqliteFile });
  await migrateToLatest(h.db);
  const t0 = Date.now();
  await fillCatalogue(h.db, storage, PRODUCTS);
  console.log(`SQLite filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await h.close();
}
const vitrine = await start('vitrine-db.ts', [sqliteFile, dir]);
const headers = await scenarios(vitrine.port, 'SQLite');

const bare = await start('bare-list.ts', [sqliteFile]);
const load = (port: number) =>
  autocannon({
    url: `http://127.0.0.1:${port}/api/get_list`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
    connections: 10,
    duration: 8,
  });
await load(bare.port);
await load(vitrine.port);
const base = await load(bare.port);
const api = await load(vitrine.port);
vitrine.child.kill();
bare.child.kill();
const ratio = api.requests.average / base.requests.average;
console.log(`\nthroughput, first page, 10 connections:`);
console.log(`  bare Fastify + better-sqlite3   ${base.requests.average.toFixed(0).padStart(7)} req/s`);
console.log(`  Vitrine get_list                ${api.requests.average.toFixed(0).padStart(7)} req/s`);
console.log(`  ratio ${ratio.toFixed(2)} (goal >= 0.80: ${ratio >= 0.8 ? 'met' : 'NOT met'})`);

// --- PostgreSQL -----------------------------------------------------------------------------------
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
} catch {
  console.log('\nPostgreSQL: not reachable, skipped');
  process.exit(0);
}
const dbName = `vitrine_bench_${Date.now()}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
try {
  const h = openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(h.db);
  const t0 = Date.now();
  await fillCatalogue(h.db, storage, PRODUCTS);
  console.log(`\nPostgreSQL filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await h.close();
  const server = await start('vitrine-db.ts', [url.toString(), dir]);
  await scenarios(server.port, 'PostgreSQL');
  server.child.kill();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

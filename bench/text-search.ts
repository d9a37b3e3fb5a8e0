/**
 * Text search over 100 000 products: p50/p95 latency of get_list with a keyword (a name in
 * English, Chinese and Arabic, a toy number and a factory number, plus a broad word, a
 * two-character Chinese word, two frequent two-character words ('rc' at word starts, 套装 inside
 * words) and a part of a number) through the real server, on SQLite and on
 * PostgreSQL (goal: p95 under 20 ms on SQLite). Each keyword runs twice: as deployed (a list's
 * total is kept 30 s, so repeating a keyword counts once) and with every total counted afresh
 * (a buyer's first request for a keyword). Decision 0021.
 * Usage: node --import tsx bench/text-search.ts [products=100000]   (PostgreSQL when DATABASE_URL
 * is set or a server answers on 127.0.0.1:5432).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/dialect';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { LocalDiskStorage } from '../apps/server/src/platform/storage';
import { fillCatalogue } from './support/fill';

const PRODUCTS = Number(process.argv[2] ?? 100_000);
const SAMPLES = 200;
const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-search-'));
const storage = new LocalDiskStorage(join(dir, 'files'));
mkdirSync(storage.root, { recursive: true });

async function start(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'servers', 'vitrine-db.ts'), ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (!child.stdout) throw new Error('no stdout');
  // A server that fails to start must end the run, not leave it waiting for its port.
  const line = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line').then(([l]) => l as string),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the server exited (${String(code)}) before listening`);
    }),
  ]);
  return { child, port: (JSON.parse(line) as { port: number }).port };
}

async function post<T>(port: number, name: string, body: unknown, headers: Record<string, string> = {}) {
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

/** The keywords, some read from the filled catalogue (its factory numbers are random). */
async function keywords(target: string): Promise<[string, string][]> {
  const h = target.startsWith('postgres')
    ? openDatabase({ databaseUrl: target })
    : openDatabase({ sqliteFile: target });
  try {
    const p = await h.db
      .selectFrom('products')
      .innerJoin('websites', 'websites.company_id', 'products.company_id')
      .select('products.factory_number')
      .where('websites.code', '=', 'demo')
      .orderBy('products.id')
      .executeTakeFirstOrThrow();
    return [
      ['name, English', 'teddy bear'],
      ['name, English, broad', 'car'],
      ['name, Chinese', '遥控越野'],
      ['name, Chinese, 2 chars', '飞机'],
      ['name, Chinese, 2 chars, frequent', '套装'],
      ['name, English, 2 chars, frequent', 'rc'],
      ['name, Arabic', 'سيارة تسلق'],
      ['toy number', 'bx 150000'],
      ['toy number, part', 'BX-1500'],
      ['factory number', p.factory_number.toLowerCase().replace('-', ' ')],
    ];
  } finally {
    await h.close();
  }
}

async function scenarios(target: string, label: string) {
  const cases = await keywords(target);
  const modes: [string, string[]][] = [
    ['totals kept 30 s', []],
    ['totals counted each time', ['0']],
  ];
  const results = new Map<string, string[]>();
  let matches = new Map<string, number>();
  for (const [, extra] of modes) {
    const server = await start([target, dir, ...extra]);
    const port = server.port;
    const site = await post<{ id: number }>(port, 'get_website_info', { site: 'demo' });
    const login = await post<{ token: string }>(port, 'login', { website_id: site.id, code: 'demo-visitor' });
    const headers = { 'website-id': String(site.id), authorization: `Bearer ${login.token}` };
    matches = new Map();
    for (const [name, keyword] of cases) {
      const body = { keyword, page_size: 24 };
      for (let i = 0; i < 20; i++) await post(port, 'get_list', body, headers);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        const page = await post<{ total: number }>(port, 'get_list', body, headers);
        times.push(performance.now() - t0);
        matches.set(name, page.total);
      }
      times.sort((a, b) => a - b);
      const p95 = pct(times, 0.95);
      const cell = `${pct(times, 0.5).toFixed(1).padStart(6)} ${p95.toFixed(1).padStart(6)}${p95 < 20 ? ' ' : '*'}`;
      results.set(name, [...(results.get(name) ?? []), cell]);
    }
    server.child.kill();
  }
  console.log(
    `\n${label}: get_list with a keyword over ${PRODUCTS.toLocaleString('en')} products ` +
      `(${SAMPLES} sequential requests each; ms; * = p95 over 20 ms)`,
  );
  console.log(`  ${''.padEnd(46)}${modes.map(([m]) => m.padEnd(28)).join('')}`);
  console.log(`  ${'keyword'.padEnd(46)}${modes.map(() => '   p50    p95'.padEnd(28)).join('')}`);
  for (const [name, keyword] of cases) {
    const head = `${name} “${keyword}” (${(matches.get(name) ?? 0).toLocaleString('en')})`;
    console.log(`  ${head.padEnd(46)}${(results.get(name) ?? []).map((c) => c.padEnd(28)).join('')}`);
  }
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
await scenarios(sqliteFile, 'SQLite');

// --- PostgreSQL -----------------------------------------------------------------------------------
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
} catch {
  console.log('\nPostgreSQL: not reachable, skipped');
  process.exit(0);
}
const dbName = `vitrine_bench_search_${Date.now()}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
try {
  const h = openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(h.db);
  const t0 = Date.now();
  await fillCatalogue(h.db, storage, PRODUCTS);
  // As autovacuum would have done for the search index too (fill.ts analyses products).
  await sql`vacuum analyze product_search`.execute(h.db);
  console.log(`\nPostgreSQL filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await h.close();
  await scenarios(url.toString(), 'PostgreSQL');
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

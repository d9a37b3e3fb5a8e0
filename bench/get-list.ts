/**
 * get_list over 100 000 products: p50/p95 latency of the main scenarios on SQLite and on
 * PostgreSQL, and requests/s of the API against a bare Fastify + better-sqlite3 handler running
 * the same query, measured in the same run (goals: p95 under 20 ms; ratio at least 0.8).
 * Usage: node --import tsx bench/get-list.ts [products=100000]   (PostgreSQL when DATABASE_URL is set
 * or a server answers on 127.0.0.1:5432).
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import { fillCatalogue } from './support/fill';
import {
  demoVisitor,
  fillSqlite,
  ms,
  percentile,
  post,
  scratchDir,
  startBenchServer,
  timeSequential,
  withScratchPostgres,
} from './support/measure';

const PRODUCTS = Number(process.argv[2] ?? 100_000);
const SAMPLES = 200;
const { dir, storage } = scratchDir('vitrine-bench-list-');
const fill = (db: Parameters<typeof fillCatalogue>[0]) => fillCatalogue(db, storage, PRODUCTS);

async function scenarios(port: number, label: string) {
  const headers = await demoVisitor(port);
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
    const times = await timeSequential(SAMPLES, () => post(port, 'get_list', body, headers));
    const p95 = percentile(times, 0.95);
    console.log(
      `  ${name.padEnd(22)} p50 ${ms(percentile(times, 0.5))} ms   p95 ${ms(p95)} ms ${p95 < 20 ? '' : '  (over 20 ms)'}`,
    );
  }
  return headers;
}

// --- SQLite -------------------------------------------------------------------------------------
const sqliteFile = join(dir, 'bench.sqlite');
await fillSqlite(sqliteFile, fill);
const vitrine = await startBenchServer('vitrine-db.ts', [sqliteFile, dir]);
const headers = await scenarios(vitrine.port, 'SQLite');

const bare = await startBenchServer('bare-list.ts', [sqliteFile]);
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
await withScratchPostgres('vitrine_bench', fill, async (url) => {
  const server = await startBenchServer('vitrine-db.ts', [url, dir]);
  await scenarios(server.port, 'PostgreSQL');
  server.child.kill();
});

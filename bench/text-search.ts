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
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/dialect';
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
const { dir, storage } = scratchDir('vitrine-bench-search-');

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
    const server = await startBenchServer('vitrine-db.ts', [target, dir, ...extra]);
    const port = server.port;
    const headers = await demoVisitor(port);
    matches = new Map();
    for (const [name, keyword] of cases) {
      const body = { keyword, page_size: 24 };
      const times = await timeSequential(SAMPLES, async () => {
        const page = await post<{ total: number }>(port, 'get_list', body, headers);
        matches.set(name, page.total);
      });
      const p95 = percentile(times, 0.95);
      const cell = `${ms(percentile(times, 0.5))} ${ms(p95)}${p95 < 20 ? ' ' : '*'}`;
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
await fillSqlite(sqliteFile, (db) => fillCatalogue(db, storage, PRODUCTS));
await scenarios(sqliteFile, 'SQLite');

// --- PostgreSQL -----------------------------------------------------------------------------------
await withScratchPostgres(
  'vitrine_bench_search',
  async (db) => {
    await fillCatalogue(db, storage, PRODUCTS);
    // As autovacuum would have done for the search index too (fill.ts analyses products).
    await sql`vacuum analyze product_search`.execute(db);
  },
  (url) => scenarios(url, 'PostgreSQL'),
);

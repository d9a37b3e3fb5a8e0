/**
 * What counting taken-off products out of a keyword's total costs (decision 0077). A keyword with
 * no other filter is counted in the search index alone; the index keeps the products staff took
 * off the showroom, so the total now subtracts those that match (SQLite: one FTS probe per
 * taken-off product, through migration 0023's partial index; PostgreSQL: an anti-join against
 * it). Over N products with a share taken off, the same keywords are counted both ways, in
 * turns, in the same run: the index alone (the baseline, wrong by the taken-off matches) and the
 * total as buyers now get it. Prints p50/p95 of each and the ratio of the p95s (goal: the keyword
 * lists' p95 under 20 ms, decision 0021, so the count may not take much of it). On PostgreSQL the
 * baseline column repeats the new count (its old form is not built outside text-search.ts).
 * Usage: node --import tsx bench/text-search-taken-off.ts [products=100000] [taken-off %=5]
 */
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database';
import { openDatabase } from '../apps/server/src/db/dialect';
import { createTextSearch, parseKeyword } from '../apps/server/src/modules/catalog/text-search';
import { fillCatalogue } from './support/fill';
import { fillSqlite, ms, percentile, scratchDir, withScratchPostgres } from './support/measure';

const PRODUCTS = Number(process.argv[2] ?? 100_000);
const TAKEN_OFF = Number(process.argv[3] ?? 5);
const SAMPLES = 200;
const KEYWORDS = ['teddy bear', 'car', '遥控越野', '飞机', 'rc', 'BX-1500'];
const { dir, storage } = scratchDir('vitrine-bench-taken-off-');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

async function fill(db: Kysely<Database>) {
  await fillCatalogue(db, storage, PRODUCTS);
  const { company_id } = await db
    .selectFrom('websites')
    .select('company_id')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  // A share spread by a hash of the id: the filled products repeat 60 templates in turn, and a
  // plain "every 20th" would take off only the copies of 3 of them.
  await sql`UPDATE products SET is_website_hide = 1
    WHERE company_id = ${company_id} AND (id * 7919) % 100 < ${TAKEN_OFF}`.execute(db);
}

async function measure(db: Kysely<Database>, label: string) {
  const { company_id: companyId } = await db
    .selectFrom('websites')
    .select('company_id')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  const search = createTextSearch(db);
  const postgres = label === 'PostgreSQL';
  console.log(
    `\n${label}: ${PRODUCTS.toLocaleString('en')} products, ${TAKEN_OFF} % taken off; load ${load()}`,
  );
  console.log(
    `  ${'keyword (total, taken-off matches)'.padEnd(40)}index alone p50  p95   without taken off p50  p95   ratio p95`,
  );
  for (const word of KEYWORDS) {
    const keyword = parseKeyword(word, false);
    const t = keyword && (await search.prepare(keyword, Number(companyId)));
    if (!t?.indexed) continue;
    const now = search.indexTotals(t, Number(companyId));
    if (!now) continue;
    // The baseline: the same count without the subtraction, as before decision 0077 (SQLite's
    // form; PostgreSQL's is printed alone, its match condition being internal to text-search).
    const before = postgres
      ? now
      : sql<{
          total: number;
        }>`SELECT count(*) AS total FROM product_search WHERE product_search MATCH ${t.v.matchInCompany}`;
    const times: [number[], number[]] = [[], []];
    const totals: [number, number] = [0, 0];
    for (let i = 0; i < SAMPLES + 10; i++) {
      for (const [k, q] of [before, now].entries()) {
        const started = performance.now();
        const row = (await q.execute(db)).rows[0] as { total: number };
        if (i >= 10) times[k as 0 | 1].push(performance.now() - started);
        totals[k as 0 | 1] = Number(row.total);
      }
    }
    const [p95a, p95b] = [percentile(times[0], 0.95), percentile(times[1], 0.95)];
    console.log(
      `  ${`“${word}” (${totals[1]}, ${totals[0] - totals[1]})`.padEnd(40)}${ms(percentile(times[0], 0.5))} ${ms(p95a)}         ${ms(
        percentile(times[1], 0.5),
      )} ${ms(p95b)}     ${(p95b / p95a).toFixed(2)}`,
    );
  }
  console.log(`  load at the end ${load()}`);
}

const sqliteFile = join(dir, 'bench.sqlite');
await fillSqlite(sqliteFile, fill);
{
  const h = openDatabase({ sqliteFile });
  await measure(h.db, 'SQLite');
  await h.close();
}
if (!process.argv.includes('--sqlite-only'))
  await withScratchPostgres(
    'vitrine_bench_taken_off',
    async (db) => {
      await fill(db);
      await sql`vacuum analyze product_search`.execute(db);
      await sql`analyze products`.execute(db);
    },
    async (url) => {
      const h = openDatabase({ databaseUrl: url });
      await measure(h.db, 'PostgreSQL');
      await h.close();
    },
  );

/**
 * The sample cart at its limit: a customer cart of 1000 lines (real pictures), then
 * get_sample_car_list, add_choose of all 1000 lines, and the Excel export (1000 rows with their
 * pictures). The export runs twice in the same run: built inline on the main thread (the
 * baseline) and in the worker thread the server uses; the event loop's longest stall during each
 * shows what the worker spares other requests. Prints p50/p95 and the stall ratio.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/dialect';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { DEMO_CREDENTIALS, seedDemo } from '../apps/server/src/db/seed/demo';
import { buildWorkbook, type WorkbookInput } from '../apps/server/src/modules/samples/samples.excel';
import { systemClock } from '../apps/server/src/platform/clock';
import { LocalDiskStorage } from '../apps/server/src/platform/storage';
import { workerTask } from '../apps/server/src/platform/worker-task';
import { percentile } from './support/measure';

const LINES = 1000;
const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-cart-'));
const handle = openDatabase({ sqliteFile: join(dir, 'bench.sqlite') });
await migrateToLatest(handle.db);
const storage = new LocalDiskStorage(join(dir, 'files'));
let started = performance.now();
await seedDemo(handle.db, storage, systemClock, { productsPerCompany: 1050 });
console.log(
  `seeded 2 × 1050 products with pictures in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// The worker as the server ships it: the bundled dist/excel-worker.js (a worker thread cannot
// load TypeScript through tsx on Node 20).
const build = spawnSync(process.execPath, ['build.mjs'], {
  cwd: join(import.meta.dirname, '../apps/server'),
  stdio: 'inherit',
});
if (build.status !== 0) throw new Error('server build failed');
const inWorker = workerTask<WorkbookInput, Buffer>(
  new URL('../apps/server/dist/excel-worker.js', import.meta.url),
);
let useWorker = false;
const app = await buildApp({
  db: handle.db,
  clock: systemClock,
  storage,
  defaultSite: 'demo',
  logLevel: 'silent',
  buildWorkbook: (input) => (useWorker ? inWorker(input) : buildWorkbook(input)),
});

async function call<T>(name: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: `/api/${name}`, payload: body as object, headers });
  const json = res.json<{ code: number; data: T; tip: string }>();
  if (json.code !== 0) throw new Error(`${name}: ${json.tip}`);
  return json.data;
}
const site = await call<{ id: number }>('get_website_info', { site: 'demo' });
const login = await call<{ token: string }>('login', {
  website_id: site.id,
  code: DEMO_CREDENTIALS[0].customer,
});
const headers = { 'website-id': String(site.id), authorization: `Bearer ${login.token}` };

const ids: number[] = [];
for (let page = 1; ids.length < LINES; page++) {
  const r = await call<{ list: { id: number; is_expire: number }[] }>(
    'get_list',
    { page, page_size: 60 },
    headers,
  );
  if (r.list.length === 0) throw new Error('not enough live products');
  ids.push(...r.list.filter((p) => !p.is_expire).map((p) => p.id));
}
const lines = ids.slice(0, LINES).map((id, i) => ({ id, ctn: 1 + (i % 9) }));

const ms = (v: number) => `${v.toFixed(1)} ms`;
async function timed(n: number, work: () => Promise<unknown>, between?: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    if (between) await between();
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times;
}
const fill = async () => {
  await call('add_sample_car', { lines }, headers);
};

started = performance.now();
await fill();
console.log(`add_sample_car (merge of ${LINES} lines, one call): ${ms(performance.now() - started)}`);

const list = await timed(30, () => call('get_sample_car_list', {}, headers));
console.log(
  `get_sample_car_list, ${LINES} lines: p50 ${ms(percentile(list, 0.5))}  p95 ${ms(percentile(list, 0.95))}`,
);

let n = 0;
const submit = await timed(
  10,
  () =>
    call(
      'add_choose',
      {
        company_name: 'Bench Trading',
        contact: 'Bench',
        email: 'bench@example.com',
        lines,
        idempotency_key: `bench-submit-${Date.now()}-${n++}`,
      },
      headers,
    ),
  fill,
);
console.log(
  `add_choose, ${LINES} lines (one transaction): p50 ${ms(percentile(submit, 0.5))}  p95 ${ms(percentile(submit, 0.95))}`,
);

async function exportRun(label: string) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const t0 = performance.now();
  const r = await call<{ size: number; rows: number }>('export_sample_car', { lines }, headers);
  const took = performance.now() - t0;
  loop.disable();
  const stall = loop.max / 1e6;
  console.log(
    `export, ${r.rows} rows with pictures (${(r.size / 1e6).toFixed(1)} MB) ${label}: ${ms(took)}, longest event-loop stall ${ms(stall)}`,
  );
  return { took, stall };
}
useWorker = false;
await exportRun('inline, first (pictures made)');
const inline = await exportRun('inline');
useWorker = true;
const worker = await exportRun('in the worker');
console.log(
  `ratio: longest stall in the worker / inline = ${(worker.stall / inline.stall).toFixed(2)} (lower is better; export time ratio ${(worker.took / inline.took).toFixed(2)})`,
);

await app.close();
await handle.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);

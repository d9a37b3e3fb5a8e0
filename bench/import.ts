/**
 * The catalogue import (decision 0055): N products (default 10 000) from one xlsx, with N
 * generated pictures in zips of up to 2 500, through the real upload, dry run and background
 * run. Prints the dry run's and the run's durations, the server's peak memory, and the buyers'
 * get_list p95 while the import runs against the same calls idle, in the same run, before the
 * run and after it (goal: both ratios under 1.5).
 * Usage: npm run build -w apps/server && node --import tsx bench/import.ts [products=10000]
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import sharp from 'sharp';
import { callApi } from '../e2e/api';
import { fillCatalogue } from './support/fill';
import {
  demoVisitor,
  fillSqlite,
  ms,
  percentile,
  post,
  scratchDir,
  startBenchServer,
} from './support/measure';

const N = Number(process.argv[2] ?? 10_000);
/** The machine's load average (1, 5, 15 min): figures of a shared machine mean little without it. */
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const PER_ZIP = 2500;
/**
 * get_list calls timed idle, before the run and after it, and made first to warm the server. The
 * idle p95 of 1 000 calls (about 4 s) moved 6.7–12.1 ms between runs of the same code on this
 * machine, and the ratio with it; 3 000 (about 12 s) are less at the mercy of a few busy seconds.
 */
const IDLE_CALLS = 3000;
const WARM_UP_CALLS = 3000;
const { dir, storage } = scratchDir('vitrine-bench-import-');

/** A small, distinct product picture: blocks of colour placed by the seed. */
function pictureOf(seed: number): Promise<Buffer> {
  let s = seed * 7919 + 13;
  const rnd = () => (s = (s * 48271) % 2147483647) / 2147483647;
  const blocks = Array.from({ length: 12 }, () => {
    const [x, y, w] = [rnd() * 360, rnd() * 360, 20 + rnd() * 120];
    return `<rect x="${x}" y="${y}" width="${w}" height="${w / 2}" fill="hsl(${Math.floor(rnd() * 360)},70%,50%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#eee"/>${blocks}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const sqliteFile = join(dir, 'bench.sqlite');
await fillSqlite(sqliteFile, (db) => fillCatalogue(db, storage, 2000));

// The exporter's files.
let t0 = Date.now();
const book = new ExcelJS.Workbook();
const sheet = book.addWorksheet('products');
sheet.addRow(['Item No.', 'English Name', '品名', 'Unit Price', 'Qty/Ctn', 'G.W.', 'N.W.']);
const zips: Buffer[] = [];
let zip = new JSZip();
for (let i = 1; i <= N; i++) {
  sheet.addRow([
    `BENCH-${i}`,
    `Bench toy ${i}`,
    `测试玩具${i}`,
    (1 + (i % 500) / 10).toFixed(2),
    12,
    8.5,
    7.2,
  ]);
  zip.file(`BENCH-${i}.jpg`, await pictureOf(i));
  if (i % PER_ZIP === 0 || i === N) {
    zips.push(await zip.generateAsync({ type: 'nodebuffer' }));
    zip = new JSZip();
  }
}
const xlsx = Buffer.from(await book.xlsx.writeBuffer());
console.log(
  `files: ${N} rows (${(xlsx.length / 1e6).toFixed(1)} MB xlsx), ${zips.length} zips (${(zips.reduce((a, z) => a + z.length, 0) / 1e6).toFixed(1)} MB), made in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);

const server = await startBenchServer('vitrine-import.ts', [sqliteFile, dir]);
const base = `http://127.0.0.1:${server.port}`;
try {
  const buyer = await demoVisitor(server.port);
  const site = await post<{ id: number }>(server.port, 'get_website_info', { site: 'demo' });
  const login = await post<{ token: string }>(
    server.port,
    'staff_login',
    { email: 'owner@demo.test', password: 'demo-owner' },
    { 'website-id': String(site.id) },
  );
  const staff = { 'website-id': String(site.id), authorization: `Bearer ${login.token}` };
  const getList = async () => {
    const t = performance.now();
    await post(server.port, 'get_list', { page: 1 + Math.floor(Math.random() * 20) }, buyer);
    return performance.now() - t;
  };

  type Gc = Record<'minor' | 'major' | 'other', { count: number; ms: number; max: number }>;
  const gcSoFar = async () => (await (await fetch(`${base}/bench/gc`)).json()) as Gc;
  type Sched = { runMs: number; waitMs: number };
  const schedSoFar = async () => (await (await fetch(`${base}/bench/sched`)).json()) as Sched;
  /** The answering thread's time on a core and waiting for one, per call made in between. */
  const printSched = (when: string, a: Sched, b: Sched, calls: number) =>
    console.log(
      `  answering thread ${when.padEnd(7)} on a core ${((b.runMs - a.runMs) / calls).toFixed(2)} ms, waiting for one ${((b.waitMs - a.waitMs) / calls).toFixed(2)} ms, per call`,
    );
  /** The answering thread's collections between two looks, by kind. */
  const printGc = (when: string, a: Gc, b: Gc) => {
    for (const kind of ['minor', 'major'] as const)
      console.log(
        `  gc ${kind} ${when.padEnd(7)} ${String(b[kind].count - a[kind].count).padStart(4)} collections, ${((b[kind].ms - a[kind].ms) / 1000).toFixed(2)} s, longest ${b[kind].max.toFixed(1)} ms (answering thread)`,
      );
  };

  // Idle: the buyers' calls alone, once warm. Twenty warm-up calls left the idle figure measuring
  // the server's warming up: windows of 1 000 calls on an idle server settle from the third on
  // (p95 13.3, 8.1, 6.7, then 4–7 ms), so 3 000 warm it before 1 000 are counted (decision 0078).
  const idle: number[] = [];
  for (let i = 0; i < WARM_UP_CALLS; i++) await getList();
  const gcIdle = await gcSoFar();
  const schedIdle = await schedSoFar();
  for (let i = 0; i < IDLE_CALLS; i++) idle.push(await getList());
  const schedIdle2 = await schedSoFar();
  const gcIdle2 = await gcSoFar();

  const upload = async (type: string, bytes: Buffer) => {
    const auth = await callApi<{ upload: { url: string; fields: Record<string, string> }; file_url: string }>(
      base,
      'staff_get_import_upload_credential',
      { content_type: type },
      staff,
    );
    const form = new FormData();
    for (const [k, v] of Object.entries(auth.upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'file');
    const r = await fetch(new URL(auth.upload.url, base), { method: 'POST', body: form });
    if (!r.ok) throw new Error(`upload: ${r.status} ${await r.text()}`);
    return auth.file_url;
  };
  t0 = Date.now();
  const sheetUrl = await upload('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xlsx);
  const zipUrls = [];
  for (const z of zips) zipUrls.push(await upload('application/zip', z));
  const uploaded = (Date.now() - t0) / 1000;
  t0 = Date.now();
  const job = await callApi<{ id: number; mapping: Record<string, number> }>(
    base,
    'staff_create_import',
    { sheet_url: sheetUrl, zip_urls: zipUrls, file_name: 'bench.xlsx' },
    staff,
  );
  const checked = await callApi<{ to_create: number; errors: number; pictures_total: number }>(
    base,
    'staff_check_import',
    { id: job.id, mapping: job.mapping },
    staff,
  );
  const dryRun = (Date.now() - t0) / 1000;
  console.log(
    `uploaded in ${uploaded.toFixed(1)} s; read and dry run in ${dryRun.toFixed(1)} s: ${checked.to_create} to create, ${checked.errors} refused, ${checked.pictures_total} pictures`,
  );

  // The run, with a buyer browsing throughout.
  const gcBefore = await gcSoFar();
  const schedBefore = await schedSoFar();
  const loadBefore = load();
  t0 = Date.now();
  await callApi(base, 'staff_run_import', { id: job.id }, staff);
  const during: number[] = [];
  let done = false;
  let last = { rows_done: 0, pictures_done: 0, errors: 0 };
  const watch = (async () => {
    while (!done) {
      const r = await callApi<{ job: typeof last & { status: string } }>(
        base,
        'staff_get_import',
        { id: job.id },
        staff,
      );
      last = r.job;
      if (r.job.status === 'done') done = true;
      else await new Promise((res) => setTimeout(res, 1000));
    }
  })();
  while (!done) during.push(await getList());
  await watch;
  const took = (Date.now() - t0) / 1000;
  const schedAfter = await schedSoFar();
  const gcAfter = await gcSoFar();
  // The same calls idle again, on the grown catalogue: tells a slower import from a larger list.
  const after: number[] = [];
  for (let i = 0; i < IDLE_CALLS; i++) after.push(await getList());
  const gcEnd = await gcSoFar();
  const memory = (await (await fetch(`${base}/bench/memory`)).json()) as {
    maxRssMb: number;
    childrenMb?: number;
    inWorker: boolean;
  };

  const p95idle = percentile(idle, 0.95);
  const p95during = percentile(during, 0.95);
  console.log(
    `\nimport of ${N} products with ${N} pictures (${memory.inWorker ? 'its worker process' : 'INLINE: build apps/server first'}):`,
  );
  console.log(
    `  run            ${took.toFixed(1)} s (${(N / took).toFixed(1)} rows/s); ${last.rows_done} rows, ${last.pictures_done} pictures, ${last.errors} errors`,
  );
  console.log(`  load average   ${loadBefore} at the start, ${load()} at the end`);
  console.log(
    `  peak memory    ${memory.maxRssMb} MB (server process, RSS)${memory.childrenMb ? `, ${memory.childrenMb} MB its worker processes (each one's peak, added)` : ''}`,
  );
  printSched('idle', schedIdle, schedIdle2, idle.length);
  printSched('during', schedBefore, schedAfter, during.length);
  printGc('idle', gcIdle, gcIdle2);
  printGc('during', gcBefore, gcAfter);
  printGc('after', gcAfter, gcEnd);
  // p99 too: a change could move delays from the p95 into the tail rather than remove them.
  const quantiles = (x: number[]) =>
    `p50 ${ms(percentile(x, 0.5))} ms   p95 ${ms(percentile(x, 0.95))} ms   p99 ${ms(percentile(x, 0.99))} ms`;
  console.log(`  get_list idle   ${quantiles(idle)}   (${idle.length} calls)`);
  console.log(`  get_list during ${quantiles(during)}   (${during.length} calls)`);
  console.log(
    `  get_list after  ${quantiles(after)}   (${after.length} calls, idle, on the grown catalogue)`,
  );
  // Both idle windows are the same calls in the same run: before the run on the smaller catalogue
  // and a server less long warm, after it on the grown one. When they disagree, both are told
  // and the goal is met only under both (decision 0081).
  const p95after = percentile(after, 0.95);
  console.log(`  ratio p95 during / idle: ${(p95during / p95idle).toFixed(2)} (goal < 1.5)`);
  console.log(`  ratio p95 during / idle after: ${(p95during / p95after).toFixed(2)} (goal < 1.5)`);
} finally {
  server.child.kill();
}

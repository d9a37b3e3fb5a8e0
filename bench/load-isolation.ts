/**
 * What expensive calls cost everybody else (issue 20, finding 9): get_list's p99 for a buyer
 * browsing while 8 image searches and 4 workbook exports are sent at the same instant, against
 * the same buyer's get_list with nothing else running — measured in the same run, on the built
 * server (`apps/server/dist/main.js`, as `npm start` runs it).
 *
 * Idle and loaded stretches alternate (idle, loaded, idle, loaded, …) so that whatever else the
 * machine does falls on both alike. Each loaded stretch is one burst: the get_list calls made
 * while any of its calls is in flight count as loaded. The burst is sent twice a round: from
 * one session, which the limit of calls in flight per caller (decision 0044) holds, and spread
 * one call per session, which only the instance's own cap on heavy work holds (decision 0064).
 * A burst's answers are tallied by code, so a refused part shows as such (-429), not as speed.
 *
 * Where the time goes is printed per kind of stretch: the event loop's delay (p99 and max, from
 * /metrics, whose histogram restarts at each read), and the CPU time of the thread answering
 * requests and of the whole process (all its threads: workers, sharp's) per second of the
 * stretch, from /proc (Linux) — on two cores, "process 2.0" means both are taken.
 *
 * The picture index must be complete before anything is measured (a search against an index
 * still being learned answers at once, and describing the catalogue takes the cores): the bench
 * waits for it. The seeded and indexed data folder is kept in tmp/load-isolation/ (ignored), so
 * a second run starts at once; --fresh starts from nothing. With DATABASE_URL it runs on a new
 * PostgreSQL database each time (nothing kept).
 *
 * Goal: loaded p99 / idle p99 under 1.5, for both bursts.
 *
 * --profile <folder> writes the server's CPU profiles there (node --cpu-prof, every thread) and
 * stretches.json, each stretch's kind and its start and end on the monotonic clock the profiles
 * use (microseconds), to tell what the main thread did during the bursts.
 *
 * --no-build measures apps/server/dist as it is (another version's build put there, to compare).
 *
 * Usage: node --import tsx bench/load-isolation.ts [--rounds 3] [--idle 100] [--fresh] [--profile dir] [--no-build]
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { DEMO_CREDENTIALS } from '../apps/server/src/db/seed/demo';
import { sessionHeaders, uploadSearchPhoto } from '../e2e/api';
import { startServer } from '../e2e/server';
import { ms, percentile } from './support/measure';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    idle: { type: 'string', default: '100' },
    fresh: { type: 'boolean', default: false },
    profile: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(values.rounds);
const IDLE_CALLS = Number(values.idle);
const SEARCHES = 8;
const EXPORTS = 4;
const EXPORT_LINES = 50;
const GOAL = 1.5;
const METRICS_TOKEN = 'load-isolation-bench-metrics-token';

const root = resolve(import.meta.dirname, '..');
// Built every run (a dist older than the sources would measure the old server), unless
// --no-build asks to measure the dist in place (another version's, to compare).
if (!values['no-build'] || !existsSync(join(root, 'apps/server/dist/main.js')))
  execFileSync('npm', ['run', 'build', '-w', '@vitrine/server', '--silent'], { cwd: root, stdio: 'inherit' });

// The seeded, indexed data folder of an earlier run (SQLite only), copied so this run changes nothing of it.
const cacheDir = join(root, 'tmp/load-isolation/data');
const onPostgres = Boolean(process.env.DATABASE_URL);
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-load-'));
const reused = !onPostgres && !values.fresh && existsSync(join(cacheDir, 'vitrine.sqlite'));
if (reused) {
  rmSync(dataDir, { recursive: true });
  cpSync(cacheDir, dataDir, { recursive: true });
}
const startedAt = performance.now();
const profileDir = values.profile ? resolve(values.profile) : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });
const server = await startServer(
  { DATA_DIR: dataDir, METRICS_TOKEN },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
const base = server.url;
let running = true;
const stopServer = async () => {
  if (running) await server.stop();
  running = false;
};
console.log(
  `server started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (${reused ? `data reused from ${cacheDir}` : 'seeded now'}), ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

/** The answer's code (0 for success), tip and how long it took; never throws on a refusal. */
async function send(name: string, body: unknown, headers: Record<string, string>) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: unknown; tip: string };
  return { code: json.code, data: json.data, tip: json.tip, took: performance.now() - t0 };
}

/** /metrics as name{labels} → value. */
async function metrics(): Promise<Map<string, number>> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

const TICK = 100; // clock ticks per second of /proc's times (CLK_TCK on Linux)
/** CPU seconds of the main thread (its task id is the process's) and of the whole process. */
function cpuSeconds(): { main: number; all: number } | null {
  const times = (file: string) => {
    const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  };
  try {
    return {
      main: times(`/proc/${server.pid}/task/${server.pid}/stat`),
      all: times(`/proc/${server.pid}/stat`),
    };
  } catch {
    return null;
  }
}

/** What the server did during a stretch: event-loop delay, and CPU seconds per second of wall time. */
interface Stretch {
  lagP99: number;
  lagMax: number;
  mainCpu: number;
  allCpu: number;
}
const stretches = new Map<string, Stretch[]>();
const timeline: { kind: string; startUs: number; endUs: number }[] = [];
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
async function observed<T>(kind: string, work: () => Promise<T>): Promise<T> {
  await metrics(); // restarts the event-loop delay histogram
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  const startUs = monotonicUs();
  const result = await work();
  timeline.push({ kind, startUs, endUs: monotonicUs() });
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = cpuSeconds();
  const m = await metrics();
  const s: Stretch = {
    lagP99: (m.get('nodejs_eventloop_lag_p99_seconds') ?? NaN) * 1000,
    lagMax: (m.get('nodejs_eventloop_lag_max_seconds') ?? NaN) * 1000,
    mainCpu: cpu0 && cpu1 ? (cpu1.main - cpu0.main) / wall : NaN,
    allCpu: cpu0 && cpu1 ? (cpu1.all - cpu0.all) / wall : NaN,
  };
  stretches.set(kind, [...(stretches.get(kind) ?? []), s]);
  return result;
}

try {
  const browsing = await sessionHeaders(base, 'demo', 'demo-buyer');
  const all = await send('get_list', { page: 1, page_size: 50 }, browsing);
  if (all.code !== 0) throw new Error(`get_list: ${all.code}`);
  const products = (all.data as { list: { id: number; picture: string }[] }).list;
  const lines = products.slice(0, EXPORT_LINES).map((p) => ({ id: p.id, ctn: 1 }));

  // A buyer's photo: one of the catalogue's pictures, re-encoded as a phone would send it.
  const pictureUrl = products.find((p) => p.picture)?.picture;
  if (!pictureUrl) throw new Error('the demo catalogue has no picture');
  const source = Buffer.from(await (await fetch(new URL(pictureUrl, base))).arrayBuffer());
  const photo = await sharp(source).resize(900, 900, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();

  // The index is complete when a search no longer says it is indexing (its tip is get_list's),
  // for every demo exporter: one still describing its pictures would take the cores meanwhile.
  const waitedFrom = performance.now();
  let indexedNow = false;
  for (const { site, visitor } of DEMO_CREDENTIALS) {
    for (let said = 0; ;) {
      const probe = await sessionHeaders(base, site, visitor);
      // The site's own tip of success (each site answers in its own default language).
      const success = (await send('get_list', { page: 1, page_size: 1 }, probe)).tip;
      const r = await send(
        'image_search',
        { url: await uploadSearchPhoto(base, probe, photo), limit: 40 },
        probe,
      );
      if (r.code === 0 && r.tip === success) break;
      indexedNow = true;
      if (performance.now() - waitedFrom > 30 * 60_000)
        throw new Error(`the picture index of ${site} is not complete: ${r.tip}`);
      if (performance.now() - waitedFrom > said * 60_000) {
        const size = (await metrics()).get('vitrine_image_index_pictures');
        console.log(`  waiting for the picture index of ${site} (${size ?? '?'} pictures indexed so far)…`);
        said++;
      }
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
  console.log(
    `picture index complete (${(await metrics()).get('vitrine_image_index_pictures')} pictures) after ${((performance.now() - waitedFrom) / 1000).toFixed(0)} s`,
  );

  const browse = () => send('get_list', { page: 1 + Math.floor(Math.random() * 5), page_size: 20 }, browsing);
  for (let i = 0; i < 20; i++) await browse();

  const idle: number[] = [];
  // The same burst twice per round: from one session (what the limit of calls in flight per
  // caller holds), and spread one call per session (what only the instance's cap holds).
  const loaded = { oneSession: [] as number[], spread: [] as number[] };
  const codes = { oneSession: new Map<string, number>(), spread: new Map<string, number>() };
  const answered = { oneSession: new Map<string, number[]>(), spread: new Map<string, number[]>() };
  // When in its burst each loaded get_list was sent: tells a slow start (the burst's calls all
  // arriving at once) from a slow middle (the cores taken by their work).
  const slowest = {
    oneSession: [] as { took: number; sentAt: number }[],
    spread: [] as { took: number; sentAt: number }[],
  };

  async function burst(mode: keyof typeof loaded) {
    const tally = (name: string, r: { code: number; took: number }) => {
      codes[mode].set(`${name} ${r.code}`, (codes[mode].get(`${name} ${r.code}`) ?? 0) + 1);
      // How long the answered ones took: what the cap costs the callers of heavy calls.
      if (r.code === 0) answered[mode].set(name, [...(answered[mode].get(name) ?? []), r.took]);
    };
    // Logged in one after the other: more than five logins at once from one address are refused.
    const sessions: (Record<string, string> | null)[] = [];
    for (let i = 0; i < SEARCHES + EXPORTS; i++)
      sessions.push(mode === 'oneSession' ? null : await sessionHeaders(base, 'demo', 'demo-visitor'));
    const one = await sessionHeaders(base, 'demo', 'demo-visitor');
    const headersOf = (i: number) => sessions[i] ?? one;
    // Photos uploaded first: credentials are not what is measured.
    const urls = await Promise.all(
      Array.from({ length: SEARCHES }, (_, i) => uploadSearchPhoto(base, headersOf(i), photo)),
    );
    await observed(mode, async () => {
      let inFlight = true;
      const all = Promise.all([
        ...urls.map((url, i) =>
          send('image_search', { url, limit: 40 }, headersOf(i)).then((r) => tally('image_search', r)),
        ),
        ...Array.from({ length: EXPORTS }, (_, i) =>
          send('export_sample_car', { lines }, headersOf(SEARCHES + i)).then((r) =>
            tally('export_sample_car', r),
          ),
        ),
      ]).finally(() => (inFlight = false));
      const burstAt = performance.now();
      while (inFlight) {
        const sentAt = performance.now() - burstAt;
        const r = await browse();
        if (!inFlight) break;
        loaded[mode].push(r.took);
        slowest[mode].push({ took: r.took, sentAt });
      }
      await all;
    });
  }
  const idleStretch = () =>
    observed('idle', async () => {
      for (let i = 0; i < IDLE_CALLS; i++) idle.push((await browse()).took);
    });

  for (let round = 0; round < ROUNDS; round++) {
    await idleStretch();
    await burst('spread');
    await idleStretch();
    await burst('oneSession');
  }

  const idleP99 = percentile(idle, 0.99);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const where = (kind: string) => {
    const s = stretches.get(kind) ?? [];
    return `event-loop delay p99 ${mean(s.map((x) => x.lagP99)).toFixed(0)} ms, max ${Math.max(...s.map((x) => x.lagMax)).toFixed(0)} ms; CPU per second: main thread ${mean(s.map((x) => x.mainCpu)).toFixed(2)}, process ${mean(s.map((x) => x.allCpu)).toFixed(2)}`;
  };
  console.log(
    `\nget_list while ${SEARCHES} image searches and ${EXPORTS} exports (${EXPORT_LINES} lines) are sent at once, ${ROUNDS} rounds, load average now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}:`,
  );
  console.log(
    `  idle:                          ${idle.length} calls, p50 ${ms(percentile(idle, 0.5))}  p99 ${ms(idleP99)} ms`,
  );
  console.log(`      ${where('idle')}`);
  const results: string[] = [];
  const cases = [
    ['spread, one call per session', 'spread'],
    ['one session', 'oneSession'],
  ] as const;
  for (const [label, mode] of cases) {
    const times = loaded[mode];
    const p99 = percentile(times, 0.99);
    const ratio = p99 / idleP99;
    const verdict = ratio < GOAL ? 'met' : 'NOT met';
    console.log(
      `  ${label.padEnd(30)} ${times.length} calls, p50 ${ms(percentile(times, 0.5))}  p99 ${ms(p99)} ms`,
    );
    console.log(`      ${where(mode)}`);
    console.log(`      burst answers: ${[...codes[mode]].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
    const worst = [...slowest[mode]].sort((a, b) => b.took - a.took).slice(0, 5);
    console.log(
      `      slowest get_list: ${worst.map((w) => `${w.took.toFixed(0)} ms (sent ${w.sentAt.toFixed(0)} ms into its burst)`).join(', ')}`,
    );
    console.log(
      `      answered in: ${[...answered[mode]].map(([k, t]) => `${k} p50 ${ms(percentile(t, 0.5)).trim()} / max ${ms(Math.max(...t)).trim()} ms`).join(', ')}`,
    );
    results.push(`${label}: ${ratio.toFixed(2)} (${verdict})`);
  }
  if (profileDir) writeFileSync(join(profileDir, 'stretches.json'), JSON.stringify(timeline, null, 1));
  console.log(`\nRATIO get_list p99 loaded / idle (goal under ${GOAL}) — ${results.join(' | ')}`);

  // Kept for the next run once everything is seeded and indexed (SQLite only).
  if (!onPostgres && (!reused || indexedNow)) {
    await stopServer();
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    cpSync(dataDir, cacheDir, { recursive: true });
    console.log(`data folder kept for the next run in ${cacheDir}`);
  }
} finally {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}

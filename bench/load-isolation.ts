/**
 * What one session's expensive calls cost everybody else (issue 20, finding 9): get_list's p99
 * for a buyer browsing, while another session sends 8 image searches and 4 workbook exports at
 * the same instant, against the same buyer's get_list with nothing else running — measured in
 * the same run, on the built server (`apps/server/dist/main.js`, as `npm start` runs it).
 *
 * Idle and loaded stretches alternate (idle, loaded, idle, loaded, …) so that whatever else the
 * machine does (the picture index being built in the background, other processes) falls on both
 * alike. Each loaded stretch is one burst: the get_list calls made while any of its calls is in
 * flight count as loaded. The burst is sent twice a round: from one session, which the limit of
 * calls in flight per caller (decision 0044) holds to 2 searches and 1 export, and spread one
 * call per session, which no per-session limit holds — the load one session made before. A
 * burst's answers are tallied by code, so a refused part shows as such (-429), not as speed.
 *
 * Goal: loaded p99 / idle p99 under 1.5.
 *
 * Usage: node --import tsx bench/load-isolation.ts [--rounds 3] [--idle 100]
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { sessionHeaders, uploadSearchPhoto } from '../e2e/api';
import { startServer } from '../e2e/server';
import { ms, percentile } from './support/measure';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, idle: { type: 'string', default: '100' } },
});
const ROUNDS = Number(values.rounds);
const IDLE_CALLS = Number(values.idle);
const SEARCHES = 8;
const EXPORTS = 4;
const EXPORT_LINES = 50;
const GOAL = 1.5;

const root = resolve(import.meta.dirname, '..');
if (!existsSync(join(root, 'apps/server/dist/main.js')))
  execFileSync('npm', ['run', 'build', '-w', '@vitrine/server', '--silent'], { cwd: root, stdio: 'inherit' });

const server = await startServer();
const base = server.url;

/** The answer's code (0 for success) and how long it took; never throws on a refusal. */
async function send(name: string, body: unknown, headers: Record<string, string>) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: unknown };
  return { code: json.code, data: json.data, took: performance.now() - t0 };
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

  const browse = () => send('get_list', { page: 1 + Math.floor(Math.random() * 5), page_size: 20 }, browsing);
  for (let i = 0; i < 20; i++) await browse();

  const idle: number[] = [];
  // The same burst twice per round: from one session (what the limit of calls in flight per
  // caller holds to 2 searches and 1 export), and spread one call per session (what it cannot
  // hold, and what one session could do before it).
  const loaded = { oneSession: [] as number[], spread: [] as number[] };
  const codes = new Map<string, number>();
  const tally = (name: string, code: number) =>
    codes.set(`${name} ${code}`, (codes.get(`${name} ${code}`) ?? 0) + 1);

  async function burst(mode: keyof typeof loaded) {
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
    let inFlight = true;
    const all = Promise.all([
      ...urls.map((url, i) =>
        send('image_search', { url, limit: 40 }, headersOf(i)).then((r) => tally('image_search', r.code)),
      ),
      ...Array.from({ length: EXPORTS }, (_, i) =>
        send('export_sample_car', { lines }, headersOf(SEARCHES + i)).then((r) =>
          tally('export_sample_car', r.code),
        ),
      ),
    ]).finally(() => (inFlight = false));
    while (inFlight) {
      const r = await browse();
      if (inFlight) loaded[mode].push(r.took);
    }
    await all;
  }

  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < IDLE_CALLS; i++) idle.push((await browse()).took);
    await burst('spread');
    for (let i = 0; i < IDLE_CALLS; i++) idle.push((await browse()).took);
    await burst('oneSession');
  }

  const idleP99 = percentile(idle, 0.99);
  console.log(
    `get_list while ${SEARCHES} image searches and ${EXPORTS} exports (${EXPORT_LINES} lines) are sent at once, ${ROUNDS} rounds:`,
  );
  console.log(
    `  idle:                      ${idle.length} calls, p50 ${ms(percentile(idle, 0.5))}  p99 ${ms(idleP99)} ms`,
  );
  const stretches = [
    ['spread, one call per session', loaded.spread],
    ['one session (in-flight limit)', loaded.oneSession],
  ] as const;
  for (const [label, times] of stretches) {
    const p99 = percentile(times, 0.99);
    const ratio = p99 / idleP99;
    console.log(
      `  ${label.padEnd(30)} ${times.length} calls, p50 ${ms(percentile(times, 0.5))}  p99 ${ms(p99)} ms, p99 ratio ${ratio.toFixed(2)} (goal under ${GOAL}: ${ratio < GOAL ? 'met' : 'NOT met'})`,
    );
  }
  console.log(`  burst answers: ${[...codes].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
} finally {
  await server.stop();
}

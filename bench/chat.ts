/**
 * The chat at scale (issue 17): BUYERS connected customers (default 1000) on two app instances
 * that share one database and fan out through Redis, each buyer sending and receiving, against a
 * bare `ws` echo measured in the same run.
 *
 * - The servers (both instances, and the bare echo server) run in a process of their own
 *   (bench/servers/chat-pair.ts); this process holds the clients, so memory per connection and
 *   the event-loop delay are the servers' alone.
 * - Each buyer has two sockets, one on each instance (a phone and a laptop: 2 × BUYERS sockets);
 *   a message sent on one device is received on the other (through Redis) and by a staff member
 *   connected to each instance. Latency: from the send to its arrival on the buyer's other device.
 * - The realistic load: every buyer sends one message every CHAT_BENCH_EVERY_S seconds (default
 *   10; from its two devices in turn, buyers in a shuffled order) for CHAT_BENCH_SECONDS (default
 *   30), after CHAT_BENCH_WARMUP_S (5) not counted. A trade chat is a person typing, not a
 *   firehose: one message every 10 s from each of 1000 buyers at once is already a busy hour's
 *   peak (100 messages a second).
 * - The saturation line: the same sockets at rising total rates, CHAT_BENCH_STEP_S seconds each,
 *   until p99 passes a second or the servers fall behind; the echo runs each rate too.
 *
 *   REDIS_URL=redis://127.0.0.1:6379/5 npm run bench -- chat      (CHAT_BENCH_BUYERS=200 to scale down;
 *   DATABASE_URL=postgres://… for PostgreSQL; CHAT_BENCH_PROFILE=<folder> for the servers' CPU profile)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { CHAT_SOCKET_PATH, type ServerFrame } from '@vitrine/contract';
import WebSocket from 'ws';
import type { ChatPairReady, ChatPairStats } from './servers/chat-pair';
import { percentile } from './support/measure';

const BUYERS = Number(process.env.CHAT_BENCH_BUYERS ?? 1000);
const EVERY_S = Number(process.env.CHAT_BENCH_EVERY_S ?? 10);
const SECONDS = Number(process.env.CHAT_BENCH_SECONDS ?? 30);
const STEP_S = Number(process.env.CHAT_BENCH_STEP_S ?? 5);
const WARMUP_S = Number(process.env.CHAT_BENCH_WARMUP_S ?? 5);
/** Total messages a second for the saturation line (a socket may send 20 in 10 s: 4000/s for 2000 sockets). */
const RATES = (process.env.CHAT_BENCH_RATES ?? '200,400,800,1600,3200').split(',').map(Number);
const redisUrl = process.env.REDIS_URL;
if (!redisUrl)
  throw new Error('Set REDIS_URL (e.g. redis://127.0.0.1:6379/5): the instances fan out through Redis');

// --- the servers' process ------------------------------------------------------------------------
const child: ChildProcess = fork(
  join(import.meta.dirname, 'servers/chat-pair.ts'),
  [String(BUYERS), redisUrl],
  {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.CHAT_BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CHAT_BENCH_PROFILE}`]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  },
);
let closing = false;
const exited = once(child, 'exit').then(([code]) => {
  if (!closing) throw new Error(`the servers exited (${String(code)})`);
  return new Promise<never>(() => undefined);
});
const nextFromChild = <T>(type: string) =>
  Promise.race([
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
    }),
    exited,
  ]);
const setup = await nextFromChild<ChatPairReady>('ready');
const stats = (ask: 'stats' | 'memory' = 'stats') => {
  const answer = nextFromChild<ChatPairStats>('stats');
  child.send(ask);
  return answer;
};
/** Memory after a full collection, and a moment for the loop to recover before anything is timed. */
const memory = async () => {
  const m = await stats('memory');
  await new Promise((r) => setTimeout(r, 1000));
  return m;
};

// --- clients -------------------------------------------------------------------------------------
const open = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

/** Opens `count` sockets 50 at a time (a burst of thousands of handshakes is another benchmark). */
async function openAll<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  for (let i = 0; i < count; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async (_, j) => {
        out[i + j] = await make(i + j);
      }),
    );
  return out;
}

/** One phase's count: latencies where it was meant to arrive, and what arrived twice. */
interface Tally {
  latencies: number[];
  received: number;
  duplicates: number;
}
const tally = (): Tally => ({ latencies: [], received: 0, duplicates: 0 });

/**
 * Sends `total` messages over `seconds` at a steady rate: message k goes at k/rate, from the
 * sender `pick(k)` (spreading them over the sockets). Resolves when the last went out.
 */
async function paced(total: number, seconds: number, send: (k: number) => void): Promise<void> {
  const start = performance.now();
  let k = 0;
  while (k < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000 / seconds) * total) + 1);
    while (k < due) send(k++);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Waits until `done()` or `ms` have passed (what is still missing then counts as lost). */
async function settle(done: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

const atStart = await memory();
// The echo: each socket's frames come back to it.
const echoSockets = await openAll(BUYERS * 2, () => open(`ws://127.0.0.1:${setup.echoPort}`));
let echoTally = tally();
echoSockets.forEach((ws) =>
  ws.on('message', (data) => {
    const { at } = JSON.parse(String(data)) as { at: number };
    echoTally.latencies.push(performance.now() - at);
    echoTally.received++;
  }),
);
const afterEcho = await memory();

// The chat: buyer i's devices are sockets 2i (instance A) and 2i + 1 (instance B).
const login = async (port: number, token: string, sig: string) => {
  const ws = await open(`ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`);
  ws.send(JSON.stringify({ type: 'login', website_id: setup.websiteId, token, user_sig: sig }));
  await new Promise<void>((resolve, reject) =>
    ws.once('message', (data) => {
      const f = JSON.parse(String(data)) as ServerFrame;
      return f.type === 'ready' ? resolve() : reject(new Error(JSON.stringify(f)));
    }),
  );
  return ws;
};
const [portA, portB] = setup.ports as [number, number];
const sockets = await openAll(BUYERS * 2, (i) => {
  const b = setup.buyers[Math.floor(i / 2)] as ChatPairReady['buyers'][number];
  return login(i % 2 ? portB : portA, b.token, b.sig);
});
const staff = await Promise.all(
  [portA, portB].map((port) => login(port, setup.staff.token, setup.staff.sig)),
);
const afterChat = await memory();

let buyerTally = tally();
let staffTally = tally();
let refused = 0;
let acked = 0;
const listen = (ws: WebSocket, which: () => Tally) => {
  const seen = new Set<number>();
  ws.on('message', (data) => {
    const f = JSON.parse(String(data)) as ServerFrame;
    if (f.type === 'error') refused++;
    if (f.type === 'ack') acked++;
    if (f.type !== 'message') return;
    const t = which();
    if (seen.has(f.message.id)) return void t.duplicates++;
    seen.add(f.message.id);
    const first = f.message.msg_content[0];
    const at = first?.type === 'text' ? Number(first.content.split(' ')[0]) : NaN;
    t.latencies.push(performance.now() - at);
    t.received++;
  });
};
sockets.forEach((ws) => listen(ws, () => buyerTally));
staff.forEach((ws) => listen(ws, () => staffTally));

let sentCount = 0;
/** Message k of a phase: from a socket chosen so each buyer's two devices take turns. */
const chatSend = (socket: number) =>
  sockets[socket]?.send(
    JSON.stringify({
      type: 'send',
      gid: `bench-${socket}-${++sentCount}`,
      chat_id: setup.buyers[Math.floor(socket / 2)]?.chatId,
      main_chat_id: setup.mainChatId,
      msg_content: [
        { type: 'text', content: `${performance.now()} message ${sentCount} from socket ${socket}` },
      ],
    }),
  );
const echoSend = (socket: number) => echoSockets[socket]?.send(JSON.stringify({ at: performance.now() }));
/** Message k goes from buyer k mod BUYERS, from its devices in turn, buyers in a shuffled order. */
const order = Array.from({ length: BUYERS }, (_, i) => i).sort(() => Math.random() - 0.5);
const socketOf = (k: number) => 2 * (order[k % BUYERS] as number) + (Math.floor(k / BUYERS) % 2);

interface Phase {
  rate: number;
  sent: number;
  echo: Tally;
  buyers: Tally;
  staff: Tally;
  seconds: number;
  loopP99Ms: number;
  loopMaxMs: number;
  echoLoopP99Ms: number;
}

async function phase(rate: number, seconds: number): Promise<Phase> {
  const total = Math.round(rate * seconds);
  echoTally = tally();
  await stats();
  await paced(total, seconds, (k) => echoSend(socketOf(k)));
  await settle(() => echoTally.received >= total, 10_000);
  const echoLoop = await stats();
  const echo = echoTally;

  buyerTally = tally();
  staffTally = tally();
  const started = performance.now();
  await paced(total, seconds, (k) => chatSend(socketOf(k)));
  await settle(() => buyerTally.received >= total && staffTally.received >= total * staff.length, 30_000);
  const loop = await stats();
  return {
    rate,
    sent: total,
    echo,
    buyers: buyerTally,
    staff: staffTally,
    seconds: (performance.now() - started) / 1000,
    loopP99Ms: loop.loopP99Ms,
    loopMaxMs: loop.loopMaxMs,
    echoLoopP99Ms: echoLoop.loopP99Ms,
  };
}

const p = (t: Tally, q: number) => percentile(t.latencies, q);
const f1 = (v: number) => v.toFixed(1).padStart(7);
const lost = (ph: Phase) => ({
  buyers: ph.sent - ph.buyers.received,
  staff: ph.sent * staff.length - ph.staff.received,
  echo: ph.sent - ph.echo.received,
});

// --- the realistic load --------------------------------------------------------------------------
// A few seconds first, not counted: code paths run for the first time (compiling, caches).
await phase(BUYERS / EVERY_S, WARMUP_S);
const realistic = await phase(BUYERS / EVERY_S, SECONDS);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const chatConnections = sockets.length + staff.length;

console.log(
  `\n${BUYERS} buyers × 2 devices on 2 instances through Redis (${setup.dialect}), one message a buyer every ${EVERY_S} s ` +
    `= ${realistic.rate} messages/s for ${SECONDS} s`,
);
console.log(
  `bare ws echo (baseline)             p50 ${f1(p(realistic.echo, 0.5))} ms   p99 ${f1(p(realistic.echo, 0.99))} ms`,
);
console.log(
  `chat, buyer → own other device      p50 ${f1(p(realistic.buyers, 0.5))} ms   p99 ${f1(p(realistic.buyers, 0.99))} ms`,
);
console.log(
  `chat, buyer → staff (each instance) p50 ${f1(p(realistic.staff, 0.5))} ms   p99 ${f1(p(realistic.staff, 0.99))} ms`,
);
console.log(
  `ratio chat/echo                     p50 ${f1(p(realistic.buyers, 0.5) / p(realistic.echo, 0.5))} ×    p99 ${f1(p(realistic.buyers, 0.99) / p(realistic.echo, 0.99))} ×`,
);
const l = lost(realistic);
console.log(
  `messages: ${realistic.sent} sent, lost ${l.buyers} (buyers) + ${l.staff} (staff), duplicated ${realistic.buyers.duplicates + realistic.staff.duplicates}; echo lost ${l.echo}`,
);
console.log(`goal p99 under 50 ms: ${p(realistic.buyers, 0.99) < 50 ? 'met' : 'NOT met'}`);
console.log(
  `memory per connection (servers' process, after a GC): chat ${kib((afterChat.rss - afterEcho.rss) / chatConnections)} KiB RSS, ` +
    `${kib((afterChat.heapUsed - afterEcho.heapUsed) / chatConnections)} KiB heap; bare ws ` +
    `${kib((afterEcho.rss - atStart.rss) / echoSockets.length)} KiB RSS, ${kib((afterEcho.heapUsed - atStart.heapUsed) / echoSockets.length)} KiB heap`,
);
console.log(
  `servers' event-loop delay p99: chat ${realistic.loopP99Ms.toFixed(1)} ms (max ${realistic.loopMaxMs.toFixed(1)}), echo ${realistic.echoLoopP99Ms.toFixed(1)} ms`,
);

// --- the saturation line -------------------------------------------------------------------------
console.log(`\nsaturation: the same sockets at rising rates, ${STEP_S} s each`);
console.log('   msg/s   delivered/s   echo p99   chat p50   chat p99   ratio p99   lost  dup   loop p99');
for (const rate of RATES) {
  const ph = await phase(rate, STEP_S);
  const ls = lost(ph);
  const delivered = ph.buyers.received / ph.seconds;
  console.log(
    `${String(rate).padStart(8)} ${delivered.toFixed(0).padStart(13)} ${f1(p(ph.echo, 0.99))} ms ${f1(p(ph.buyers, 0.5))} ms ${f1(p(ph.buyers, 0.99))} ms ${f1(p(ph.buyers, 0.99) / p(ph.echo, 0.99))} × ${String(ls.buyers + ls.staff).padStart(6)} ${String(ph.buyers.duplicates + ph.staff.duplicates).padStart(4)} ${f1(ph.loopP99Ms)} ms`,
  );
  if (p(ph.buyers, 0.99) > 1000 || ls.buyers + ls.staff > 0) break;
}
console.log(`refused ${refused}, acknowledged ${acked} of ${sentCount} sent`);

[...echoSockets, ...sockets, ...staff].forEach((ws) => ws.terminate());
closing = true;
const ended = once(child, 'exit');
child.send('close');
await ended;

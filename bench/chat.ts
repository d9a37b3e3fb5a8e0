/**
 * The chat at scale: BUYERS connected customers (default 1000) across two app instances that
 * share one SQLite database and fan out through Redis. Each buyer has a socket on each instance
 * (a phone and a laptop, 2 × BUYERS sockets); every socket sends MESSAGES messages, paced over
 * the run, and its twin on the other instance receives them; a staff member's socket on each
 * instance receives everything. Prints delivery latency p50/p99 (sent on one instance, received
 * on the other), the same for a bare `ws` echo server measured in the same run with the same
 * sockets and pacing (the baseline), the ratio, messages lost and duplicated, and memory per
 * connection. Servers and clients share this one process (and the machine's two cores), so the
 * figures include the clients' own work on both sides alike.
 *
 *   REDIS_URL=redis://127.0.0.1:6379/5 npm run bench -- chat      (CHAT_BENCH_BUYERS=200 to scale down)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CHAT_SOCKET_PATH, type ServerFrame } from '@vitrine/contract';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/dialect';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { createTestDatabase } from '../apps/server/src/test/database';
import { RedisBus } from '../apps/server/src/platform/bus.redis';
import { createChatSigner } from '../apps/server/src/platform/chat-signature';
import { systemClock } from '../apps/server/src/platform/clock';
import { hashToken, newToken } from '../apps/server/src/platform/secrets';
import { LocalDiskStorage } from '../apps/server/src/platform/storage';
import { percentile } from './support/measure';

const BUYERS = Number(process.env.CHAT_BENCH_BUYERS ?? 1000);
const MESSAGES = Number(process.env.CHAT_BENCH_MESSAGES ?? 3);
/** Each socket's messages are spread over this window, at random moments. */
const WINDOW_MS = Number(process.env.CHAT_BENCH_WINDOW_MS ?? 20_000);
const PORTS = [3105, 3115] as const;
const redisUrl = process.env.REDIS_URL;
if (!redisUrl)
  throw new Error('Set REDIS_URL (e.g. redis://127.0.0.1:6379/5): the instances fan out through Redis');

const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-chat-'));
// PostgreSQL when DATABASE_URL is set (a fresh database, dropped after), else a SQLite file.
const handle = process.env.DATABASE_URL
  ? await createTestDatabase(process.env.DATABASE_URL)
  : openDatabase({ sqliteFile: join(dir, 'bench.sqlite') });
await migrateToLatest(handle.db);
const storage = new LocalDiskStorage(join(dir, 'files'));
await seedDemo(handle.db, storage, systemClock, { productsPerCompany: 6, pictures: false });

const site = await handle.db
  .selectFrom('websites')
  .select(['id', 'company_id'])
  .where('code', '=', 'demo')
  .executeTakeFirstOrThrow();
const secret = randomBytes(32);
const signer = createChatSigner(secret, systemClock);
const now = Date.now();

// Buyers and their sessions straight in the tables: BUYERS logins would measure scrypt, not chat.
interface Buyer {
  token: string;
  sig: string;
  chatId: string;
}
const buyers: Buyer[] = [];
for (let i = 0; i < BUYERS; i++) {
  const { id } = await handle.db
    .insertInto('customers')
    .values({
      company_id: site.company_id,
      customer_name: `Bench buyer ${i}`,
      password_hash: randomBytes(16).toString('hex'),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chatId = `b${id}`;
  await handle.db
    .updateTable('customers')
    .set({ chat_id: chatId, chat_customer_id: `cs${site.company_id}` })
    .where('id', '=', id)
    .execute();
  const token = newToken();
  await handle.db
    .insertInto('sessions')
    .values({
      company_id: site.company_id,
      website_id: site.id,
      token_hash: hashToken(token),
      login_type: 1,
      customer_id: id,
      access_code_id: null,
      created_at: now,
      expires_at: now + 24 * 3600_000,
      revoked_at: null,
      visitor_key: null,
    })
    .execute();
  const sig = signer.sign({ kind: 'buyer', companyId: site.company_id, subjectId: id, chatId }).sig;
  buyers.push({ token, sig, chatId });
}
const service = await handle.db
  .selectFrom('staff_users')
  .select(['id', 'chat_id'])
  .where('company_id', '=', site.company_id)
  .where('role', '=', 'service')
  .executeTakeFirstOrThrow();
const staffToken = newToken();
await handle.db
  .insertInto('staff_sessions')
  .values({
    company_id: site.company_id,
    staff_id: service.id,
    token_hash: hashToken(staffToken),
    created_at: now,
    expires_at: now + 24 * 3600_000,
    revoked_at: null,
  })
  .execute();
const staffSig = signer.sign({
  kind: 'staff',
  companyId: site.company_id,
  subjectId: service.id,
  chatId: service.chat_id ?? '',
}).sig;

const prefix = `chat-bench:${randomBytes(4).toString('hex')}:`;
const buses = PORTS.map(() => new RedisBus({ url: redisUrl, prefix }));
const apps = await Promise.all(
  PORTS.map((port, i) =>
    buildApp({
      db: handle.db,
      clock: systemClock,
      storage,
      defaultSite: 'demo',
      logLevel: 'silent',
      bus: buses[i],
      chatSecret: secret,
      housekeepingEveryMs: 0,
      chatMailEveryMs: 0,
      imageScanEveryMs: 0,
    }).then(async (app) => {
      await app.listen({ port, host: '127.0.0.1' });
      // Picture indexing starts with the app (and loads OpenCV); it is not what is measured here.
      await app.imageIndex.stop();
      return app;
    }),
  ),
);

const rss = () => process.memoryUsage().rss;
const open = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

interface Tally {
  latencies: number[];
  received: number;
  duplicates: number;
}
const tally = (): Tally => ({ latencies: [], received: 0, duplicates: 0 });

/** Opens `count` sockets a few at a time (a burst of thousands of handshakes is another benchmark). */
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

/** Sends MESSAGES messages from each sender at random moments of the window; resolves when all went out. */
function paced(senders: number, send: (sender: number, n: number) => void): Promise<void> {
  const all: Promise<void>[] = [];
  for (let s = 0; s < senders; s++)
    for (let n = 0; n < MESSAGES; n++)
      all.push(new Promise((r) => setTimeout(() => r(send(s, n)), Math.random() * WINDOW_MS)));
  return Promise.all(all).then(() => undefined);
}

/** Waits until `done()` or `ms` have passed (messages still missing then count as lost). */
async function settle(done: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

// --- the baseline: a bare ws echo, the same sockets and pacing -----------------------------------
async function bareEcho() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  wss.on('connection', (ws) => ws.on('message', (data) => ws.send(data)));
  const { port } = wss.address() as { port: number };
  const before = rss();
  const sockets = await openAll(BUYERS * 2, () => open(`ws://127.0.0.1:${port}`));
  const perConnection = (rss() - before) / sockets.length;
  const t = tally();
  sockets.forEach((ws) =>
    ws.on('message', (data) => {
      const { at } = JSON.parse(String(data)) as { at: number };
      t.latencies.push(performance.now() - at);
      t.received++;
    }),
  );
  await paced(sockets.length, (s) => sockets[s]?.send(JSON.stringify({ at: performance.now() })));
  await settle(() => t.received >= sockets.length * MESSAGES, 10_000);
  sockets.forEach((ws) => ws.close());
  await new Promise((r) => wss.close(r));
  return { t, perConnection, sent: sockets.length * MESSAGES };
}

// --- the chat: each buyer's two sockets on the two instances ------------------------------------
async function chat() {
  const login = async (port: number, token: string, sig: string) => {
    const ws = await open(`ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`);
    ws.send(JSON.stringify({ type: 'login', website_id: site.id, token, user_sig: sig }));
    await new Promise<void>((resolve, reject) =>
      ws.once('message', (data) => {
        const f = JSON.parse(String(data)) as ServerFrame;
        return f.type === 'ready' ? resolve() : reject(new Error(JSON.stringify(f)));
      }),
    );
    return ws;
  };
  const before = rss();
  const sockets = await openAll(BUYERS * 2, (i) => {
    const b = buyers[Math.floor(i / 2)] as Buyer;
    return login(PORTS[i % 2] as number, b.token, b.sig);
  });
  const staff = await Promise.all(PORTS.map((port) => login(port, staffToken, staffSig)));
  const perConnection = (rss() - before) / (sockets.length + staff.length);

  const buyerTally = tally();
  const staffTally = tally();
  const seenBy = new Map<WebSocket, Set<number>>();
  const listen = (ws: WebSocket, t: Tally) => {
    const seen = new Set<number>();
    seenBy.set(ws, seen);
    ws.on('message', (data) => {
      const f = JSON.parse(String(data)) as ServerFrame;
      if (f.type !== 'message') return;
      if (seen.has(f.message.id)) return void t.duplicates++;
      seen.add(f.message.id);
      const first = f.message.msg_content[0];
      const at = first?.type === 'text' ? Number(first.content.split(' ')[0]) : NaN;
      t.latencies.push(performance.now() - at);
      t.received++;
    });
  };
  sockets.forEach((ws) => listen(ws, buyerTally));
  staff.forEach((ws) => listen(ws, staffTally));

  let refused = 0;
  sockets.forEach((ws) =>
    ws.on('message', (data) => {
      const f = JSON.parse(String(data)) as ServerFrame;
      if (f.type === 'error') refused++;
    }),
  );
  const pairOf = (i: number) => {
    const b = buyers[Math.floor(i / 2)] as Buyer;
    return { chat_id: b.chatId, main_chat_id: `cs${site.company_id}` };
  };
  const started = performance.now();
  await paced(sockets.length, (s, n) =>
    sockets[s]?.send(
      JSON.stringify({
        type: 'send',
        gid: `bench-${s}-${n}-${randomBytes(4).toString('hex')}`,
        ...pairOf(s),
        msg_content: [{ type: 'text', content: `${performance.now()} message ${n} from socket ${s}` }],
      }),
    ),
  );
  const sent = sockets.length * MESSAGES;
  // Each buyer socket receives what its twin sent; each staff socket receives everything.
  await settle(() => buyerTally.received >= sent && staffTally.received >= sent * staff.length, 30_000);
  const seconds = (performance.now() - started) / 1000;
  [...sockets, ...staff].forEach((ws) => ws.close());
  return { buyerTally, staffTally, perConnection, sent, staffSockets: staff.length, refused, seconds };
}

const loop = monitorEventLoopDelay({ resolution: 10 });
const echo = await bareEcho();
loop.enable();
const run = await chat();
loop.disable();

const p = (t: Tally, q: number) => percentile(t.latencies, q);
const row = (name: string, t: Tally) =>
  `${name.padEnd(34)} p50 ${p(t, 0.5).toFixed(1).padStart(7)} ms   p99 ${p(t, 0.99).toFixed(1).padStart(7)} ms`;
console.log(
  `\n${BUYERS} buyers × 2 sockets on 2 instances through Redis, ${MESSAGES} messages a socket over ${WINDOW_MS / 1000} s`,
);
console.log(row('bare ws echo (baseline)', echo.t));
console.log(row('chat, buyer → own other socket', run.buyerTally));
console.log(row('chat, buyer → staff (each instance)', run.staffTally));
console.log(
  `ratio chat/echo                    p50 ${(p(run.buyerTally, 0.5) / p(echo.t, 0.5)).toFixed(1).padStart(7)} ×   p99 ${(p(run.buyerTally, 0.99) / p(echo.t, 0.99)).toFixed(1).padStart(7)} ×`,
);
console.log(`goal: p99 under 50 ms: ${p(run.buyerTally, 0.99) < 50 ? 'met' : 'NOT met'}`);
const lostBuyers = run.sent - run.buyerTally.received;
const lostStaff = run.sent * run.staffSockets - run.staffTally.received;
console.log(
  `messages: ${run.sent} sent in ${run.seconds.toFixed(1)} s, lost ${lostBuyers} (buyers) + ${lostStaff} (staff), duplicated ${run.buyerTally.duplicates + run.staffTally.duplicates}, refused ${run.refused}`,
);
console.log(
  `memory per connection: chat ${(run.perConnection / 1024).toFixed(1)} KiB, bare ws ${(echo.perConnection / 1024).toFixed(1)} KiB (RSS growth while connecting, clients included)`,
);
console.log(`echo: ${echo.sent - echo.t.received} lost`);
console.log(
  `event loop delay during the chat run: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
);

await Promise.all(apps.map((a) => a.close()));
await Promise.all(buses.map((b) => b.close()));
await handle.close();
rmSync(dir, { recursive: true, force: true });

// Two app instances of the real server (buildApp) on one database, fanning out through Redis, and
// a bare `ws` echo server beside them: the chat bench's server side, in a process of its own so
// that its memory and event loop are the servers' alone. Talks to the bench over IPC: sends
// { ports, echoPort, buyers, staff, ... } when ready, then answers 'stats' (memory after a GC,
// event-loop delay since the last 'stats'; 'memory' collects garbage first) and ends on 'close'.
//
// SQLite file by default (both instances share its one connection, as two instances in one
// process would); PostgreSQL when DATABASE_URL is set (a fresh database, dropped after).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/dialect';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed/demo';
import { RedisBus } from '../../apps/server/src/platform/bus.redis';
import { createChatSigner } from '../../apps/server/src/platform/chat-signature';
import { systemClock } from '../../apps/server/src/platform/clock';
import { hashToken, newToken } from '../../apps/server/src/platform/secrets';
import { LocalDiskStorage } from '../../apps/server/src/platform/storage';
import { createTestDatabase } from '../../apps/server/src/test/database';

export interface ChatPairReady {
  type: 'ready';
  ports: number[];
  echoPort: number;
  websiteId: number;
  mainChatId: string;
  buyers: { token: string; sig: string; chatId: string }[];
  staff: { token: string; sig: string };
  dialect: string;
}
export interface ChatPairStats {
  type: 'stats';
  /** Memory after a full collection when asked with 'memory', else as it is. */
  rss: number;
  heapUsed: number;
  loopP99Ms: number;
  loopMaxMs: number;
}

const [buyerCount = '1000', redisUrl = ''] = process.argv.slice(2);
const send = (m: ChatPairReady | ChatPairStats) => process.send?.(m);

const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-chat-'));
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

// Buyers and their sessions straight in the tables: a thousand logins would measure scrypt, not chat.
const buyers: ChatPairReady['buyers'] = [];
for (let i = 0; i < Number(buyerCount); i++) {
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
  const sig = signer.sign({ kind: 'buyer', companyId: site.company_id, subjectId: Number(id), chatId }).sig;
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
  subjectId: Number(service.id),
  chatId: service.chat_id ?? '',
}).sig;

const prefix = `chat-bench:${randomBytes(4).toString('hex')}:`;
const buses = [0, 1].map(() => new RedisBus({ url: redisUrl, prefix }));
const apps = await Promise.all(
  buses.map((bus) =>
    buildApp({
      db: handle.db,
      clock: systemClock,
      storage,
      defaultSite: 'demo',
      logLevel: 'silent',
      bus,
      chatSecret: secret,
      // The bench's buyers keep their sockets open without pinging for the run.
      chatSweepEveryMs: 0,
      housekeepingEveryMs: 0,
      chatMailEveryMs: 0,
      imageScanEveryMs: 0,
    }).then(async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      // Picture indexing starts with the app (and loads OpenCV); it is not what is measured here.
      await app.imageIndex.stop();
      return app;
    }),
  ),
);

// The baseline: a bare ws server that sends each frame back, in this same process.
const echo = new WebSocketServer({ port: 0, host: '127.0.0.1' });
await new Promise((r) => echo.once('listening', r));
echo.on('connection', (ws) => ws.on('message', (data, binary) => ws.send(data, { binary })));

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', (m: unknown) => {
  // A full collection stops the loop: only where memory is measured, before a phase, never in one.
  if (m === 'memory') gc?.();
  if (m === 'stats' || m === 'memory') {
    const { rss, heapUsed } = process.memoryUsage();
    send({ type: 'stats', rss, heapUsed, loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 });
    loop.reset();
  }
  if (m === 'close')
    void (async () => {
      for (const c of echo.clients) c.terminate();
      await new Promise((r) => echo.close(r));
      await Promise.all(apps.map((a) => a.close()));
      await Promise.all(buses.map((b) => b.close()));
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    })();
});

send({
  type: 'ready',
  ports: apps.map((a) => (a.server.address() as { port: number }).port),
  echoPort: (echo.address() as { port: number }).port,
  websiteId: Number(site.id),
  mainChatId: `cs${site.company_id}`,
  buyers,
  staff: { token: staffToken, sig: staffSig },
  dialect: handle.dialect,
});

import { existsSync, mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase, sqliteFileIn } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import { DEMO_CREDENTIALS, DEMO_STAFF, isDatabaseEmpty, seedDemo } from './db/seed/demo';
import { seedDemoActivity } from './db/seed/demo-activity';
// --- issue 18 (analytics) ---
import { seedDemoAnalytics } from './db/seed/demo-analytics';
// --- end issue 18 (analytics) ---
import { systemClock } from './platform/clock';
import { type Bus, InProcessBus } from './platform/bus';
import { RedisBus } from './platform/bus.redis';
import { KeptMailer, type Mailer, smtpMailer } from './platform/mailer';
import { LocalDiskStorage, type Storage } from './platform/storage';
import { S3Storage } from './platform/storage.s3';
import { uploadSecretIn } from './platform/upload-token';
import { workerPool, workerTask } from './platform/worker-task';
import type { ImportWork, ImportWorker } from './modules/catalog-import/import.work';
import type { WorkbookInput } from './modules/samples/samples.excel';
import type { ImageWork } from './modules/image-search/image-search.work';
import type { ProformaDocument } from './modules/orders/proforma/proforma.input';
import type { LinesheetDocument } from './modules/linesheet/linesheet.input';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
  const where = config.databaseUrl ? 'PostgreSQL' : join(config.dataDir, 'vitrine.sqlite');
  const applied = await migrateToLatest(handle.db);
  if (applied.length) console.log(`Migrated ${where}: ${applied.join(', ')}`);
  if (process.argv.includes('--migrate-only')) {
    console.log(`Database ${where} is up to date.`);
    await handle.close();
    return;
  }

  let storage: Storage;
  if (config.s3) {
    storage = new S3Storage({ ...config.s3, clock: systemClock });
    console.log(
      `Files: S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`,
    );
  } else {
    const root = join(config.dataDir, 'files');
    mkdirSync(root, { recursive: true });
    storage = new LocalDiskStorage(root, '/files/', {
      secret: config.uploadSecret
        ? Buffer.from(config.uploadSecret, 'utf8')
        : uploadSecretIn(join(config.dataDir, 'upload-secret')),
    });
  }

  // The scale-out twins when configured: Redis carries the chat between instances, SMTP its mail.
  const bus: Bus = config.redisUrl
    ? new RedisBus({
        url: config.redisUrl,
        prefix: 'vitrine:',
        onError: (err) => console.error('Redis:', err),
      })
    : new InProcessBus((err) => console.error('bus subscriber failed:', err));
  const mailer: Mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : new KeptMailer();
  // Every instance must sign alike: set CHAT_SECRET when several run; one alone keeps its own.
  const chatSecret = config.chatSecret
    ? Buffer.from(config.chatSecret, 'utf8')
    : uploadSecretIn(join(config.dataDir, 'chat-secret'));
  if (config.redisUrl) console.log('Chat: fan-out through Redis');

  const empty = await isDatabaseEmpty(handle.db);
  const seeding = config.seedDemo ?? empty;
  if (seeding) {
    const started = Date.now();
    console.log('Seeding the demo companies (first start only)…');
    const summary = await seedDemo(handle.db, storage, systemClock, {
      log: (line) => console.log(`  ${line}`),
    });
    console.log(`Seeded ${summary.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  const here = dirname(fileURLToPath(import.meta.url));
  // A thread inherits the priority of the thread that starts it, and libuv starts its pool (files,
  // sharp) at the first job given to it: that must be this thread, never a worker running below
  // it (decision 0064), or every file read of every request would run at the worker's priority.
  await stat(here);
  // The bundle has the worker beside it; run from source (npm run dev), workbooks build inline.
  const excelWorker = new URL('./excel-worker.js', import.meta.url);
  // Image work runs beside this thread, so a query never waits behind a vocabulary being learned:
  // the catalogue's indexing in a process of its own below this one's priority (decision 0078), and
  // for queries one thread per core (up to 4), so buyers searching at the same time are described
  // and re-ranked side by side while this thread keeps answering requests.
  const imageWorker = new URL('./image-worker.js', import.meta.url);
  const queryThreads = Math.min(4, availableParallelism());
  // Proforma invoices are drawn in a thread of their own (decision 0031), inline from source.
  const proformaWorker = new URL('./proforma-worker.js', import.meta.url);
  // The catalogue import's spreadsheets, zips and pictures: a process of its own, every thread of
  // it at a lower priority, so buyers' requests come first while it runs (decisions 0055, 0078; a
  // thread's priority would not reach libuv's and sharp's threads doing its work); inline from source.
  const importWorker = new URL('./import-worker.js', import.meta.url);
  // Linesheets likewise, in a thread of their own so a long one never waits behind invoices (decision 0061).
  const linesheetWorker = new URL('./linesheet-worker.js', import.meta.url);
  const app = await buildApp({
    // The threads of heavy calls run below this one's priority (decision 0064): it answers everybody.
    buildWorkbook: existsSync(fileURLToPath(excelWorker))
      ? workerTask<WorkbookInput, Buffer>(excelWorker, { heavy: true })
      : undefined,
    renderProforma: existsSync(fileURLToPath(proformaWorker))
      ? workerTask<ProformaDocument, Uint8Array>(proformaWorker, { heavy: true })
      : undefined,
    importWork: existsSync(fileURLToPath(importWorker))
      ? (workerTask<ImportWork, unknown>(importWorker, {
          background: true,
          ownProcess: true,
        }) as ImportWorker)
      : undefined,
    renderLinesheet: existsSync(fileURLToPath(linesheetWorker))
      ? workerTask<LinesheetDocument, Uint8Array>(linesheetWorker, { heavy: true })
      : undefined,
    imageWork: existsSync(fileURLToPath(imageWorker))
      ? {
          query: workerPool(imageWorker, queryThreads, { heavy: true }) as ImageWork,
          indexing: workerTask(imageWorker, { background: true, ownProcess: true }) as ImageWork,
          queryThreads,
        }
      : undefined,
    db: handle.db,
    databasePool: handle.pool,
    clock: systemClock,
    storage,
    fileOrigins: storage instanceof S3Storage ? storage.origins() : [],
    defaultSite: config.defaultSite ?? 'demo',
    webRoot: resolve(here, '../../web/dist'),
    staffRoot: resolve(here, '../../staff/dist'),
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    heavyCalls: config.heavyCalls,
    imageSearchShortlist: config.imageSearchShortlist,
    bus,
    chatSecret,
    mailer,
  });

  // Buyers' first steps on a new demo (applications, sample lists), for the console to show.
  if (seeding && empty) {
    await app.ready();
    for (const line of await seedDemoActivity(app)) console.log(`  ${line}`);
    // --- issue 18 (analytics) ---
    for (const line of await seedDemoAnalytics(app, handle.db, Date.now())) console.log(`  ${line}`);
    // --- end issue 18 (analytics) ---
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await bus.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  const url = `http://localhost:${port}`;
  console.log(`\nVitrine showroom: ${url}   (API reference: ${url}/api/docs.json)`);
  for (const c of DEMO_CREDENTIALS) {
    console.log(
      `  ${url}/login?site=${c.site}  visitor code: ${c.visitor}  customer password: ${c.customer}`,
    );
  }
  console.log(`\nExporter's console: ${url}/staff/`);
  for (const m of DEMO_STAFF)
    console.log(`  ${url}/staff/?site=${m.site}  ${m.role.padEnd(7)}  ${m.email}  /  ${m.password}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

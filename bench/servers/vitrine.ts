// The real server (buildApp) on a fresh SQLite database with the demo seed, for benchmarks.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/dialect';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed/demo';
import { systemClock } from '../../apps/server/src/platform/clock';
import { LocalDiskStorage } from '../../apps/server/src/platform/storage';

const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
const handle = openDatabase({ sqliteFile: join(dir, 'bench.sqlite') });
await migrateToLatest(handle.db);
const storage = new LocalDiskStorage(join(dir, 'files'));
mkdirSync(storage.root, { recursive: true });
await seedDemo(handle.db, storage, systemClock, { productsPerCompany: 50, pictures: false });
const app = await buildApp({
  db: handle.db,
  clock: systemClock,
  storage,
  defaultSite: 'demo',
  logLevel: 'silent',
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
process.stdout.write(JSON.stringify({ port, dir }) + '\n');

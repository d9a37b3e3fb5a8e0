// The real server on an already filled database (SQLite file or PostgreSQL URL), for benchmarks.
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/dialect';
import { systemClock } from '../../apps/server/src/platform/clock';
import { LocalDiskStorage } from '../../apps/server/src/platform/storage';

const [target, dir, countCacheMs] = process.argv.slice(2);
if (!target || !dir) {
  throw new Error('usage: vitrine-db.ts <sqlite file | postgres url> <dir> [count cache ms]');
}
const handle = target.startsWith('postgres')
  ? openDatabase({ databaseUrl: target })
  : openDatabase({ sqliteFile: target });
const storage = new LocalDiskStorage(join(dir, 'files'));
const app = await buildApp({
  db: handle.db,
  clock: systemClock,
  storage,
  defaultSite: 'demo',
  logLevel: 'silent',
  ...(countCacheMs === undefined ? {} : { countCacheMs: Number(countCacheMs) }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ port: (app.server.address() as { port: number }).port }) + '\n');

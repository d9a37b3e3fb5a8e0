// The real server on a filled SQLite file, with the catalogue import's worker and the image
// index's as they ship (dist/import-worker.js and dist/image-worker.js, built by
// `npm run build -w apps/server`; inline when missing; processes of their own, decision 0078),
// /bench/memory answering the process's peak resident memory (worker threads included) and its
// worker processes' apart, and /bench/gc the garbage collections of the thread answering the
// calls so far (workers' own are not counted: they pause only them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/dialect';
import type { ImportWork, ImportWorker } from '../../apps/server/src/modules/catalog-import/import.work';
import { systemClock } from '../../apps/server/src/platform/clock';
import { LocalDiskStorage } from '../../apps/server/src/platform/storage';
import type { ImageWork } from '../../apps/server/src/modules/image-search/image-search.work';
import { workerPool, workerTask } from '../../apps/server/src/platform/worker-task';

/** Collections of this thread by kind: how many, their total and longest pause (ms) since the last look. */
const gc = {
  minor: { count: 0, ms: 0, max: 0 },
  major: { count: 0, ms: 0, max: 0 },
  other: { count: 0, ms: 0, max: 0 },
};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = ((e as { detail?: unknown }).detail as { kind?: number } | undefined)?.kind;
    const g =
      kind === constants.NODE_PERFORMANCE_GC_MINOR
        ? gc.minor
        : kind === constants.NODE_PERFORMANCE_GC_MAJOR || kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL
          ? gc.major
          : gc.other;
    g.count++;
    g.ms += e.duration;
    g.max = Math.max(g.max, e.duration);
  }
}).observe({ entryTypes: ['gc'] });

const [target, dir] = process.argv.slice(2);
if (!target || !dir) throw new Error('usage: vitrine-import.ts <sqlite file> <dir>');
const handle = openDatabase({ sqliteFile: target });
const storage = new LocalDiskStorage(join(dir, 'files'));
const worker = new URL('../../apps/server/dist/import-worker.js', import.meta.url);
const inWorker = existsSync(fileURLToPath(worker));
const imageWorker = new URL('../../apps/server/dist/image-worker.js', import.meta.url);
const queryThreads = Math.min(4, availableParallelism());
// As main.ts: libuv's pool is started by this thread, never by a thread below its priority.
await stat(dir);
const app = await buildApp({
  db: handle.db,
  clock: systemClock,
  storage,
  defaultSite: 'demo',
  logLevel: 'silent',
  importWork: inWorker
    ? (workerTask<ImportWork, unknown>(worker, { background: true, ownProcess: true }) as ImportWorker)
    : undefined,
  importWorkDir: join(dir, 'import'),
  // New pictures are described in the image index's own background process, as in production.
  imageWork: existsSync(fileURLToPath(imageWorker))
    ? {
        query: workerPool(imageWorker, queryThreads, { heavy: true }) as ImageWork,
        indexing: workerTask(imageWorker, { background: true, ownProcess: true }) as ImageWork,
        queryThreads,
      }
    : undefined,
});
/**
 * Child processes' peak resident memory (the import's and the image index's workers), MB: each
 * one's own high-water mark, read when asked (the workers live as long as the server).
 */
const childrenPeakMb = () => {
  let kb = 0;
  for (const tid of readdirSync('/proc/self/task'))
    for (const pid of readFileSync(`/proc/self/task/${tid}/children`, 'utf8').split(' ').filter(Boolean))
      try {
        kb += Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        // ended
      }
  return Math.round(kb / 1024);
};
app.get('/bench/memory', async () => ({
  maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  childrenMb: childrenPeakMb(),
  inWorker,
}));
/**
 * The answering thread's time on a core and time ready but waiting for one, ms so far (Linux's
 * schedstat of the thread; zeros elsewhere): tells work done on the thread from a thread kept off
 * its core by others.
 */
app.get('/bench/sched', async () => {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    return { runMs: (run ?? 0) / 1e6, waitMs: (wait ?? 0) / 1e6 };
  } catch {
    return { runMs: 0, waitMs: 0 };
  }
});
// Each look starts the longest pause afresh, so the bench reads the run's own.
app.get('/bench/gc', async () => {
  const seen = structuredClone(gc);
  for (const g of Object.values(gc)) g.max = 0;
  return seen;
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ port: (app.server.address() as { port: number }).port }) + '\n');

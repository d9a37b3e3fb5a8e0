import { Worker } from 'node:worker_threads';

/**
 * Runs CPU-heavy work (building a workbook) in one worker thread, so requests keep being
 * answered meanwhile. Jobs queue in the worker; a worker that dies is replaced by the next job.
 */
export function workerTask<I, O>(file: URL): (input: I) => Promise<O> {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve(v: O): void; reject(e: Error): void }>();

  const start = (): Worker => {
    const w = new Worker(file);
    // A waiting worker must not keep the process alive at shutdown.
    w.unref();
    w.on('message', (m: { id: number; ok: boolean; result?: O; error?: string }) => {
      const job = pending.get(m.id);
      pending.delete(m.id);
      if (m.ok) job?.resolve(m.result as O);
      else job?.reject(new Error(m.error ?? 'worker job failed'));
    });
    const fail = (e: Error) => {
      worker = null;
      for (const job of pending.values()) job.reject(e);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`worker exited with code ${code}`)));
    return w;
  };

  return (input: I) =>
    new Promise<O>((resolve, reject) => {
      worker ??= start();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, input });
    });
}

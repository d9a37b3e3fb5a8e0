import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_NICE,
  HEAVY_NICE_STEP,
  lowerProcess,
  ownBuffers,
  serveWorker,
  workerPool,
  workerTask,
} from './worker-task';

const script = (code: string) =>
  new URL(
    `data:text/javascript,${encodeURIComponent(`import { parentPort } from 'node:worker_threads';\n${code}`)}`,
  );

describe('a worker task', () => {
  it.runIf(process.platform === 'linux')(
    'runs background and heavy work at a lower priority than the server',
    async () => {
      const code = `import { getPriority } from 'node:os';\nparentPort.on('message', ({ id }) => parentPort.postMessage({ id, ok: true, result: getPriority() }));`;
      const before = getPriority();
      const background = workerTask<null, number>(script(code), { background: true });
      const foreground = workerTask<null, number>(script(code));
      const heavy = workerTask<null, number>(script(code), { heavy: true });
      expect(await background(null)).toBe(Math.max(before, BACKGROUND_NICE));
      // Heavy work a caller waits for: below the server's thread, whatever that thread's own priority.
      expect(await heavy(null)).toBe(Math.min(19, before + HEAVY_NICE_STEP));
      expect(await foreground(null)).toBe(before);
      // The thread alone: the server's own thread keeps its priority.
      expect(getPriority()).toBe(before);
    },
  );

  it('answers each job with its own result, in a thread of its own', async () => {
    const run = workerTask<number, number>(
      script(
        `parentPort.on('message', ({ id, input }) => parentPort.postMessage({ id, ok: true, result: input * 2 }));`,
      ),
    );
    expect(await Promise.all([run(1), run(2), run(3)])).toEqual([2, 4, 6]);
  });

  it('rejects a job the worker could not do, and keeps going', async () => {
    const run = workerTask<number, number>(
      script(
        `parentPort.on('message', ({ id, input }) => parentPort.postMessage(input < 0 ? { id, ok: false, error: 'negative' } : { id, ok: true, result: input }));`,
      ),
    );
    await expect(run(-1)).rejects.toThrow('negative');
    expect(await run(5)).toBe(5);
  });

  it('keeps the new worker going when the one that failed tells its exit after its error', async () => {
    const run = workerTask<number, number>(
      script(
        `parentPort.on('message', ({ id, input }) => { if (input === 0) throw new Error('boom'); parentPort.postMessage({ id, ok: true, result: input }); });`,
      ),
    );
    // The next job is sent as soon as the first is rejected (its worker's error), before its exit.
    expect(await run(0).catch(() => run(5))).toBe(5);
  });

  it('rejects the jobs of a worker that dies, and starts a new one for the next job', async () => {
    const run = workerTask<number, number>(
      script(
        `parentPort.on('message', ({ id, input }) => { if (input === 0) process.exit(3); parentPort.postMessage({ id, ok: true, result: input }); });`,
      ),
    );
    await expect(run(0)).rejects.toThrow('code 3');
    expect(await run(7)).toBe(7);
  });
});

describe('lowering a process', () => {
  it.runIf(process.platform === 'linux')(
    'lowers every thread of it once, and tells when there was nothing left to lower',
    async () => {
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], { stdio: 'ignore' });
      await once(child, 'spawn');
      try {
        const pid = child.pid as number;
        const low = Math.max(getPriority(), BACKGROUND_NICE);
        // The first look finds the process's threads at the server's priority; the next finds none.
        expect(lowerProcess(pid, BACKGROUND_NICE)).toBeGreaterThan(0);
        await new Promise((ok) => setTimeout(ok, 200));
        expect(lowerProcess(pid, BACKGROUND_NICE)).toBe(0);
        const threads = readdirSync(`/proc/${pid}/task`).map((t) => getPriority(Number(t)));
        expect(new Set(threads)).toEqual(new Set([low]));
      } finally {
        child.kill();
      }
    },
  );
});

describe('background work in a process of its own', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-worker-'));
  const tsx = import.meta.resolve('tsx/esm/api');
  let files = 0;
  /** A worker file serving `work` (source of an async function) with the real serveWorker. */
  const served = (work: string) => {
    const path = join(dir, `worker-${files++}.mjs`);
    writeFileSync(
      path,
      [
        `import { register } from ${JSON.stringify(tsx)};`,
        `import { readdirSync, readFile } from 'node:fs';`,
        `import { getPriority } from 'node:os';`,
        `import { Worker } from 'node:worker_threads';`,
        `register();`,
        `const { serveWorker } = await import(${JSON.stringify(new URL('./worker-task.ts', import.meta.url).href)});`,
        `serveWorker(${work});`,
      ].join('\n'),
    );
    return pathToFileURL(path);
  };

  it('answers each job with its own result, from another process', async () => {
    const run = workerTask<number, { doubled: number; pid: number }>(
      served(`async (n) => ({ doubled: n * 2, pid: process.pid })`),
      { background: true, ownProcess: true },
    );
    const answers = await Promise.all([run(1), run(2), run(3)]);
    expect(answers.map((a) => a.doubled)).toEqual([2, 4, 6]);
    expect(new Set(answers.map((a) => a.pid)).size).toBe(1);
    expect(answers[0]?.pid).not.toBe(process.pid);
  });

  it.runIf(process.platform === 'linux')(
    'runs every thread of it below the server, those its work starts included',
    async () => {
      // A file read starts the process's own pool of threads, during the job.
      const run = workerTask<null, number[]>(
        served(
          `async () => { await new Promise((ok) => readFile(process.execPath, () => ok())); return readdirSync('/proc/self/task').map((t) => getPriority(Number(t))); }`,
        ),
        { background: true, ownProcess: true },
      );
      const before = getPriority();
      const priorities = await run(null);
      // Its main thread, V8's and libuv's: more than one, each at the background priority.
      expect(priorities.length).toBeGreaterThan(4);
      expect(new Set(priorities)).toEqual(new Set([Math.max(before, BACKGROUND_NICE)]));
      expect(getPriority()).toBe(before);
    },
  );

  it.runIf(process.platform === 'linux')(
    'keeps the threads a later job starts low, once it has stopped looking',
    async () => {
      // Each job starts a thread of its own (a worker thread) that stays while the process lives.
      const run = workerTask<null, number[]>(
        served(
          `async () => { const w = new Worker('setInterval(() => {}, 1000)', { eval: true }); w.unref(); await new Promise((ok) => w.once('online', ok)); return readdirSync('/proc/self/task').map((t) => getPriority(Number(t))); }`,
        ),
        { background: true, ownProcess: true },
      );
      const low = Math.max(getPriority(), BACKGROUND_NICE);
      const first = await run(null);
      const second = await run(null);
      const third = await run(null);
      // The second look found every thread low already: the third job's thread is not looked at.
      expect(third.length).toBeGreaterThan(second.length);
      expect(second.length).toBeGreaterThan(first.length);
      expect(new Set([...first, ...second, ...third])).toEqual(new Set([low]));
    },
  );

  it('rejects a job it could not do and goes on; a process that dies is replaced', async () => {
    const run = workerTask<number, number>(
      served(
        `async (n) => { if (n < 0) throw new Error('negative'); if (n === 0) process.exit(3); return process.pid; }`,
      ),
      { background: true, ownProcess: true },
    );
    await expect(run(-1)).rejects.toThrow('negative');
    const first = await run(1);
    await expect(run(0)).rejects.toThrow('code 3');
    const second = await run(1);
    expect(second).not.toBe(first);
  });

  it('copies typed arrays and Buffers across as a thread does', async () => {
    const run = workerTask<Uint8Array, { bytes: Uint8Array; floats: Float32Array }>(
      served(`async (b) => ({ bytes: Buffer.from(b).reverse(), floats: new Float32Array([0.5, 1.5]) })`),
      { background: true, ownProcess: true },
    );
    const answer = await run(new Uint8Array([1, 2, 3]));
    expect(Array.from(answer.bytes)).toEqual([3, 2, 1]);
    expect(answer.floats).toEqual(new Float32Array([0.5, 1.5]));
  });
});

describe('a pool of workers', () => {
  // Each job holds its thread for 300 ms and answers the thread's id.
  const busy = script(
    `import { threadId } from 'node:worker_threads';\nparentPort.on('message', ({ id }) => { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300); parentPort.postMessage({ id, ok: true, result: threadId }); });`,
  );

  it('runs jobs that arrive together side by side, each in its own thread', async () => {
    const run = workerPool<null, number>(busy, 2);
    const threads = await Promise.all([run(null), run(null)]);
    expect(new Set(threads).size).toBe(2);
    // Two more at once go one to each thread again, never two to one while the other idles.
    const again = await Promise.all([run(null), run(null)]);
    expect(new Set(again)).toEqual(new Set(threads));
  });

  it('queues in one thread what a pool of one is given', async () => {
    const run = workerPool<null, number>(busy, 1);
    const threads = await Promise.all([run(null), run(null), run(null)]);
    expect(new Set(threads).size).toBe(1);
  });
});

describe('a worker serving jobs', () => {
  /** Serves `work` on one end of a channel, sends it a job on the other, and returns the answer. */
  async function serve<O>(
    work: () => Promise<O>,
    transfer?: (result: O) => Iterable<ArrayBufferView>,
  ): Promise<{ id: number; ok: boolean; result: O }> {
    const { port1, port2 } = new MessageChannel();
    serveWorker(work, { port: port1, transfer });
    port2.postMessage({ id: 1, input: null });
    const [answer] = (await once(port2, 'message')) as [{ id: number; ok: boolean; result: O }];
    port1.close();
    return answer;
  }

  it('hands over the bytes it is told to, which leave the worker, instead of copying them', async () => {
    const own = new Uint8Array([1, 2, 3]);
    const answer = await serve(
      async () => ({ own }),
      (r) => [r.own],
    );
    expect(answer).toEqual({ id: 1, ok: true, result: { own: new Uint8Array([1, 2, 3]) } });
    // Handed over, not copied: the worker's array is empty now.
    expect(own.byteLength).toBe(0);
  });

  it('copies bytes that share their memory with others, and everything when told nothing', async () => {
    const whole = new Uint8Array([1, 2, 3, 4]);
    const part = whole.subarray(1, 3);
    const pooled = Buffer.from('small'); // from Node's shared pool
    const answer = await serve(
      async () => ({ part, pooled }),
      (r) => [r.part, r.pooled],
    );
    expect(answer.result.part).toEqual(new Uint8Array([2, 3]));
    expect(Buffer.from(answer.result.pooled).toString()).toBe('small');
    expect([whole.byteLength, part.byteLength, pooled.toString()]).toEqual([4, 2, 'small']);

    const kept = new Uint8Array([5]);
    expect((await serve(async () => kept)).result).toEqual(new Uint8Array([5]));
    expect(kept.byteLength).toBe(1);
  });

  it('hands over the memory of only those arrays that own all of it, once each', () => {
    const a = new Uint8Array(8);
    const b = new Float32Array(2);
    const whole = new Uint8Array(8);
    expect(ownBuffers([a, a, b, whole.subarray(0, 4), Buffer.from('x'), new Uint8Array(0)])).toEqual([
      a.buffer,
      b.buffer,
    ]);
  });
});

import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

/**
 * Runs CPU-heavy work (building a workbook) in one worker thread, so requests keep being
 * answered meanwhile. Jobs queue in the worker; a worker that dies is replaced by the next job.
 */
export interface WorkerTaskOptions {
  /**
   * Work nobody waits for (indexing a catalogue's pictures): the thread runs at a lower priority,
   * so it gives way to the threads answering buyers instead of taking a whole core from them.
   * Linux alone sets a priority per thread (elsewhere it would be the whole process's), so
   * elsewhere it runs as any other.
   */
  background?: boolean;
  /**
   * Work a caller waits for that takes a core for a while (describing a photo, re-ranking,
   * building a workbook, drawing a PDF): the thread runs HEAVY_NICE_STEP below the server's own
   * priority, so whenever it and the thread answering requests both want a core, that thread
   * gets it first; when nothing else wants the core, the work runs at full speed (decision 0064).
   * Linux only, as `background`.
   */
  heavy?: boolean;
  /**
   * Background work (whatever `background` says) in a child process of its own instead of a
   * thread (decision 0078): a thread's priority does not reach the threads that do its work for
   * it (libuv's pool, shared with the server's own files and sharp calls, and the image
   * library's threads), so picture work in a thread competes with the answering thread at full
   * priority. A process has its own pool; every thread of it runs at BACKGROUND_NICE. Its
   * results are copied (not handed over). Needs a JavaScript file (the bundle's), not a data: URL.
   */
  ownProcess?: boolean;
}

/** How far below normal a background thread runs (nice, 0 to 19). */
export const BACKGROUND_NICE = 15;
/** How far below the server's own priority a heavy thread runs (added to its nice, at most 19). */
export const HEAVY_NICE_STEP = 10;

/**
 * Puts every thread of a process at `nice` (or below, never above what it has). Linux keeps a
 * priority per thread, and a new thread takes its creator's: once those that exist are lowered,
 * those to come follow. Elsewhere the process's priority is the one there is. Answers how many
 * threads it lowered.
 */
export function lowerProcess(pid: number, nice: number): number {
  let threads: number[] = [pid];
  if (process.platform === 'linux')
    try {
      threads = readdirSync(`/proc/${pid}/task`).map(Number);
    } catch {
      return 0; // gone
    }
  let lowered = 0;
  for (const tid of threads)
    try {
      const was = getPriority(tid);
      if (was >= nice) continue;
      setPriority(tid, nice);
      lowered++;
    } catch {
      // A thread that has ended since, or a priority this user may not set: it runs as it is.
    }
  return lowered;
}

/** The messages of a job and its answer, whatever carries them (a thread's port or a process's channel). */
type Answer<O> = { id: number; ok: boolean; result?: O; error?: string };

/** A way to reach a worker: sends it jobs; tells each answer, and once that it has ended. */
type Channel = { send(message: { id: number; input: unknown }): void };
type Open<O> = (answer: (m: Answer<O>) => void, gone: (e: Error) => void) => Channel;

/**
 * Jobs for a worker that `open` starts at the first job and again at the first job after it
 * ended; each answer settles the job of its id, and an end rejects those still in hand.
 */
function jobsFor<I, O>(open: Open<O>): (input: I) => Promise<O> {
  let channel: Channel | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve(v: O): void; reject(e: Error): void }>();
  const start = () => {
    const opened = open(
      (m) => {
        const job = pending.get(m.id);
        pending.delete(m.id);
        if (m.ok) job?.resolve(m.result as O);
        else job?.reject(new Error(m.error ?? 'worker job failed'));
      },
      (e) => {
        // An error and an exit tell the same end; a worker ended before must not end the next.
        if (channel !== opened) return;
        channel = null;
        for (const job of pending.values()) job.reject(e);
        pending.clear();
      },
    );
    return opened;
  };
  return (input: I) =>
    new Promise<O>((resolve, reject) => {
      channel ??= start();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      channel.send({ id, input });
    });
}

/** A child process speaking the worker messages over its channel, at BACKGROUND_NICE. */
const childProcess =
  <O>(file: URL): Open<O> =>
  (answer, gone) => {
    const child: ChildProcess = fork(fileURLToPath(file), [], {
      // Typed arrays and errors cross as they do between threads.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // A waiting child must not keep the server alive at shutdown; it ends with its channel.
    child.unref();
    child.channel?.unref();
    child.on('message', (m) => answer(m as Answer<O>));
    child.on('error', gone);
    child.on('exit', (code, signal) => gone(new Error(`worker exited with code ${code ?? signal}`)));
    // Lowered before each job until a look finds every thread low already: from then on the
    // threads it starts (libuv's pool, the image library's) take the priority of threads that are
    // low. Looking before every job cost the answering thread a /proc listing and two calls per
    // thread each time (a fifth of a millisecond a picture for the image index).
    let settled = false;
    return {
      send(message) {
        if (!settled && child.pid !== undefined) settled = lowerProcess(child.pid, BACKGROUND_NICE) === 0;
        child.send(message);
      },
    };
  };

export function workerTask<I, O>(
  file: URL,
  { background = false, heavy = false, ownProcess = false }: WorkerTaskOptions = {},
): (input: I) => Promise<O> {
  // Whatever `background` says: only background work is given a process (see ownProcess).
  if (ownProcess) return jobsFor<I, O>(childProcess<O>(file));
  const nice = background
    ? String(BACKGROUND_NICE)
    : heavy
      ? `Math.min(19, os.getPriority() + ${HEAVY_NICE_STEP})`
      : null;
  return jobsFor<I, O>((answer, gone) => {
    // The priority is set from inside the thread (it is the calling thread's), before its code loads.
    const w =
      nice !== null && process.platform === 'linux'
        ? new Worker(
            `try { const os = require('node:os'); os.setPriority(${nice}); } catch {}\nimport(${JSON.stringify(file.href)});`,
            { eval: true },
          )
        : new Worker(file);
    // A waiting worker must not keep the process alive at shutdown.
    w.unref();
    w.on('message', answer);
    w.on('error', gone);
    w.on('exit', (code) => gone(new Error(`worker exited with code ${code}`)));
    return { send: (message) => w.postMessage(message) };
  });
}

/**
 * Up to `size` workers of one file: each job goes to the one with the fewest jobs in hand, so
 * jobs that arrive together run side by side on as many cores. A worker starts with its first
 * job, so a pool costs one thread until two jobs overlap.
 */
export function workerPool<I, O>(
  file: URL,
  size: number,
  options: WorkerTaskOptions = {},
): (input: I) => Promise<O> {
  const workers = Array.from({ length: Math.max(1, size) }, () => ({
    run: workerTask<I, O>(file, options),
    inHand: 0,
  }));
  return async (input: I) => {
    const w = workers.reduce((best, next) => (next.inHand < best.inHand ? next : best));
    w.inHand++;
    try {
      return await w.run(input);
    } finally {
      w.inHand--;
    }
  };
}

export interface ServeOptions<I, O> {
  /**
   * The byte arrays of a result to hand over to the calling thread instead of copying them
   * (pictures, workbooks). A handed-over array is empty in the worker afterwards, so only bytes
   * the work no longer uses belong here; those that share their memory with others are copied as
   * before (see ownBuffers).
   */
  transfer?: (result: O, input: I) => Iterable<ArrayBufferView>;
  /**
   * Where jobs come from: the worker's parent thread, or the parent process when the worker is a
   * child process (workerTask's `ownProcess`); tests give a channel of their own.
   */
  port?: JobPort | null;
}

/** What serveWorker needs of a channel: jobs in, answers out. */
export interface JobPort {
  on(event: 'message', listener: (m: { id: number; input: never }) => void): unknown;
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
}

/** The parent process's channel as a JobPort; null when this process has none. */
function parentProcessPort(): JobPort | null {
  const send = process.send?.bind(process);
  if (!send) return null;
  // Without its parent nobody will ask for anything: end with the channel.
  process.on('disconnect', () => process.exit(0));
  return {
    on: (event, listener) => process.on(event, listener as (m: unknown) => void),
    // A process's channel copies whatever it is given; nothing can be handed over.
    postMessage: (message) => send(message),
  };
}

/**
 * The memory of those views that each own all of theirs, once each: only such memory can change
 * threads. A view on part of a larger buffer (Node's pool behind small Buffers, a slice) would
 * take the rest with it, emptying arrays the sender still uses, so it stays out and is copied.
 */
export function ownBuffers(views: Iterable<ArrayBufferView>): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const v of views)
    if (
      v.buffer instanceof ArrayBuffer &&
      v.byteOffset === 0 &&
      v.byteLength === v.buffer.byteLength &&
      v.byteLength > 0
    )
      out.add(v.buffer);
  return [...out];
}

/**
 * The other side of workerTask, in the worker's own file: answers each job with `work`'s result
 * or its error, so every worker speaks the same messages.
 */
export function serveWorker<I, O>(
  work: (input: I) => Promise<O>,
  { transfer, port = parentPort ?? parentProcessPort() }: ServeOptions<I, O> = {},
): void {
  port?.on('message', (m: { id: number; input: I }) => {
    work(m.input).then(
      (result) =>
        port.postMessage(
          { id: m.id, ok: true, result },
          transfer ? ownBuffers(transfer(result, m.input)) : [],
        ),
      (e: unknown) => port.postMessage({ id: m.id, ok: false, error: String(e) }, []),
    );
  });
}

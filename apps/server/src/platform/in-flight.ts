/**
 * Counts jobs of one kind in hand (waiting for their worker or running), for /metrics: how
 * long the queue in front of a worker thread is at the moment it is read.
 */
export interface InFlight {
  readonly count: number;
  /** The same function, counted while each of its calls is in hand. */
  track<A extends unknown[], R>(work: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
}

export function inFlight(): InFlight {
  let count = 0;
  return {
    get count() {
      return count;
    },
    track:
      (work) =>
      async (...args) => {
        count++;
        try {
          return await work(...args);
        } finally {
          count--;
        }
      },
  };
}

/** How much work of a kind one instance takes on at once (capacity()). */
export interface CapacityOptions {
  /** Jobs running at once; the next ones wait. */
  running: number;
  /** Jobs waiting at most; one more is refused at once. */
  waiting: number;
  /** Longest wait for a place; a job still waiting then is refused (it would be answered too late). */
  maxWaitMs: number;
}

/** What capacity() hands a job: a release to call when it ends, or why it was refused. */
export type Admission = { ok: true; release: () => void } | { ok: false; reason: 'full' | 'timeout' };

/**
 * A bounded number of places for one kind of work in this process, with a bounded, fair wait:
 * a job runs at once when a place is free, waits when none is, and is refused when as many
 * already wait or its wait grew too long. Waiting jobs get places turn by turn between their
 * owners (the caller named by `owner`), so one owner's many jobs wait behind everybody else's
 * first, never in front.
 */
export interface Capacity {
  readonly running: number;
  readonly waiting: number;
  /** Jobs refused since start, by reason (for /metrics). */
  readonly refused: { readonly full: number; readonly timeout: number };
  enter(owner: string): Promise<Admission>;
}

export function capacity({ running: places, waiting: maxWaiting, maxWaitMs }: CapacityOptions): Capacity {
  interface Waiter {
    admit(): void;
    timer: NodeJS.Timeout;
  }
  let running = 0;
  let waiting = 0;
  const refused = { full: 0, timeout: 0 };
  // Each owner's waiting jobs in order; the owners in the order of their turns (a Map keeps insertion order).
  const queues = new Map<string, Waiter[]>();

  const admitted = (): Admission => {
    running++;
    let done = false;
    return {
      ok: true,
      release: () => {
        if (done) return;
        done = true;
        running--;
        next();
      },
    };
  };

  function next() {
    while (running < places) {
      const first = queues.entries().next();
      if (first.done) return;
      const [owner, jobs] = first.value;
      const job = jobs.shift() as Waiter;
      // The owner's next job, if any, goes to the back of the turns.
      queues.delete(owner);
      if (jobs.length) queues.set(owner, jobs);
      waiting--;
      clearTimeout(job.timer);
      job.admit();
    }
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
    refused,
    enter(owner) {
      if (running < places && waiting === 0) return Promise.resolve(admitted());
      if (waiting >= maxWaiting) {
        refused.full++;
        return Promise.resolve({ ok: false, reason: 'full' });
      }
      return new Promise<Admission>((resolve) => {
        const job: Waiter = {
          admit: () => resolve(admitted()),
          timer: setTimeout(() => {
            const jobs = queues.get(owner) ?? [];
            jobs.splice(jobs.indexOf(job), 1);
            if (!jobs.length) queues.delete(owner);
            waiting--;
            refused.timeout++;
            resolve({ ok: false, reason: 'timeout' });
          }, maxWaitMs),
        };
        // A waiting job must not keep the process alive at shutdown.
        job.timer.unref();
        const jobs = queues.get(owner);
        if (jobs) jobs.push(job);
        else queues.set(owner, [job]);
        waiting++;
      });
    },
  };
}

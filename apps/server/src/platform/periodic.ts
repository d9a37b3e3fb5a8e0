/** A task run now and then in the background (housekeeping), never twice at once. */
export interface Periodic {
  /** Runs the task at once, then everyMs after each run ends; a second start does nothing. */
  start(): void;
  /** No further runs; resolves once a run in progress has ended. */
  stop(): Promise<void>;
  /** One run now, after the one in progress if any (tests, operators). */
  runNow(): Promise<void>;
}

/**
 * Runs `task` every `everyMs` (0: only when asked with runNow). The next run is planned when the
 * last one ends, so a slow run never overlaps the next; a failed run is reported to `onError`
 * and the schedule goes on. The timer never keeps the process alive.
 */
export function runEvery(
  everyMs: number,
  task: () => Promise<void>,
  onError: (e: unknown) => void,
): Periodic {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let started = false;
  let stopped = false;

  const runOnce = (): Promise<void> => {
    running = running.then(() => task().catch(onError));
    return running;
  };

  const plan = () => {
    if (stopped || everyMs <= 0) return;
    timer = setTimeout(() => void runOnce().then(plan), everyMs);
    timer.unref();
  };

  return {
    start() {
      if (started || stopped || everyMs <= 0) return;
      started = true;
      void runOnce().then(plan);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    runNow: runOnce,
  };
}

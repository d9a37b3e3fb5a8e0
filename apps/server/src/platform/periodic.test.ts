import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './periodic';

describe('runEvery', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at start, then the interval after each run has ended, never two at once', async () => {
    const runs: number[] = [];
    let running = 0;
    let most = 0;
    const p = runEvery(
      1000,
      async () => {
        running++;
        most = Math.max(most, running);
        runs.push(Date.now());
        // A run that takes longer than the interval.
        await new Promise((r) => setTimeout(r, 1500));
        running--;
      },
      () => undefined,
    );
    const t0 = Date.now();
    p.start();
    p.start();
    await vi.advanceTimersByTimeAsync(6000);
    expect(runs.map((at) => at - t0)).toEqual([0, 2500, 5000]);
    expect(most).toBe(1);
    const stopped = p.stop();
    await vi.advanceTimersByTimeAsync(1500);
    await stopped;
  });

  it('reports a failed run and keeps to its schedule', async () => {
    const errors: unknown[] = [];
    let n = 0;
    const p = runEvery(
      1000,
      async () => {
        n++;
        if (n === 1) throw new Error('database away');
      },
      (e) => errors.push(e),
    );
    p.start();
    await vi.advanceTimersByTimeAsync(2500);
    expect(n).toBe(3);
    expect(errors).toEqual([new Error('database away')]);
    await p.stop();
  });

  it('runs no more once stopped, after waiting for the run in progress', async () => {
    let ended = 0;
    const p = runEvery(
      1000,
      async () => {
        await new Promise((r) => setTimeout(r, 200));
        ended++;
      },
      () => undefined,
    );
    p.start();
    const stopped = p.stop();
    await vi.advanceTimersByTimeAsync(200);
    await stopped;
    expect(ended).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(ended).toBe(1);
  });

  it('with no interval runs only when asked', async () => {
    let n = 0;
    const p = runEvery(
      0,
      async () => {
        n++;
      },
      () => undefined,
    );
    p.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(n).toBe(0);
    await p.runNow();
    expect(n).toBe(1);
  });
});

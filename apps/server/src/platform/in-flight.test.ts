import { describe, expect, it } from 'vitest';
import { inFlight } from './in-flight';

describe('jobs in hand', () => {
  it('counts each call from its start to its end, whether it succeeds or fails', async () => {
    const jobs = inFlight();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const work = jobs.track(async (fail: boolean) => {
      await held;
      if (fail) throw new Error('refused');
      return 'done';
    });
    const ok = work(false);
    const failed = work(true).catch((e: Error) => e.message);
    expect(jobs.count).toBe(2);
    release();
    expect(await ok).toBe('done');
    expect(await failed).toBe('refused');
    expect(jobs.count).toBe(0);
  });
});

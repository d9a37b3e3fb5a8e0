import { describe, expect, it, vi } from 'vitest';
import { type Capacity, capacity, inFlight } from './in-flight';

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

describe('a capacity of this instance', () => {
  /** Enters a job for `owner` and notes, in order, when it was admitted or refused. */
  const journal = (cap: Capacity) => {
    const events: string[] = [];
    const releases = new Map<string, () => void>();
    const enter = (owner: string, name: string) =>
      cap.enter(owner).then((a) => {
        if (a.ok) releases.set(name, a.release);
        events.push(a.ok ? name : `${name} refused (${a.reason})`);
      });
    return { events, enter, release: (name: string) => releases.get(name)?.() };
  };

  it('runs as many jobs at once as it has places, and the next one when a place is freed', async () => {
    const cap = capacity({ running: 2, waiting: 10, maxWaitMs: 60_000 });
    const j = journal(cap);
    await Promise.all([j.enter('a', 'a1'), j.enter('b', 'b1')]);
    const third = j.enter('c', 'c1');
    await Promise.resolve();
    expect(j.events).toEqual(['a1', 'b1']);
    expect([cap.running, cap.waiting]).toEqual([2, 1]);
    j.release('a1');
    await third;
    expect(j.events).toEqual(['a1', 'b1', 'c1']);
    expect([cap.running, cap.waiting]).toEqual([2, 0]);
    // A release counts once, however often it is called.
    j.release('b1');
    j.release('b1');
    expect(cap.running).toBe(1);
  });

  it('refuses at once a job beyond those allowed to wait, and counts it', async () => {
    const cap = capacity({ running: 1, waiting: 2, maxWaitMs: 60_000 });
    const j = journal(cap);
    await j.enter('a', 'a1');
    const waiting = [j.enter('b', 'b1'), j.enter('c', 'c1')];
    await j.enter('d', 'd1');
    expect(j.events).toEqual(['a1', 'd1 refused (full)']);
    expect(cap.refused).toEqual({ full: 1, timeout: 0 });
    j.release('a1');
    await waiting[0];
    j.release('b1');
    await waiting[1];
    expect(j.events).toEqual(['a1', 'd1 refused (full)', 'b1', 'c1']);
  });

  it('gives places turn by turn between owners, so one owner with many jobs waits behind the others', async () => {
    const cap = capacity({ running: 1, waiting: 10, maxWaitMs: 60_000 });
    const j = journal(cap);
    await j.enter('script', 's1');
    const all = [
      j.enter('script', 's2'),
      j.enter('script', 's3'),
      j.enter('script', 's4'),
      j.enter('buyer', 'b1'),
      j.enter('other', 'o1'),
    ];
    // Each admitted job ends in turn, and the next is let in.
    for (const name of ['s1', 's2', 'b1', 'o1', 's3']) {
      await vi.waitFor(() => expect(j.events.at(-1)).toBe(name));
      j.release(name);
    }
    await Promise.all(all);
    expect(j.events).toEqual(['s1', 's2', 'b1', 'o1', 's3', 's4']);
  });

  it('refuses a job still waiting after the longest wait, and gives its turn to the next', async () => {
    vi.useFakeTimers();
    try {
      const cap = capacity({ running: 1, waiting: 10, maxWaitMs: 1000 });
      const j = journal(cap);
      await j.enter('a', 'a1');
      const late = j.enter('b', 'b1');
      await vi.advanceTimersByTimeAsync(600);
      const next = j.enter('c', 'c1');
      await vi.advanceTimersByTimeAsync(400);
      await late;
      expect(j.events).toEqual(['a1', 'b1 refused (timeout)']);
      expect([cap.waiting, cap.refused.timeout]).toEqual([1, 1]);
      j.release('a1');
      await next;
      expect(j.events).toEqual(['a1', 'b1 refused (timeout)', 'c1']);
    } finally {
      vi.useRealTimers();
    }
  });
});

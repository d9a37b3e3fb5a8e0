import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from './bus';

/** One bus twin, ready for the shared suite. */
export interface BusUnderTest {
  /**
   * A bus of an app instance. Instances made with the same namespace share one fabric (the one
   * process, or one Redis with one prefix); another namespace is another deployment.
   */
  connect(namespace: string): Promise<Bus>;
  /** Whether two instances of one namespace are separate processes' buses (Redis) or one (in-process). */
  separateInstances: boolean;
  close(): Promise<void>;
}

/** Collects what a subscription receives; `next(n)` waits for the n-th payload to arrive. */
function collector() {
  const got: unknown[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  return {
    got,
    handler: (p: unknown) => {
      got.push(p);
      for (const w of waiters.filter((w) => got.length >= w.n)) w.resolve();
    },
    next(n: number): Promise<void> {
      if (got.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
  };
}

let namespaces = 0;

/**
 * What every Bus twin does, run once per twin (bus.test.ts): the in-process bus and the Redis bus
 * must be interchangeable behind the interface. Absence is shown by order, not by waiting: a
 * sentinel published after what must not arrive does arrive, and then the collector is checked.
 */
export function describeBus(name: string, make: () => Promise<BusUnderTest>, skip = false): void {
  describe.skipIf(skip)(`${name} bus`, () => {
    let twin: BusUnderTest;
    const fresh = () => `ns${++namespaces}-${process.pid}`;

    beforeAll(async () => {
      twin = await make();
    });
    afterAll(() => twin?.close());

    it('delivers a payload to a subscriber of its topic, and not to other topics', async () => {
      const bus = await twin.connect(fresh());
      const orders = collector();
      const chat = collector();
      await bus.subscribe('order.changed', orders.handler);
      await bus.subscribe('chat.1', chat.handler);
      await bus.publish('order.changed', { id: 7, status: 'paid' });
      await bus.publish('chat.1', { sentinel: true });
      await chat.next(1);
      await orders.next(1);
      expect(orders.got).toEqual([{ id: 7, status: 'paid' }]);
      expect(chat.got).toEqual([{ sentinel: true }]);
    });

    it('carries text, numbers, lists and nulls through unchanged, never the same object', async () => {
      const bus = await twin.connect(fresh());
      const c = collector();
      await bus.subscribe('t', c.handler);
      const payload = {
        text: 'مرحبا 你好 👋 <b>x</b>',
        n: 12.5,
        list: [1, null, 'a'],
        nested: { ok: false },
      };
      await bus.publish('t', payload);
      await c.next(1);
      expect(c.got[0]).toEqual(payload);
      expect(c.got[0]).not.toBe(payload);
    });

    it('reaches every subscriber on every instance of the deployment, once each', async () => {
      const ns = fresh();
      const a = await twin.connect(ns);
      const b = await twin.connect(ns);
      const onA = collector();
      const onB1 = collector();
      const onB2 = collector();
      await a.subscribe('chat.5', onA.handler);
      await b.subscribe('chat.5', onB1.handler);
      await b.subscribe('chat.5', onB2.handler);
      await a.publish('chat.5', { n: 1 });
      await b.publish('chat.5', { n: 2 });
      await Promise.all([onA.next(2), onB1.next(2), onB2.next(2)]);
      // A sentinel after both: anything delivered twice would have come before it.
      await a.publish('chat.5', { n: 3 });
      await Promise.all([onA.next(3), onB1.next(3), onB2.next(3)]);
      for (const c of [onA, onB1, onB2])
        expect([...c.got].sort((x, y) => (x as { n: number }).n - (y as { n: number }).n)).toEqual([
          { n: 1 },
          { n: 2 },
          { n: 3 },
        ]);
    });

    it("keeps one publisher's payloads in the order it published them", async () => {
      const ns = fresh();
      const a = await twin.connect(ns);
      const b = await twin.connect(ns);
      const c = collector();
      await b.subscribe('seq', c.handler);
      await Promise.all(Array.from({ length: 200 }, (_, i) => a.publish('seq', i)));
      await c.next(200);
      expect(c.got).toEqual(Array.from({ length: 200 }, (_, i) => i));
    });

    it('stops delivering to a subscription that ended, and keeps the others of the topic', async () => {
      const bus = await twin.connect(fresh());
      const ended = collector();
      const kept = collector();
      const end = await bus.subscribe('x', ended.handler);
      await bus.subscribe('x', kept.handler);
      await bus.publish('x', 1);
      await Promise.all([ended.next(1), kept.next(1)]);
      await end();
      await bus.publish('x', 2);
      await kept.next(2);
      expect(ended.got).toEqual([1]);
      expect(kept.got).toEqual([1, 2]);
    });

    it('subscribes a topic again after its last subscription ended', async () => {
      const bus = await twin.connect(fresh());
      const first = collector();
      const end = await bus.subscribe('again', first.handler);
      await end();
      const second = collector();
      await bus.subscribe('again', second.handler);
      await bus.publish('again', 'hello');
      await second.next(1);
      expect(second.got).toEqual(['hello']);
      expect(first.got).toEqual([]);
    });

    it('keeps delivering to the others when one subscriber throws', async () => {
      const bus = await twin.connect(fresh());
      const c = collector();
      await bus.subscribe('boom', () => {
        throw new Error('subscriber fault');
      });
      await bus.subscribe('boom', c.handler);
      await bus.publish('boom', 'a');
      await bus.publish('boom', 'b');
      await c.next(2);
      expect(c.got).toEqual(['a', 'b']);
    });

    it('keeps deployments apart: nothing crosses to another namespace', async () => {
      const mine = await twin.connect(fresh());
      const theirs = await twin.connect(fresh());
      const other = collector();
      const own = collector();
      await theirs.subscribe('chat.1', other.handler);
      await mine.subscribe('chat.1', own.handler);
      await mine.publish('chat.1', 'private');
      await theirs.publish('chat.1', 'sentinel');
      await Promise.all([own.next(1), other.next(1)]);
      expect(other.got).toEqual(['sentinel']);
      expect(own.got).toEqual(['private']);
    });

    it('refuses a topic with spaces or slashes', async () => {
      const bus = await twin.connect(fresh());
      await expect(bus.publish('a topic', 1)).rejects.toThrow(/topic/);
      await expect(bus.subscribe('a/b', () => undefined)).rejects.toThrow(/topic/);
    });
  });
}

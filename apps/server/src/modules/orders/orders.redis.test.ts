import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { RedisBus } from '../../platform/bus.redis';
import { createTestApp, type TestApp } from '../../test/harness';
import { quotation, submitSample } from '../../test/orders';

// Two app instances on one database, each with its own Redis connections, as behind a load
// balancer. Runs where Redis is (REDIS_URL); skipped on a fresh clone.
const redisUrl = loadConfig(process.env).redisUrl;

describe.skipIf(!redisUrl)('order changes across two instances through Redis', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['twin']>>;
  const buses: RedisBus[] = [];
  const prefix = randomBytes(4).toString('hex');
  const bus = () => {
    const b = new RedisBus({ url: redisUrl ?? '', prefix: `orders-test:${prefix}:` });
    buses.push(b);
    return b;
  };

  beforeAll(async () => {
    t = await createTestApp({ bus: bus() });
    other = await t.twin(bus());
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(buses.map((b) => b.close()));
  });

  it('tells a buyer connected to one instance of a change its exporter made on the other', async () => {
    const buyer = await t.login('demo', 'customer');
    const staff = await t.staffLogin('demo', 'sales');
    const socket = await t.chatAs({ ...buyer, sig: buyer.user.chat_user_sig ?? '' }, other);
    const id = await quotation(t, staff, await submitSample(t, buyer));
    expect(await socket.next('order_changed', (f) => f.order_id === id)).toEqual({
      type: 'order_changed',
      order_id: id,
      status: 'quoted',
    });
    await socket.close();
  });
});

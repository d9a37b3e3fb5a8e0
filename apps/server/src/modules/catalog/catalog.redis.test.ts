import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadConfig } from '../../config';
import { RedisBus } from '../../platform/bus.redis';
import { expectTakeOffCountedOnTwin } from '../../test/catalogue-instances';
import { createTestApp, type TestApp } from '../../test/harness';

// Two app instances on one database, each with its own Redis connections, as behind a load
// balancer. Runs where Redis is (REDIS_URL); skipped on a fresh clone.
const redisUrl = loadConfig(process.env).redisUrl;

describe.skipIf(!redisUrl)("buyers' cached totals across two instances through Redis (decision 0076)", () => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['twin']>>;
  const buses: RedisBus[] = [];
  const prefix = randomBytes(4).toString('hex');
  const bus = () => {
    const b = new RedisBus({ url: redisUrl ?? '', prefix: `catalog-test:${prefix}:` });
    buses.push(b);
    return b;
  };

  beforeAll(async () => {
    // Totals are kept 30 s; the clock stands still, so only a drop refreshes them.
    t = await createTestApp({ productsPerCompany: 6, countCacheMs: 30_000, bus: bus() });
    other = await t.twin(bus());
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(buses.map((b) => b.close()));
  });

  it('counts on one instance a product staff took off on the other, without waiting for the totals to run out', async () => {
    await expectTakeOffCountedOnTwin(t, other, { timeout: 5000, interval: 20 });
  });
});

import { expect, vi } from 'vitest';
import type { TestApp } from './harness';

/**
 * Staff take a listed product off on `t`; the demo buyer's total on `other` (an instance over the
 * same database) must drop by one, within `timeout` (decision 0076). The totals' cache must
 * outlast the wait, so only the dropped cache can make it pass.
 */
export async function expectTakeOffCountedOnTwin(
  t: TestApp,
  other: Awaited<ReturnType<TestApp['twin']>>,
  { timeout, interval }: { timeout: number; interval: number },
): Promise<void> {
  const buyer = await t.login('demo', 'visitor');
  const owner = await t.staffLogin('demo', 'owner');
  const totalThere = async () => {
    const res = await other.inject({
      method: 'POST',
      url: '/api/get_list',
      headers: { 'website-id': String(buyer.website), authorization: `Bearer ${buyer.token}` },
      payload: { page_size: 60 },
    });
    return res.json<{ data: { total: number } }>().data.total;
  };
  const before = await totalThere();
  const [first] = (await t.call('get_list', { page_size: 1 }, buyer)).data.list;
  if (!first) throw new Error('a listed product needed');
  const off = await t.call('staff_bulk_products', { ids: [first.id], action: 'take_off' }, owner);
  expect(off.code, off.tip).toBe(0);
  await vi.waitFor(async () => expect(await totalThere()).toBe(before - 1), { timeout, interval });
}

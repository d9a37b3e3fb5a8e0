import { ErrorCode } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe("the console's product picker for sharing cards in the chat", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('finds products as the website shows them to buyers, and only for staff who answer', async () => {
    const buyer = await t.login('demo', 'customer');
    const seen = await t.call('get_list', { page_size: 1 }, buyer);
    const product = seen.data.list[0];
    if (!product?.number) throw new Error('the demo site has no numbered product');

    const service = await t.staffLogin('demo', 'service');
    const found = await t.call('staff_search_chat_products', { keyword: product.number }, service);
    expect(found.code).toBe(0);
    expect(found.data.list[0]).toEqual(product);

    const newest = await t.call('staff_search_chat_products', {}, service);
    expect(newest.data.list.length).toBeGreaterThan(0);
    expect(newest.data.list.length).toBeLessThanOrEqual(10);

    const sales = await t.staffLogin('demo', 'sales');
    expect((await t.call('staff_search_chat_products', {}, sales)).code).toBe(ErrorCode.FORBIDDEN);
  });
});

import type { ProductCard } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { COUNT_WINDOW_MS } from './analytics.service';

describe('analytics logs', () => {
  let t: TestApp;
  let demo: { token: string; website: number };
  let product: ProductCard;
  const counts = async (id: number) =>
    t.db
      .selectFrom('products')
      .select(['click_count', 'select_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.login('demo', 'visitor');
    product = (await t.call('get_list', { page_size: 1 }, demo)).data.list[0] as ProductCard;
  });
  afterAll(() => t.close());

  it('counts a click toward popularity once per session within the window, but logs every one', async () => {
    const before = await counts(product.id);
    await t.call('toy_click_log', { toy_id: product.id }, demo);
    await t.call('toy_click_log', { toy_id: product.id }, demo);
    expect((await counts(product.id)).click_count).toBe(before.click_count + 1);
    t.clock.advance(COUNT_WINDOW_MS + 1);
    await t.call('toy_click_log', { toy_id: product.id }, demo);
    expect((await counts(product.id)).click_count).toBe(before.click_count + 2);
    const logs = await t.db
      .selectFrom('click_logs')
      .select('id')
      .where('product_id', '=', product.id)
      .execute();
    expect(logs).toHaveLength(3);
  });

  it('logs selections and recommended selections with the factory', async () => {
    await t.call('toy_select_log', { toy_id: product.id }, demo);
    await t.call('toy_recommend_select_log', { toy_id: product.id, factory_id: 1 }, demo);
    const logs = await t.db
      .selectFrom('select_logs')
      .select(['kind', 'factory_id'])
      .where('product_id', '=', product.id)
      .execute();
    expect(logs.map((l) => l.kind).sort()).toEqual(['recommend', 'select']);
    expect(logs.every((l) => l.factory_id === product.factory_id)).toBe(true);
  });

  it('logs a page view with its product', async () => {
    expect(
      (await t.call('website_toy_browse', { path: '/productDetails?id=1', toy_id: product.id }, demo)).data,
    ).toEqual({ logged: 1 });
    expect((await t.call('website_toy_browse', { path: '/home' }, demo)).data).toEqual({ logged: 1 });
    expect(await t.db.selectFrom('browse_logs').select(['path', 'product_id']).execute()).toEqual([
      { path: '/productDetails?id=1', product_id: product.id },
      { path: '/home', product_id: null },
    ]);
  });

  it("ignores another company's product without saying so", async () => {
    const demo2 = await t.login('demo2', 'visitor');
    const theirs = (await t.call('get_list', { page_size: 1 }, demo2)).data.list[0] as ProductCard;
    const before = await counts(theirs.id);
    expect((await t.call('toy_click_log', { toy_id: theirs.id }, demo)).data).toEqual({ logged: 0 });
    expect(await counts(theirs.id)).toEqual(before);
  });
});

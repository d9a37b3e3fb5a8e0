import type { ProductCard } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('products by id, catalogue figures and related products', () => {
  let t: TestApp;
  let demo: { token: string; website: number };
  let products: ProductCard[];
  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 60 });
    demo = await t.login('demo', 'visitor');
    products = (await t.call('get_list', { page_size: 60 }, demo)).data.list;
  });
  afterAll(() => t.close());

  it('answers products by id in the order asked, once each, leaving out foreign ids', async () => {
    const demo2 = await t.login('demo2', 'visitor');
    const foreign = (await t.call('get_list', { page_size: 1 }, demo2)).data.list[0]?.id ?? 0;
    const [a, b, c] = [products[5], products[0], products[9]].map((p) => p?.id ?? 0);
    const r = await t.call('get_toy', { ids: [a, foreign, b, c, a] }, demo);
    expect(r.data.map((p) => p.id)).toEqual([a, b, c]);
  });

  it('refuses an empty or oversized id list', async () => {
    expect((await t.call('get_toy', { ids: [] }, demo)).code).toBe(-400);
    expect((await t.call('get_toy', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, demo)).code).toBe(
      -400,
    );
  });

  it('counts the catalogue: products, categories, products per flag', async () => {
    const r = (await t.call('toy_data', {}, demo)).data;
    expect(r.total).toBe(60);
    expect(r.categories).toBe(32);
    const spot = (await t.call('get_stock_toy', {}, demo)).data.total;
    expect(r.flags.spot).toBe(spot);
  });

  it('recommends recommended products, of the same category first, never the product itself', async () => {
    const p = products.find((x) => x.category_id !== null) as ProductCard;
    const r = (await t.call('get_recommend_detail', { id: p.id, limit: 6 }, demo)).data;
    expect(r.length).toBeGreaterThan(0);
    expect(r.map((x) => x.id)).not.toContain(p.id);
    for (const x of r) expect(x.flags.is_recommend).toBe(1);
    const sameCategory = r.filter((x) => x.category_id === p.category_id).length;
    expect(r.slice(0, sameCategory).every((x) => x.category_id === p.category_id)).toBe(true);
  });

  it('finds similar products in the same category, closest in price first', async () => {
    const p = products.find(
      (x) => products.filter((y) => y.category_id === x.category_id).length >= 3,
    ) as ProductCard;
    const r = (await t.call('get_toy_similar', { id: p.id, limit: 5 }, demo)).data;
    expect(r.length).toBeGreaterThan(0);
    expect(r.map((x) => x.id)).not.toContain(p.id);
    for (const x of r) expect(x.category_id).toBe(p.category_id);
    const gaps = r.map((x) => Math.abs((x.price ?? 0) - (p.price ?? 0)));
    expect(gaps).toEqual([...gaps].sort((x, y) => x - y));
  });

  it("answers nothing related for another company's product", async () => {
    const demo2 = await t.login('demo2', 'visitor');
    const foreign = (await t.call('get_list', { page_size: 1 }, demo2)).data.list[0]?.id ?? 0;
    expect((await t.call('get_toy_similar', { id: foreign }, demo)).data).toEqual([]);
    expect((await t.call('get_recommend_detail', { id: foreign }, demo)).data).toEqual([]);
  });
});

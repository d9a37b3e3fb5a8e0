import { ErrorCode, type ProductCard } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;
const AR = 11201005;
const DAY = 24 * 3600 * 1000;

describe('get_list', () => {
  let t: TestApp;
  let demo: { token: string; website: number };
  let demo2: { token: string; website: number };
  const list = (body: Record<string, unknown>, who = demo) => t.call('get_list', body, who);

  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 40 });
    demo = await t.login('demo', 'visitor');
    demo2 = await t.login('demo2', 'visitor');
  });
  afterAll(() => t.close());

  it("answers a page of the website's own products and the total", async () => {
    const r = await list({ page_size: 10 });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ total: 40, page: 1, page_size: 10 });
    expect(r.data.list).toHaveLength(10);
    const companyIds = await t.db
      .selectFrom('products')
      .select('company_id')
      .where(
        'id',
        'in',
        r.data.list.map((p) => p.id),
      )
      .execute();
    const demoCompany = (await t.call('get_website_info', { site: 'demo' })).data.company_id;
    expect(new Set(companyIds.map((c) => c.company_id))).toEqual(new Set([demoCompany]));
  });

  it('never shows one company’s products on the other’s website', async () => {
    const a = (await list({ page_size: 60 })).data.list.map((p) => p.id);
    const b = (await list({ page_size: 60 }, demo2)).data.list.map((p) => p.id);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });

  it("names products in the request's language, falling back to English", async () => {
    const first = (await list({ page_size: 1, lang: AR })).data.list[0] as ProductCard;
    expect(first.name).toMatch(/[\u0600-\u06ff]/);
    await t.db.updateTable('products').set({ name_ar: '' }).where('id', '=', first.id).execute();
    const again = (await list({ page_size: 1, lang: AR })).data.list[0] as ProductCard;
    const english = (await list({ page_size: 1, lang: EN })).data.list[0] as ProductCard;
    expect(again.name).toBe(english.name);
  });

  it('shows the toy number, the FOB price in USD and the carton volume on demo', async () => {
    const p = (await list({ page_size: 1 })).data.list[0] as ProductCard;
    expect(p.number).toMatch(/^ST-\d{4}$/);
    expect(p.price).toBeGreaterThan(0);
    expect(p).toMatchObject({ money_unit: 'USD', trade_term: 'FOB' });
    const cbm = (p.carton.length * p.carton.width * p.carton.height) / 1e6;
    expect(p.carton.cbm).toBeCloseTo(cbm, 3);
    expect(p.carton.cuft).toBeCloseTo(cbm * 35.3147, 1);
  });

  it('hides prices and shows the article number on demo2', async () => {
    const p = (await list({ page_size: 1 }, demo2)).data.list[0] as ProductCard;
    expect(p.price).toBeNull();
    expect(p.number).toMatch(/^[A-Z]\d{4}[A-C]?$/);
  });

  it('hides the number when number_type is 2', async () => {
    await t.db.updateTable('websites').set({ number_type: 2 }).where('id', '=', demo2.website).execute();
    const p = (await list({ page_size: 1 }, demo2)).data.list[0] as ProductCard;
    expect(p.number).toBeNull();
    await t.db.updateTable('websites').set({ number_type: 3 }).where('id', '=', demo2.website).execute();
  });

  it.each([
    ['price_asc', (a: ProductCard, b: ProductCard) => (a.price ?? 0) <= (b.price ?? 0)],
    ['price_desc', (a: ProductCard, b: ProductCard) => (a.price ?? 0) >= (b.price ?? 0)],
    ['entry_time', (a: ProductCard, b: ProductCard) => a.created_at >= b.created_at],
    ['update_time', (a: ProductCard, b: ProductCard) => a.updated_at >= b.updated_at],
  ] as const)('sorts by %s', async (sort, inOrder) => {
    const items = (await list({ sort, page_size: 40 })).data.list;
    expect(items).toHaveLength(40);
    for (let i = 1; i < items.length; i++)
      expect(inOrder(items[i - 1] as ProductCard, items[i] as ProductCard)).toBe(true);
  });

  it('sorts by popularity from the click and select counts', async () => {
    const items = (await list({ page_size: 40 })).data.list;
    const target = items[items.length - 1] as ProductCard;
    await t.db.updateTable('products').set({ click_count: 100_000 }).where('id', '=', target.id).execute();
    expect((await list({ sort: 'popularity', page_size: 1 })).data.list[0]?.id).toBe(target.id);
  });

  it('filters by a parent category, including its children', async () => {
    const tree = (await t.call('get_category', {}, demo)).data;
    const parent = tree.find((c) => c.children.length > 0);
    if (!parent) throw new Error('no category tree');
    const r = await list({ category_id: parent.id, page_size: 60 });
    const childIds = new Set([parent.id, ...parent.children.map((c) => c.id)]);
    expect(r.data.total).toBeGreaterThan(0);
    for (const p of r.data.list) expect(childIds.has(p.category_id ?? -1)).toBe(true);
  });

  it("answers nothing for the other company's category", async () => {
    const other = (await t.call('get_category', {}, demo2)).data[0];
    const r = await list({ category_id: other?.id });
    expect(r.data).toMatchObject({ total: 0, list: [] });
  });

  it.each(['new', 'spot', 'gcc', 'hot', 'recommend', 'cash_sale'] as const)(
    'filters by the %s flag',
    async (flag) => {
      const key = {
        new: 'is_new',
        spot: 'is_spot',
        gcc: 'is_gcc',
        hot: 'is_hot',
        recommend: 'is_recommend',
        cash_sale: 'is_cash_sale',
      }[flag];
      const r = await list({ flag, page_size: 60 });
      for (const p of r.data.list) expect(p.flags[key as keyof ProductCard['flags']]).toBe(1);
    },
  );

  it('filters new products by entry date in months', async () => {
    const r3 = await list({ new_months: 3, page_size: 60 });
    const r12 = await list({ new_months: 12, page_size: 60 });
    for (const p of r3.data.list) expect(p.created_at).toBeGreaterThanOrEqual(t.clock.now() - 92 * DAY);
    expect(r12.data.total).toBeGreaterThanOrEqual(r3.data.total);
  });

  it('answers an empty page past the end, with the total', async () => {
    const r = await list({ page: 99, page_size: 20 });
    expect(r.data).toEqual({ list: [], total: 40, page: 99, page_size: 20 });
  });

  it.each([
    [{ page: 0 }, 'page'],
    [{ page_size: 61 }, 'page_size'],
    [{ sort: 'cheapest' }, 'sort'],
    [{ flag: 'shiny' }, 'flag'],
    [{ new_months: 5 }, 'new_months'],
    [{ category_id: 'toys' }, 'category_id'],
  ])('refuses %j with a tip naming %s', async (body, field) => {
    const r = await list(body);
    expect(r.code).toBe(ErrorCode.BAD_REQUEST);
    expect(r.tip).toContain(field);
  });

  it("marks a product expired by the website's toy_type rule", async () => {
    const p = (await list({ page_size: 1 }, demo2)).data.list[0] as ProductCard;
    await t.db.updateTable('products').set({ is_set_hide: 1 }).where('id', '=', p.id).execute();
    // demo2 is toy_type 2: is_set_hide expires a product.
    expect((await list({ page_size: 1 }, demo2)).data.list[0]?.is_expire).toBe(1);
  });
});

describe('categories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the two-level tree in the request’s language', async () => {
    const who = await t.login('demo', 'visitor');
    const tree = (await t.call('get_category', { lang: AR }, who)).data;
    expect(tree).toHaveLength(8);
    for (const parent of tree) {
      expect(parent.name).toMatch(/[\u0600-\u06ff]/);
      expect(parent.children).toHaveLength(3);
    }
    const parents = (await t.call('get_parent_category', {}, who)).data;
    expect(parents.map((p) => p.id)).toEqual(tree.map((p) => p.id));
    const children = (await t.call('get_category', { parent_id: tree[0]?.id }, who)).data;
    expect(children.map((c) => c.id)).toEqual(tree[0]?.children.map((c) => c.id));
  });
});

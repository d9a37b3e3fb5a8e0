import { ErrorCode, type ProductCard } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../platform/bus';
import { expectTakeOffCountedOnTwin } from '../../test/catalogue-instances';
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

  it('refuses the price sorts where prices are hidden, on every list that sorts', async () => {
    for (const sort of ['price_asc', 'price_desc']) {
      for (const call of ['get_list', 'get_new_toy', 'get_stock_toy'] as const) {
        const r = await t.call(call, { sort, lang: EN }, demo2);
        expect(r).toMatchObject({
          code: ErrorCode.FAILED,
          tip: 'Sorting by price is not available on this showroom',
        });
      }
      expect((await list({ sort })).code).toBe(0);
    }
    expect((await list({ sort: 'popularity' }, demo2)).code).toBe(0);
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

describe('the flag lists, product details and hot areas', () => {
  let t: TestApp;
  let demo: { token: string; website: number };
  let demo2: { token: string; website: number };
  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 40 });
    demo = await t.login('demo', 'visitor');
    demo2 = await t.login('demo2', 'visitor');
  });
  afterAll(() => t.close());

  it.each([
    ['get_stock_toy', 'is_spot'],
    ['get_gcc_toy', 'is_gcc'],
    ['get_hot_toy', 'is_hot'],
    ['get_spread_toy', 'is_cash_sale'],
    ['get_recommend_toy', 'is_recommend'],
  ] as const)('%s lists only products with %s', async (name, key) => {
    const r = await t.call(name, { page_size: 60 }, demo);
    expect(r.code).toBe(0);
    expect(r.data.total).toBeGreaterThan(0);
    for (const p of r.data.list) expect(p.flags[key]).toBe(1);
  });

  it('get_3d_toy lists the products flagged 3D, each with its model', async () => {
    const r = await t.call('get_3d_toy', { page_size: 60 }, demo);
    const flagged = await t.db
      .selectFrom('products')
      .select('id')
      .where('is_3d', '=', 1)
      .where('company_id', '=', (await t.call('get_website_info', { site: 'demo' })).data.company_id)
      .execute();
    expect(r.data.list.map((p) => p.id).sort()).toEqual(flagged.map((f) => f.id).sort());
    for (const p of r.data.list) expect(p.flags.is_3d).toBe(1);
    const detail = await t.call('get_toy_detail', { id: r.data.list[0]?.id }, demo);
    expect(detail.data.model_url).toMatch(/\.glb$/);
  });

  it('get_new_toy answers the flagged new products, or those of them entered within the months asked', async () => {
    const flagged = await t.call('get_new_toy', { page_size: 60 }, demo);
    for (const p of flagged.data.list) expect(p.flags.is_new).toBe(1);
    const recent = await t.call('get_new_toy', { months: 6, page_size: 60 }, demo);
    for (const p of recent.data.list) expect(p.created_at).toBeGreaterThanOrEqual(t.clock.now() - 184 * DAY);
  });

  it('counts new arrivals one way in the figures, the lists and the months filter', async () => {
    const figures = (await t.call('toy_data', {}, demo)).data;
    const all = (await t.call('get_new_toy', { page_size: 60 }, demo)).data;
    expect(all.total).toBe(figures.flags.new);
    let previous = 0;
    for (const months of [3, 6, 9, 12] as const) {
      const viaList = (await t.call('get_list', { new_months: months, page_size: 60 }, demo)).data;
      const viaNew = (await t.call('get_new_toy', { months, page_size: 60 }, demo)).data;
      expect(viaList.total).toBe(viaNew.total);
      expect(viaList.total).toBeGreaterThanOrEqual(previous);
      expect(viaList.total).toBeLessThanOrEqual(all.total);
      for (const p of viaList.list) expect(p.flags.is_new).toBe(1);
      previous = viaList.total;
    }
  });

  it('answers a product with every label, its pictures, category path and factory', async () => {
    const card = (await t.call('get_list', { page_size: 1, lang: EN }, demo)).data.list[0] as ProductCard;
    const r = await t.call('get_toy_detail', { id: card.id, lang: EN }, demo);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ id: card.id, name: card.name, number: card.number, price: card.price });
    expect(r.data.toy_number).toMatch(/^ST-/);
    expect(r.data.factory_number).toMatch(/^F\d{2}-/);
    expect(r.data.category_path).toHaveLength(2);
    expect(r.data.factory?.name).toMatch(/[A-Za-z]/);
    expect(r.data.certification.length).toBeGreaterThan(0);
  });

  it('hides the factory number and the price validity where the website hides them', async () => {
    const card = (await t.call('get_list', { page_size: 1 }, demo2)).data.list[0] as ProductCard;
    const r = await t.call('get_toy_detail', { id: card.id }, demo2);
    expect(r.data).toMatchObject({ factory_number: '', price: null, price_valid_until: null });
  });

  it("refuses the other company's product as not found", async () => {
    const theirs = (await t.call('get_list', { page_size: 1 }, demo2)).data.list[0] as ProductCard;
    const r = await t.call('get_toy_detail', { id: theirs.id, lang: EN }, demo);
    expect(r).toMatchObject({ code: ErrorCode.FAILED, tip: 'This product could not be found' });
    expect((await t.call('get_toy_picture', { id: theirs.id }, demo)).code).toBe(ErrorCode.FAILED);
  });

  it('answers the buyer regions in the language, and each region’s hot products', async () => {
    const areas = (await t.call('get_location_list', { lang: AR }, demo)).data;
    expect(areas).toHaveLength(8);
    expect(areas[0]?.name).toMatch(/[\u0600-\u06ff]/);
    const hot = await t.call('get_hot', { area_id: areas[0]?.id }, demo);
    expect(hot.data.total).toBeGreaterThan(0);
    const ranked = await t.db
      .selectFrom('product_hot_areas')
      .select('product_id')
      .where('area_id', '=', areas[0]?.id ?? 0)
      .execute();
    const inArea = new Set(ranked.map((r) => r.product_id));
    for (const p of hot.data.list) expect(inArea.has(p.id)).toBe(true);
    const otherRegion = (await t.call('get_location_list', {}, demo2)).data[0];
    expect((await t.call('get_hot', { area_id: otherRegion?.id }, demo)).data.total).toBe(0);

    // The full list behind the home page's 'More' keeps the region: the same products, paged.
    const full = await t.call('get_list', { area_id: areas[0]?.id, sort: 'popularity', page_size: 60 }, demo);
    expect(full.data.total).toBe(hot.data.total);
    expect(full.data.list.slice(0, hot.data.list.length).map((p) => p.id)).toEqual(
      hot.data.list.map((p) => p.id),
    );
    expect((await t.call('get_list', { area_id: otherRegion?.id }, demo)).data.total).toBe(0);
  });
});

describe('list totals in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 10, countCacheMs: 30_000 });
  });
  afterAll(() => t.close());

  it('serves a total from memory for its time, while the pages stay fresh', async () => {
    const who = await t.login('demo', 'visitor');
    const first = await t.call('get_list', { sort: 'entry_time' }, who);
    expect(first.data.total).toBe(10);
    const template = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', first.data.list[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = template;
    await t.db
      .insertInto('products')
      .values({ ...copy, created_at: t.clock.now() + 1 })
      .execute();

    const cached = await t.call('get_list', { sort: 'entry_time' }, who);
    expect(cached.data.total).toBe(10);
    expect(cached.data.list).toHaveLength(11);
    t.clock.advance(30_000);
    expect((await t.call('get_list', { sort: 'entry_time' }, who)).data.total).toBe(11);
  });
});

describe('list totals in memory on several instances (decision 0076)', () => {
  const bus = new InProcessBus();
  let t: TestApp;
  beforeAll(async () => {
    // Totals are kept 30 s; the clock stands still, so only a drop refreshes them.
    t = await createTestApp({ productsPerCompany: 6, countCacheMs: 30_000, bus });
  });
  afterAll(async () => {
    await t.close();
    await bus.close();
  });

  it("drops another instance's totals when staff change the catalogue on one", async () => {
    const other = await t.twin(bus);
    await expectTakeOffCountedOnTwin(t, other, { timeout: 2000, interval: 10 });
  });
});

import { ErrorCode, LANG_KEYS, type LangKey } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const AR = 11201005;
type Staff = { token: string; website: number };

const names = (base: string) =>
  Object.fromEntries(LANG_KEYS.map((k) => [k, k === 'zh' ? `中文${base}` : `${base} (${k})`])) as Record<
    LangKey,
    string
  >;

describe('buyer regions, their hot rankings and the factories kept in the console', () => {
  let t: TestApp;
  let owner: Staff;
  let sales: Staff;
  let service: Staff;
  let foreign: Staff;
  let buyer: Awaited<ReturnType<TestApp['login']>>;

  // Totals cached as long as in production (30 s): the writes must drop them, not time.
  beforeAll(async () => {
    t = await createTestApp({ countCacheMs: 30_000 });
    owner = await t.staffLogin('demo', 'owner');
    sales = await t.staffLogin('demo', 'sales');
    service = await t.staffLogin('demo', 'service');
    foreign = await t.staffLogin('demo2', 'owner');
    buyer = await t.login('demo', 'customer');
  });
  afterAll(() => t.close());

  const must = async <T>(p: Promise<{ code: number; tip: string; data: T }>): Promise<T> => {
    const r = await p;
    if (r.code !== 0) throw new Error(r.tip);
    return r.data;
  };
  const productIds = async (n: number) =>
    (await must(t.call('staff_list_products', { page_size: n }, sales))).list.map((p) => p.id);
  const newArea = (base: string) =>
    must(t.call('staff_save_hot_area', { hot_area: { names: names(base) } }, sales));
  const hotIds = async (areaId: number) =>
    (await must(t.call('get_hot', { area_id: areaId, page_size: 60 }, buyer))).list.map((p) => p.id);

  describe('buyer regions', () => {
    it('creates a region named in 16 languages, last in order, which buyers see at once', async () => {
      const made = await newArea('Gulf');
      expect(made).toMatchObject({ names: names('Gulf'), product_count: 0 });
      const list = (await must(t.call('staff_list_hot_areas', {}, service))).list;
      expect(list.at(-1)?.id).toBe(made.id);
      const shown = await must(t.call('get_location_list', { lang: AR }, buyer));
      expect(shown.find((a) => a.id === made.id)?.name).toBe('Gulf (ar)');
    });

    it('edits with the updated_at read, refuses a stale save, and orders the regions', async () => {
      const made = await newArea('Nordics');
      const edited = await must(
        t.call(
          'staff_save_hot_area',
          { id: made.id, updated_at: made.updated_at, hot_area: { names: names('Scandinavia') } },
          owner,
        ),
      );
      expect(edited.names.en).toBe('Scandinavia (en)');
      const stale = await t.call(
        'staff_save_hot_area',
        { id: made.id, updated_at: made.updated_at, hot_area: { names: names('Baltics') } },
        sales,
      );
      expect(stale.code).toBe(ErrorCode.CONFLICT);

      const ids = (await must(t.call('staff_list_hot_areas', {}, sales))).list.map((a) => a.id);
      const reversed = [...ids].reverse();
      await must(t.call('staff_order_content', { kind: 'hot_area', ids: reversed }, sales));
      expect((await must(t.call('get_location_list', {}, buyer))).map((a) => a.id)).toEqual(reversed);
    });

    it('ranks products last as they are added, lists them in rank order, and buyers get them so at once', async () => {
      const area = await newArea('Andes');
      const [a, b, c] = await productIds(3);
      const first = await must(
        t.call('staff_add_hot_products', { area_id: area.id, product_ids: [a, b] as number[] }, sales),
      );
      expect(first.products.map((p) => [p.product_id, p.rank])).toEqual([
        [a, 1],
        [b, 2],
      ]);
      // Adding one already there keeps its place.
      const second = await must(
        t.call('staff_add_hot_products', { area_id: area.id, product_ids: [c, a] as number[] }, sales),
      );
      expect(second.products.map((p) => p.product_id)).toEqual([a, b, c]);
      expect(await hotIds(area.id)).toEqual([a, b, c]);
      expect((await must(t.call('get_hot', { area_id: area.id }, buyer))).total).toBe(3);

      // The last made first: the buyers' very next call lists it first.
      const entries = second.products.map((p) => p.id);
      const order = [entries[2], entries[0], entries[1]] as number[];
      await must(t.call('staff_order_content', { kind: 'hot_product', ids: order }, sales));
      expect(await hotIds(area.id)).toEqual([c, a, b]);
      const ranking = await must(t.call('staff_get_hot_area', { id: area.id }, service));
      expect(ranking.products.map((p) => [p.product_id, p.rank])).toEqual([
        [c, 1],
        [a, 2],
        [b, 3],
      ]);

      // Taken out of the ranking: gone from the buyers' list and its total at once.
      await must(t.call('staff_delete_content', { kind: 'hot_product', id: entries[0] as number }, sales));
      expect(await hotIds(area.id)).toEqual([c, b]);
      expect((await must(t.call('get_hot', { area_id: area.id }, buyer))).total).toBe(2);
    });

    it('closes a ranking up when a product leaves it, taken out or deleted; a taken-off product keeps its place', async () => {
      const area = await newArea('Levant');
      const [a, b, c, d, e] = (await productIds(5)) as [number, number, number, number, number];
      const added = await must(
        t.call('staff_add_hot_products', { area_id: area.id, product_ids: [a, b, c, d, e] }, sales),
      );
      const entryOf = (product: number) => added.products.find((p) => p.product_id === product)?.id as number;
      const ranks = async () =>
        (await must(t.call('staff_get_hot_area', { id: area.id }, sales))).products.map((p) => [
          p.product_id,
          p.rank,
        ]);

      await must(t.call('staff_delete_content', { kind: 'hot_product', id: entryOf(b) }, sales));
      expect(await ranks()).toEqual([
        [a, 1],
        [c, 2],
        [d, 3],
        [e, 4],
      ]);
      expect(await hotIds(area.id)).toEqual([a, c, d, e]);

      await must(t.call('staff_bulk_products', { ids: [d], action: 'delete' }, owner));
      expect(await ranks()).toEqual([
        [a, 1],
        [c, 2],
        [e, 3],
      ]);
      expect(await hotIds(area.id)).toEqual([a, c, e]);

      // Taken off, it stays in the ranking (marked, for when it is put back) and only buyers skip it.
      await must(t.call('staff_bulk_products', { ids: [c], action: 'take_off' }, sales));
      const ranking = await must(t.call('staff_get_hot_area', { id: area.id }, sales));
      expect(ranking.products.map((p) => [p.product_id, p.rank, p.taken_off])).toEqual([
        [a, 1, false],
        [c, 2, true],
        [e, 3, false],
      ]);
      expect(await hotIds(area.id)).toEqual([a, e]);
      await must(t.call('staff_bulk_products', { ids: [c], action: 'put_back' }, sales));
      expect(await hotIds(area.id)).toEqual([a, c, e]);
    });

    it('closes up ties and leaves the unranked unranked, so buyers keep their order', async () => {
      const area = await newArea('Sahel');
      const [a, b, c, d, e] = (await productIds(5)) as [number, number, number, number, number];
      const { company_id } = await t.db
        .selectFrom('hot_areas')
        .select('company_id')
        .where('id', '=', area.id)
        .executeTakeFirstOrThrow();
      // Rows from before the console: gaps, a tie and an unranked one.
      await t.db
        .insertInto('product_hot_areas')
        .values([
          { company_id, area_id: area.id, product_id: a, rank: 0 },
          { company_id, area_id: area.id, product_id: b, rank: 3 },
          { company_id, area_id: area.id, product_id: c, rank: 3 },
          { company_id, area_id: area.id, product_id: d, rank: 5 },
          { company_id, area_id: area.id, product_id: e, rank: 8 },
        ])
        .execute();
      const before = await hotIds(area.id);
      const ranking = await must(t.call('staff_get_hot_area', { id: area.id }, sales));
      const entryOfD = ranking.products.find((p) => p.product_id === d)?.id as number;

      await must(t.call('staff_delete_content', { kind: 'hot_product', id: entryOfD }, sales));
      const after = await must(t.call('staff_get_hot_area', { id: area.id }, sales));
      expect(Object.fromEntries(after.products.map((p) => [p.product_id, p.rank]))).toEqual({
        [a]: 0,
        [b]: 1,
        [c]: 1,
        [e]: 2,
      });
      expect(await hotIds(area.id)).toEqual(before.filter((id) => id !== d));
    });

    it('puts only a whole ranking of one region in order', async () => {
      const one = await newArea('Balkans');
      const other = await newArea('Caucasus');
      const [a, b] = await productIds(2);
      const inOne = await must(
        t.call('staff_add_hot_products', { area_id: one.id, product_ids: [a, b] as number[] }, sales),
      );
      const inOther = await must(
        t.call('staff_add_hot_products', { area_id: other.id, product_ids: [a] as number[] }, sales),
      );
      const part = await t.call(
        'staff_order_content',
        { kind: 'hot_product', ids: [inOne.products[1]?.id as number] },
        sales,
      );
      expect(part.code).toBe(ErrorCode.BAD_REQUEST);
      const mixed = await t.call(
        'staff_order_content',
        { kind: 'hot_product', ids: [inOne.products[0]?.id as number, inOther.products[0]?.id as number] },
        sales,
      );
      expect(mixed.code).toBe(ErrorCode.BAD_REQUEST);
    });

    it('lists the ranked first, then the unranked and the ties in the hot list’s own order', async () => {
      const area = await newArea('Maghreb');
      const [a, b, c, d] = await productIds(4);
      const companyId = (
        await t.db
          .selectFrom('hot_areas')
          .select('company_id')
          .where('id', '=', area.id)
          .executeTakeFirstOrThrow()
      ).company_id;
      // Rows from before the console: rank 0 is "no rank given"; two products share rank 1.
      await t.db
        .insertInto('product_hot_areas')
        .values([
          { company_id: companyId, area_id: area.id, product_id: a as number, rank: 0 },
          { company_id: companyId, area_id: area.id, product_id: b as number, rank: 2 },
          { company_id: companyId, area_id: area.id, product_id: c as number, rank: 1 },
          { company_id: companyId, area_id: area.id, product_id: d as number, rank: 1 },
        ])
        .execute();
      await t.db
        .updateTable('products')
        .set({ click_count: 0, select_count: 0 })
        .where('id', 'in', [a, b, c, d] as number[])
        .execute();
      await t.db
        .updateTable('products')
        .set({ click_count: 50 })
        .where('id', '=', d as number)
        .execute();
      const expected = [d, c, b, a];
      expect(await hotIds(area.id)).toEqual(expected);
      const ranking = await must(t.call('staff_get_hot_area', { id: area.id }, sales));
      expect(ranking.products.map((p) => p.product_id)).toEqual(expected);
      // A buyer's chosen price order is theirs.
      const byPrice = await must(t.call('get_list', { area_id: area.id, sort: 'price_asc' }, buyer));
      const prices = byPrice.list.map((p) => p.price ?? 0);
      expect(prices).toEqual([...prices].sort((x, y) => x - y));
    });

    it('deletes a region with its ranking; buyers no longer see it', async () => {
      const area = await newArea('Pacific');
      const [a] = await productIds(1);
      await must(t.call('staff_add_hot_products', { area_id: area.id, product_ids: [a as number] }, sales));
      await must(t.call('staff_delete_content', { kind: 'hot_area', id: area.id }, owner));
      expect((await must(t.call('get_location_list', {}, buyer))).map((x) => x.id)).not.toContain(area.id);
      const left = await t.db
        .selectFrom('product_hot_areas')
        .select('id')
        .where('area_id', '=', area.id)
        .execute();
      expect(left).toEqual([]);
    });

    it("refuses another company's region, ranking entries and products as not found", async () => {
      const mine = await newArea('Iberia');
      const [a] = await productIds(1);
      const ranked = await must(
        t.call('staff_add_hot_products', { area_id: mine.id, product_ids: [a as number] }, sales),
      );
      const entry = ranked.products[0]?.id as number;
      expect((await t.call('staff_get_hot_area', { id: mine.id }, foreign)).code).toBe(ErrorCode.FAILED);
      const save = await t.call(
        'staff_save_hot_area',
        { id: mine.id, updated_at: mine.updated_at, hot_area: { names: names('Taken') } },
        foreign,
      );
      expect(save.code).toBe(ErrorCode.FAILED);
      const add = await t.call(
        'staff_add_hot_products',
        { area_id: mine.id, product_ids: [a as number] },
        foreign,
      );
      expect(add.code).toBe(ErrorCode.FAILED);
      expect((await t.call('staff_order_content', { kind: 'hot_product', ids: [entry] }, foreign)).code).toBe(
        ErrorCode.FAILED,
      );
      expect((await t.call('staff_delete_content', { kind: 'hot_product', id: entry }, foreign)).code).toBe(
        ErrorCode.FAILED,
      );
      expect((await t.call('staff_delete_content', { kind: 'hot_area', id: mine.id }, foreign)).code).toBe(
        ErrorCode.FAILED,
      );
      // Their products are not rankable here.
      const theirs = (await must(t.call('staff_list_products', { page_size: 1 }, foreign))).list[0]
        ?.id as number;
      const foreignProduct = await t.call(
        'staff_add_hot_products',
        { area_id: mine.id, product_ids: [theirs] },
        sales,
      );
      expect(foreignProduct.code).toBe(ErrorCode.BAD_REQUEST);
      expect((await must(t.call('staff_get_hot_area', { id: mine.id }, sales))).products).toHaveLength(1);
    });

    it('lets customer service read the regions but not change them', async () => {
      const area = (await must(t.call('staff_list_hot_areas', {}, service))).list[0];
      expect(area).toBeDefined();
      const refused = await t.call('staff_save_hot_area', { hot_area: { names: names('Service') } }, service);
      expect(refused.code).toBe(ErrorCode.FORBIDDEN);
      const add = await t.call(
        'staff_add_hot_products',
        { area_id: area?.id as number, product_ids: [1] },
        service,
      );
      expect(add.code).toBe(ErrorCode.FORBIDDEN);
    });
  });

  describe('factories', () => {
    const fields = {
      name: '汕头玩具厂',
      name_en: 'Shantou Toy Works',
      contact: 'Li Wei',
      phone: '+86 754 8888 0000',
      address: '广东汕头澄海',
      address_en: 'Chenghai, Shantou, Guangdong',
      inspection_level: 'BSCI A',
    };

    it('creates a factory with every column, finds it by part of a name, and offers it in the product editor', async () => {
      const made = await must(t.call('staff_save_factory', { factory: fields }, sales));
      expect(made).toMatchObject({ ...fields, product_count: 0, inspection_count: 0 });
      const found = await must(t.call('staff_list_factories', { search: 'toy WORKS' }, service));
      expect(found.list.map((f) => f.id)).toEqual([made.id]);
      expect(found.total).toBe(1);
      const options = await must(t.call('staff_list_product_options', {}, sales));
      expect(options.factories.map((f) => f.id)).toContain(made.id);
    });

    it('pages the list by name', async () => {
      const all = await must(t.call('staff_list_factories', { page_size: 100 }, sales));
      const page2 = await must(t.call('staff_list_factories', { page: 2, page_size: 2 }, sales));
      expect(page2.total).toBe(all.total);
      expect(page2.list.map((f) => f.id)).toEqual(all.list.slice(2, 4).map((f) => f.id));
    });

    it('edits with the updated_at read and refuses a stale save', async () => {
      const made = await must(t.call('staff_save_factory', { factory: { ...fields, name: '新厂' } }, sales));
      const edited = await must(
        t.call(
          'staff_save_factory',
          { id: made.id, updated_at: made.updated_at, factory: { ...fields, name: '新厂', phone: '123' } },
          owner,
        ),
      );
      expect(edited.phone).toBe('123');
      const stale = await t.call(
        'staff_save_factory',
        { id: made.id, updated_at: made.updated_at, factory: fields },
        sales,
      );
      expect(stale.code).toBe(ErrorCode.CONFLICT);
    });

    it('deletes a factory; its products keep their data without a factory', async () => {
      const made = await must(t.call('staff_save_factory', { factory: { ...fields, name: '旧厂' } }, sales));
      const [p] = await productIds(1);
      await t.db
        .updateTable('products')
        .set({ factory_id: made.id })
        .where('id', '=', p as number)
        .execute();
      const before = await t.db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', p as number)
        .executeTakeFirstOrThrow();
      const listed = await must(t.call('staff_list_factories', { search: '旧厂' }, sales));
      expect(listed.list[0]?.product_count).toBe(1);
      await must(t.call('staff_delete_content', { kind: 'factory', id: made.id }, owner));
      const after = await t.db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', p as number)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ ...before, factory_id: null });
      expect(
        (await must(t.call('staff_list_product_options', {}, sales))).factories.map((f) => f.id),
      ).not.toContain(made.id);
    });

    it("refuses another company's factory as not found, and customer service's writes", async () => {
      const made = await must(t.call('staff_save_factory', { factory: fields }, sales));
      const theirs = await t.call(
        'staff_save_factory',
        { id: made.id, updated_at: made.updated_at, factory: fields },
        foreign,
      );
      expect(theirs.code).toBe(ErrorCode.FAILED);
      expect((await t.call('staff_delete_content', { kind: 'factory', id: made.id }, foreign)).code).toBe(
        ErrorCode.FAILED,
      );
      const listed = await must(
        t.call('staff_list_factories', { search: fields.name_en, page_size: 100 }, foreign),
      );
      expect(listed.list.map((f) => f.id)).not.toContain(made.id);
      expect((await t.call('staff_save_factory', { factory: fields }, service)).code).toBe(
        ErrorCode.FORBIDDEN,
      );
    });
  });
});

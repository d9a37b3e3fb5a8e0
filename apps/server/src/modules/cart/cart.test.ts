import { ErrorCode, type ProductCard } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;

describe('the customer sample cart', () => {
  let t: TestApp;
  let buyer: { token: string; website: number };
  let products: ProductCard[];
  let live: ProductCard[];
  /** Every product of demo that has not expired (more than 1000). */
  const allLive: number[] = [];
  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 1050 });
    buyer = await t.login('demo', 'customer');
    products = (await t.call('get_list', { page_size: 60, lang: EN }, buyer)).data.list;
    live = products.filter((p) => !p.is_expire);
    for (let page = 1; ; page++) {
      const r = await t.call('get_list', { page, page_size: 60 }, buyer);
      if (r.data.list.length === 0) break;
      allLive.push(...r.data.list.filter((p) => !p.is_expire).map((p) => p.id));
    }
  });
  afterAll(() => t.close());

  const clear = async () => {
    const r = await t.call('get_sample_car_list', {}, buyer);
    const ids = r.data.lines.map((l) => l.product.id);
    if (ids.length) await t.call('delete_sample_car', { ids }, buyer);
  };

  it('adds products with their default cartons, newest first, and totals them', async () => {
    await clear();
    const [a, b] = live;
    if (!a || !b) throw new Error('need two products');
    const added = await t.call('add_sample_car', { ids: [a.id, b.id], lang: EN }, buyer);
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({ added: [a.id, b.id], already: [], count: 2 });
    expect(added.tip).toBe('Added to the sample cart');

    const cart = await t.call('get_sample_car_list', { lang: EN }, buyer);
    expect(cart.data.lines.map((l) => l.product.id)).toEqual([a.id, b.id]);
    const line = cart.data.lines[0];
    expect(line?.ctn).toBe(a.purchase_number);
    expect(line?.total_weight).toBeCloseTo(a.gross_weight * a.purchase_number, 3);
    expect(line?.total_cbm).toBeCloseTo(a.carton.cbm * a.purchase_number, 4);
    expect(line?.total_price).toBeCloseTo(
      (a.price ?? 0) * Math.max(1, a.carton_quantity) * a.purchase_number,
      2,
    );
    const totals = cart.data.totals;
    expect(totals.lines).toBe(2);
    expect(totals.ctn).toBe(a.purchase_number + b.purchase_number);
    expect(totals.money_unit).toBe('USD');
    expect(totals.trade_term).toBe('FOB');
    expect(totals.containers.map((c) => c.type)).toEqual(['20GP', '40GP', '40HQ']);
    expect(totals.containers[0]?.fill).toBeCloseTo(totals.cbm / 33, 3);
  });

  it("says 'already in the sample cart' and keeps one line when a product is added twice", async () => {
    const a = live[0];
    if (!a) throw new Error('no product');
    const again = await t.call('add_sample_car', { ids: [a.id], lang: EN }, buyer);
    expect(again.code).toBe(0);
    expect(again.data).toMatchObject({ added: [], already: [a.id] });
    expect(again.tip).toBe('Product already in the sample cart');
    const cart = await t.call('get_sample_car_list', {}, buyer);
    expect(cart.data.lines.filter((l) => l.product.id === a.id)).toHaveLength(1);
  });

  it("refuses an expired product with 'Product expired'", async () => {
    const expired = products.find((p) => p.is_expire);
    if (!expired) throw new Error('the demo data has expired products');
    const r = await t.call('add_sample_car', { ids: [expired.id], lang: EN }, buyer);
    expect(r.data.expired).toEqual([expired.id]);
    expect(r.tip).toBe('Product expired');
  });

  it('changes cartons per line and removes lines', async () => {
    const [a, b] = live;
    if (!a || !b) throw new Error('need two products');
    const updated = await t.call(
      'update_sample_car',
      {
        lines: [
          { id: a.id, ctn: 7 },
          { id: b.id, ctn: 7 },
        ],
      },
      buyer,
    );
    expect(updated.data.count).toBe(2);
    let cart = await t.call('get_sample_car_list', {}, buyer);
    expect(cart.data.lines.map((l) => l.ctn)).toEqual([7, 7]);
    expect((await t.call('update_sample_car', { lines: [{ id: a.id, ctn: 0 }] }, buyer)).code).toBe(
      ErrorCode.BAD_REQUEST,
    );
    // A sample selection holds at most 999 cartons of a product (decision 0035).
    expect((await t.call('update_sample_car', { lines: [{ id: a.id, ctn: 1000 }] }, buyer)).code).toBe(
      ErrorCode.BAD_REQUEST,
    );
    expect((await t.call('update_sample_car', { lines: [{ id: a.id, ctn: 999 }] }, buyer)).code).toBe(0);
    await t.call('delete_sample_car', { ids: [a.id] }, buyer);
    cart = await t.call('get_sample_car_list', {}, buyer);
    expect(cart.data.lines.map((l) => l.product.id)).toEqual([b.id]);
  });

  it('merges a visitor cart: new lines kept, a shared product keeps the larger cartons, nothing doubled', async () => {
    await clear();
    const [a, b, c] = live;
    if (!a || !b || !c) throw new Error('need three products');
    await t.call('add_sample_car', { ids: [a.id, b.id] }, buyer);
    await t.call(
      'update_sample_car',
      {
        lines: [
          { id: a.id, ctn: 5 },
          { id: b.id, ctn: 2 },
        ],
      },
      buyer,
    );
    const merged = await t.call(
      'add_sample_car',
      {
        lines: [
          { id: a.id, ctn: 3 },
          { id: b.id, ctn: 9 },
          { id: c.id, ctn: 4 },
        ],
      },
      buyer,
    );
    expect(merged.code).toBe(0);
    expect(merged.data.count).toBe(3);
    const cart = await t.call('get_sample_car_list', {}, buyer);
    const ctn = Object.fromEntries(cart.data.lines.map((l) => [l.product.id, l.ctn]));
    expect(ctn).toEqual({ [a.id]: 5, [b.id]: 9, [c.id]: 4 });
  });

  it('holds at most 1000 lines: the 1000th is accepted, the 1001st refused with the limit message', async () => {
    await clear();
    const ids = allLive;
    expect(ids.length).toBeGreaterThanOrEqual(1001);
    const first = await t.call('add_sample_car', { ids: ids.slice(0, 999) }, buyer);
    expect(first.data.count).toBe(999);
    const thousandth = await t.call('add_sample_car', { ids: [ids[999] ?? 0] }, buyer);
    expect(thousandth.data.count).toBe(1000);
    const over = await t.call('add_sample_car', { ids: [ids[1000] ?? 0], lang: EN }, buyer);
    expect(over.code).toBe(ErrorCode.FAILED);
    expect(over.tip).toBe('Failed, the sample selection cart holds at most 1000!');
    expect((await t.call('get_sample_car_list', {}, buyer)).data.lines).toHaveLength(1000);
    // Adding what is already there is no growth, so it is not refused.
    expect((await t.call('add_sample_car', { ids: [ids[0] ?? 0] }, buyer)).code).toBe(0);
    await clear();
  });

  it('keeps two concurrent additions within the limit', async () => {
    await clear();
    const ids = allLive.slice(0, 4);
    await t.call('add_sample_car', { ids: allLive.slice(4, 1002) }, buyer);
    const [x, y] = await Promise.all([
      t.call('add_sample_car', { ids: ids.slice(0, 2) }, buyer),
      t.call('add_sample_car', { ids: ids.slice(2, 4) }, buyer),
    ]);
    expect([x.code, y.code].sort()).toEqual([ErrorCode.FAILED, 0]);
    expect((await t.call('get_sample_car_list', {}, buyer)).data.lines).toHaveLength(1000);
    await clear();
  });

  it('is for customers only, and each customer sees only their own cart on their own website', async () => {
    const visitor = await t.login('demo', 'visitor');
    expect((await t.call('get_sample_car_list', {}, visitor)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await t.call('add_sample_car', { ids: [1] }, visitor)).code).toBe(ErrorCode.FORBIDDEN);

    const a = live[0];
    if (!a) throw new Error('no product');
    await clear();
    await t.call('add_sample_car', { ids: [a.id] }, buyer);
    const other = await t.login('demo2', 'customer');
    expect((await t.call('get_sample_car_list', {}, other)).data.lines).toEqual([]);
    // A product of another company is not added to demo2's cart.
    const foreign = await t.call('add_sample_car', { ids: [a.id] }, other);
    expect(foreign.data).toMatchObject({ added: [], missing: [a.id] });
    // A demo token does not work on demo2's website.
    expect((await t.call('get_sample_car_list', {}, { ...buyer, website: other.website })).code).toBe(
      ErrorCode.SESSION_INVALID,
    );
  });

  it('refuses bad bodies with a tip that names the field', async () => {
    const r = await t.call('update_sample_car', { lines: [{ id: 'x', ctn: 1 }], lang: EN }, buyer);
    expect(r.code).toBe(ErrorCode.BAD_REQUEST);
    expect(r.tip).toContain('lines.0.id');
    expect((await t.call('delete_sample_car', { ids: [] }, buyer)).code).toBe(ErrorCode.BAD_REQUEST);
    expect((await t.call('add_sample_car', {}, buyer)).code).toBe(ErrorCode.FAILED);
  });
});

describe('sync_toy: the expiry check before submitting', () => {
  let t: TestApp;
  let visitor: { token: string; website: number };
  let id: number;
  beforeAll(async () => {
    t = await createTestApp();
    visitor = await t.login('demo', 'visitor');
    const p = (await t.call('get_list', { page_size: 20 }, visitor)).data.list.find((x) => !x.is_expire);
    id = p?.id ?? 0;
  });
  afterAll(() => t.close());

  const set = async (toyType: number, fields: Record<string, number | null>) => {
    await t.db.updateTable('websites').set({ toy_type: toyType }).where('id', '=', visitor.website).execute();
    await t.db
      .updateTable('products')
      .set({ removed_time: null, stop_time: null, is_set_hide: 0, is_website_hide: 0, ...fields })
      .where('id', '=', id)
      .execute();
    const r = await t.call('sync_toy', { ids: [id] }, visitor);
    return r.data[0];
  };

  it('answers the fields the specification lists, and the current price', async () => {
    const item = await set(1, {});
    expect(item).toEqual({
      id,
      exworks_price: expect.any(Number),
      removed_time: null,
      stop_time: null,
      is_set_hide: 0,
      is_website_hide: 0,
      is_expire: 0,
    });
  });

  it('type 1: expired when removed_time or stop_time is set', async () => {
    expect((await set(1, { removed_time: 5 }))?.is_expire).toBe(1);
    expect((await set(1, { stop_time: 5 }))?.is_expire).toBe(1);
    expect((await set(1, { is_set_hide: 1, is_website_hide: 1 }))?.is_expire).toBe(0);
  });

  it('type 2: expired when is_set_hide or removed_time is set', async () => {
    expect((await set(2, { is_set_hide: 1 }))?.is_expire).toBe(1);
    expect((await set(2, { removed_time: 5 }))?.is_expire).toBe(1);
    expect((await set(2, { stop_time: 5, is_website_hide: 1 }))?.is_expire).toBe(0);
  });

  it('type 3: expired when removed_time is not the zero date or is_website_hide is set', async () => {
    expect((await set(3, { removed_time: 5 }))?.is_expire).toBe(1);
    expect((await set(3, { is_website_hide: 1 }))?.is_expire).toBe(1);
    expect((await set(3, { removed_time: 0 }))?.is_expire).toBe(0);
    expect((await set(3, { stop_time: 5, is_set_hide: 1 }))?.is_expire).toBe(0);
  });

  it('hides the price on a website that hides prices, and leaves out foreign ids', async () => {
    const demo2 = await t.login('demo2', 'visitor');
    const r = await t.call('sync_toy', { ids: [id] }, demo2);
    expect(r.data).toEqual([]);
    const own = (await t.call('get_list', { page_size: 1 }, demo2)).data.list[0]?.id ?? 0;
    const hidden = await t.call('sync_toy', { ids: [own] }, demo2);
    expect(hidden.data[0]?.exworks_price).toBeNull();
  });
});

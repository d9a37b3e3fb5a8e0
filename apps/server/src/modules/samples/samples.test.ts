import { ErrorCode, type ProductCard } from '@vitrine/contract';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;
const AR = 11201005;
const form = {
  company_name: 'Gulf Toys Trading LLC',
  contact: 'Amira Haddad',
  phone: '+971 4 555 0101',
  email: 'amira@gulftoys.example',
  remark: 'Samples by air, please',
};
let keys = 0;
const newKey = () => `test-key-${String(++keys).padStart(8, '0')}-${Date.now()}`;

describe('sample submission and records', () => {
  let t: TestApp;
  let visitor: { token: string; website: number };
  let buyer: { token: string; website: number };
  let live: ProductCard[];
  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 30 });
    visitor = await t.login('demo', 'visitor');
    buyer = await t.login('demo', 'customer');
    live = (await t.call('get_list', { page_size: 30, lang: EN }, visitor)).data.list.filter(
      (p) => !p.is_expire,
    );
  });
  afterAll(() => t.close());

  const lines = (n: number, ctn = 2) => live.slice(0, n).map((p) => ({ id: p.id, ctn }));
  /** Another browser: a visitor session of its own, logged in from its own address. */
  let browsers = 0;
  const browser = async () => {
    const r = await t.call(
      'login',
      { website_id: visitor.website, code: 'demo-visitor' },
      { ip: `10.30.${++browsers}.1` },
    );
    return { token: r.data.token, website: visitor.website };
  };

  it.each([
    [{ company_name: ' ' }, 'Please enter the company name'],
    [{ contact: '' }, 'Please enter the contact person'],
    [{ email: '' }, 'Please enter the email'],
    [{ email: 'amira@gulftoys' }, 'Please enter the correct email'],
    [{ email: 'not an email' }, 'Please enter the correct email'],
  ])('refuses %o with “%s”', async (change, tip) => {
    const r = await t.call(
      'add_choose',
      {
        ...form,
        ...change,
        lines: lines(1),
        idempotency_key: newKey(),
        lang: EN,
      },
      visitor,
    );
    expect(r).toMatchObject({ code: ErrorCode.FAILED, tip });
  });

  it('refuses an empty cart and more than 1000 lines', async () => {
    const base = { ...form, idempotency_key: newKey(), lang: EN };
    expect((await t.call('add_choose', { ...base, lines: [] }, visitor)).tip).toBe(
      'The sample cart is empty',
    );
    const many = Array.from({ length: 1001 }, (_, i) => ({ id: i + 1, ctn: 1 }));
    expect((await t.call('add_choose', { ...base, lines: many }, visitor)).tip).toBe(
      'Failed, the sample selection cart holds at most 1000!',
    );
  });

  it('records a visitor submission with its lines as they were, found again by its session only', async () => {
    const key = newKey();
    const r = await t.call(
      'add_choose',
      { ...form, lines: lines(3, 4), idempotency_key: key, lang: EN },
      visitor,
    );
    expect(r.code).toBe(0);
    expect(r.data.product_count).toBe(3);
    expect(r.data.number).toMatch(/^S20261122\d{5}$/);

    const list = await t.call('get_choose_list', {}, visitor);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ ...form, number: r.data.number, product_count: 3 });
    expect(list.data.list[0]?.totals.ctn).toBe(12);
    // The record's summary counts pieces too: each line's cartons times its pieces per carton.
    const pieces = live.slice(0, 3).reduce((sum, p) => sum + Math.max(1, p.carton_quantity) * 4, 0);
    expect((await t.call('get_choose_detail', { id: r.data.id }, visitor)).data.totals).toMatchObject({
      ctn: 12,
      pieces,
    });

    // The product changes afterwards; the record keeps the name and price it was submitted with.
    const first = live[0];
    await t.db
      .updateTable('products')
      .set({ name_en: 'Renamed', exworks_price: 999 })
      .where('id', '=', first?.id ?? 0)
      .execute();
    const detail = await t.call('get_choose_toy_list', { id: r.data.id }, visitor);
    expect(detail.data.list.map((l) => l.product.id)).toEqual(live.slice(0, 3).map((p) => p.id));
    expect(detail.data.list[0]?.product.name).toBe(first?.name);
    expect(detail.data.list[0]?.product.price).toBe(first?.price);
    expect(detail.data.list[0]?.ctn).toBe(4);

    // Another browser sees nothing.
    const other = await browser();
    expect((await t.call('get_choose_list', {}, other)).data.total).toBe(0);
    expect((await t.call('get_choose_detail', { id: r.data.id }, other)).code).toBe(ErrorCode.FAILED);
    // The customer does not see the visitor's records.
    expect((await t.call('get_choose_list', {}, buyer)).data.list.map((s) => s.id)).not.toContain(r.data.id);
  });

  it('is idempotent: a retry and two concurrent identical submissions make one record', async () => {
    const visitor = await browser();
    const body = { ...form, lines: lines(2), idempotency_key: newKey() };
    const [a, b] = await Promise.all([
      t.call('add_choose', body, visitor),
      t.call('add_choose', body, visitor),
    ]);
    const c = await t.call('add_choose', body, visitor);
    expect([a.code, b.code, c.code]).toEqual([0, 0, 0]);
    expect(new Set([a.data.id, b.data.id, c.data.id]).size).toBe(1);
    expect((await t.call('get_choose_list', {}, visitor)).data.total).toBe(1);
    const rows = await t.db
      .selectFrom('sample_lines')
      .select('id')
      .where('sample_id', '=', a.data.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('leaves out expired products and names them; refuses when nothing is left', async () => {
    const expired = live[live.length - 1];
    if (!expired) throw new Error('no product');
    await t.db.updateTable('products').set({ removed_time: 1 }).where('id', '=', expired.id).execute();
    const r = await t.call(
      'add_choose',
      {
        ...form,
        lines: [...lines(1), { id: expired.id, ctn: 1 }],
        idempotency_key: newKey(),
      },
      visitor,
    );
    expect(r.data).toMatchObject({ product_count: 1, skipped: [expired.id] });
    const none = await t.call(
      'add_choose',
      {
        ...form,
        lines: [{ id: expired.id, ctn: 1 }],
        idempotency_key: newKey(),
        lang: EN,
      },
      visitor,
    );
    expect(none.tip).toBe('None of these products can be submitted any more');
  });

  it("empties the submitted lines from a customer's cart and fills the next form from the last one", async () => {
    const [a, b, c] = live;
    if (!a || !b || !c) throw new Error('need products');
    await t.call('add_sample_car', { ids: [a.id, b.id, c.id] }, buyer);
    const r = await t.call(
      'add_choose',
      {
        ...form,
        contact: 'Omar',
        lines: [
          { id: a.id, ctn: 1 },
          { id: b.id, ctn: 1 },
        ],
        idempotency_key: newKey(),
      },
      buyer,
    );
    expect(r.code).toBe(0);
    const cart = await t.call('get_sample_car_list', {}, buyer);
    expect(cart.data.lines.map((l) => l.product.id)).toEqual([c.id]);
    const last = await t.call('get_detail_choose', {}, buyer);
    expect(last.data).toEqual({
      company_name: form.company_name,
      contact: 'Omar',
      phone: form.phone,
      email: form.email,
    });
    expect((await t.call('get_detail_choose', {}, await browser())).data).toBeNull();
  });

  it("fills a customer's first form with what the company knows of them", async () => {
    const fresh = await t.login('demo2', 'customer');
    await t.db
      .updateTable('samples')
      .set({ deleted_at: 1 })
      .where('website_id', '=', fresh.website)
      .execute();
    const known = await t.call('get_detail_choose', {}, fresh);
    expect(known.data).toEqual({
      company_name: '',
      contact: 'Fatima Al Suwaidi',
      phone: expect.any(String),
      email: 'fatima@gulf-kids.example',
    });
  });

  it('keeps records apart between customers and between websites', async () => {
    const mine = await t.call('get_choose_list', {}, buyer);
    expect(mine.data.total).toBeGreaterThan(0);
    const id = mine.data.list[0]?.id ?? 0;
    // A second customer of the same company.
    const other = await t.db
      .insertInto('customers')
      .values({
        company_id: (
          await t.db
            .selectFrom('websites')
            .select('company_id')
            .where('id', '=', buyer.website)
            .executeTakeFirstOrThrow()
        ).company_id,
        customer_name: 'Second buyer',
        password_hash: 'x',
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sessions')
      .set({ customer_id: Number(other.id) })
      .where('customer_id', 'is not', null)
      .where('website_id', '=', buyer.website)
      .execute();
    expect((await t.call('get_choose_list', {}, buyer)).data.total).toBe(0);
    expect((await t.call('get_choose_detail', { id }, buyer)).code).toBe(ErrorCode.FAILED);
    expect((await t.call('delete_choose', { ids: [id] }, buyer)).code).toBe(ErrorCode.FAILED);
    const demo2 = await t.login('demo2', 'customer');
    expect((await t.call('get_choose_detail', { id }, demo2)).code).toBe(ErrorCode.FAILED);
    expect((await t.call('get_choose_toy_list', { id }, demo2)).code).toBe(ErrorCode.FAILED);
  });

  it('deletes only the buyer’s own records', async () => {
    const r = await t.call('add_choose', { ...form, lines: lines(1), idempotency_key: newKey() }, visitor);
    expect((await t.call('delete_choose', { ids: [r.data.id] }, await browser())).code).toBe(
      ErrorCode.FAILED,
    );
    expect((await t.call('delete_choose', { ids: [r.data.id] }, visitor)).data).toEqual({
      deleted: 1,
    });
    expect((await t.call('get_choose_detail', { id: r.data.id }, visitor)).code).toBe(ErrorCode.FAILED);
  });
});

describe('Excel export', () => {
  let t: TestApp;
  let visitor: { token: string; website: number };
  let live: ProductCard[];
  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 12 });
    visitor = await t.login('demo', 'visitor');
    live = (await t.call('get_list', { page_size: 12 }, visitor)).data.list.filter((p) => !p.is_expire);
    // One product gets a real picture, so the workbook has one to embed.
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const companyId = (
      await t.db
        .selectFrom('websites')
        .select('company_id')
        .where('id', '=', visitor.website)
        .executeTakeFirstOrThrow()
    ).company_id;
    await t.storage.put('pictures/test/blue.png', png);
    const file = await t.db
      .insertInto('files')
      .values({
        company_id: companyId,
        storage_key: 'pictures/test/blue.png',
        sha256: 'test-blue',
        content_type: 'image/png',
        size: png.length,
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('product_pictures')
      .values({
        company_id: companyId,
        product_id: live[0]?.id ?? 0,
        file_id: Number(file.id),
        sort: -1,
        created_at: 1,
      })
      .execute();
  });
  afterAll(() => t.close());

  const workbookAt = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    return wb;
  };

  it('exports a record as a workbook: header, a row per product with its picture, totals', async () => {
    const sub = await t.call(
      'add_choose',
      {
        ...form,
        lines: live.slice(0, 3).map((p) => ({ id: p.id, ctn: 3 })),
        idempotency_key: newKey(),
      },
      visitor,
    );
    const r = await t.call('export_choose', { id: sub.data.id, lang: EN }, visitor);
    expect(r.code).toBe(0);
    expect(r.tip).toBe('Export succeeded');
    expect(r.data.filename).toBe(`sample-${sub.data.number}.xlsx`);
    expect(r.data.rows).toBe(3);
    const wb = await workbookAt(r.data.url);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    const text = ws.getSheetValues().flat().map(String).join('|');
    expect(text).toContain(form.company_name);
    expect(text).toContain(sub.data.number);
    for (const p of live.slice(0, 3)) expect(text).toContain(p.name);
    expect(ws.getImages()).toHaveLength(1);
    expect(wb.model.media).toHaveLength(1);
  });

  it('exports the cart lines sent, in the language asked, right to left in Arabic', async () => {
    const r = await t.call(
      'export_sample_car',
      { lines: live.slice(0, 2).map((p) => ({ id: p.id, ctn: 1 })), lang: AR },
      visitor,
    );
    expect(r.code).toBe(0);
    const wb = await workbookAt(r.data.url);
    const ws = wb.worksheets[0];
    expect(ws?.views[0]?.rightToLeft).toBe(true);
    expect(ws?.getSheetValues().flat().map(String).join('|')).toMatch(/[\u0600-\u06ff]/);
  });

  it('keeps a workbook for an hour, then clears it away at the next export', async () => {
    const lines = live.slice(0, 1).map((p) => ({ id: p.id, ctn: 1 }));
    const first = await t.call('export_sample_car', { lines }, visitor);
    t.clock.advance(61 * 60 * 1000);
    await t.call('export_sample_car', { lines }, visitor);
    expect((await t.app.inject({ method: 'GET', url: first.data.url })).statusCode).toBe(404);
  });

  it("exports a customer's server cart, whatever lines the browser sends", async () => {
    const buyer = await t.login('demo', 'customer');
    const mine = live.slice(3, 5);
    const added = await t.call('add_sample_car', { ids: mine.map((p) => p.id) }, buyer);
    expect(added.data.count).toBe(2);
    const names = async (url: string) =>
      (await workbookAt(url)).worksheets[0]?.getSheetValues().flat().map(String).join('|');

    const none = await t.call('export_sample_car', { lines: [], lang: EN }, buyer);
    expect(none).toMatchObject({ code: 0, data: { rows: 2 } });
    for (const p of mine) expect(await names(none.data.url)).toContain(p.name);

    const other = await t.call(
      'export_sample_car',
      { lines: [{ id: live[0]?.id ?? 0, ctn: 9 }], lang: EN },
      buyer,
    );
    expect(other.data.rows).toBe(2);
    expect(await names(other.data.url)).not.toContain(live[0]?.name);
  });

  it('answers lines of unknown or foreign products as an empty cart, not as an empty workbook', async () => {
    const demo2 = await t.login('demo2', 'visitor');
    const foreign = (await t.call('get_list', { page_size: 2 }, demo2)).data.list.map((p) => ({
      id: p.id,
      ctn: 1,
    }));
    const r = await t.call(
      'export_sample_car',
      { lines: [...foreign, { id: 987654321, ctn: 1 }], lang: EN },
      visitor,
    );
    expect(r).toMatchObject({ code: ErrorCode.FAILED, data: null, tip: 'The sample cart is empty' });
  });

  it('refuses to export an empty cart or a record of someone else', async () => {
    expect((await t.call('export_sample_car', { lines: [], lang: EN }, visitor)).tip).toBe(
      'The sample cart is empty',
    );
    expect((await t.call('export_choose', { id: 1 }, await t.login('demo', 'visitor'))).code).toBe(
      ErrorCode.FAILED,
    );
  });
});

describe('record numbers', () => {
  let t: TestApp;
  const visitors = {} as Record<'demo' | 'demo2', { token: string; website: number }>;
  const live = {} as Record<'demo' | 'demo2', ProductCard[]>;
  beforeAll(async () => {
    t = await createTestApp();
    for (const site of ['demo', 'demo2'] as const) {
      visitors[site] = await t.login(site, 'visitor');
      live[site] = (await t.call('get_list', { page_size: 6 }, visitors[site])).data.list.filter(
        (p) => !p.is_expire,
      );
    }
  });
  afterAll(() => t.close());

  const submit = async (site: 'demo' | 'demo2') => {
    const r = await t.call(
      'add_choose',
      {
        ...form,
        lines: live[site].slice(0, 1).map((p) => ({ id: p.id, ctn: 1 })),
        idempotency_key: newKey(),
      },
      visitors[site],
    );
    expect(r.code).toBe(0);
    return r.data.number;
  };
  const today = () => `S${new Date(t.clock.now()).toISOString().slice(0, 10).replace(/-/g, '')}`;

  it("counts each company's records of the day on their own: demo2's first after demo's two is 00001", async () => {
    expect([await submit('demo'), await submit('demo')]).toEqual([`${today()}00001`, `${today()}00002`]);
    expect(await submit('demo2')).toBe(`${today()}00001`);
  });

  it('gives parallel submissions distinct numbers, none failing', async () => {
    const numbers = await Promise.all(Array.from({ length: 12 }, () => submit('demo2')));
    expect(new Set(numbers).size).toBe(12);
    expect(numbers.map((n) => n.slice(-5)).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 2).padStart(5, '0')),
    );
  });

  it('starts again at 00001 on the next day', async () => {
    t.clock.advance(24 * 3600 * 1000);
    expect(await submit('demo')).toBe(`${today()}00001`);
  });
});

describe('visitor keys', () => {
  let t: TestApp;
  let website: number;
  let product: number;
  beforeAll(async () => {
    t = await createTestApp();
    website = await t.siteId('demo');
    const visitor = await t.login('demo', 'visitor');
    product =
      (await t.call('get_list', { page_size: 6 }, visitor)).data.list.find((p) => !p.is_expire)?.id ?? 0;
  });
  afterAll(() => t.close());

  let addresses = 0;
  /** A visitor login from a browser of its own, bringing the key it kept (if any). */
  const visit = async (visitor_key?: string) => {
    const r = await t.call(
      'login',
      { website_id: website, code: 'demo-visitor', ...(visitor_key ? { visitor_key } : {}) },
      { ip: `10.40.${++addresses}.1` },
    );
    expect(r.code).toBe(0);
    return { token: r.data.token, website, key: r.data.visitor_key };
  };
  const submit = (who: { token: string; website: number }, extra: Record<string, unknown> = {}) =>
    t.call(
      'add_choose',
      { ...form, lines: [{ id: product, ctn: 1 }], idempotency_key: newKey(), ...extra },
      who,
    );

  it('issues a visitor a key of its own at login, and a customer none', async () => {
    const [a, b] = [await visit(), await visit()];
    expect(a.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.key).not.toBe(a.key);
    const customer = await t.call('login', { website_id: website, code: 'demo-buyer' }, { ip: '10.40.99.1' });
    expect(customer.data.visitor_key).toBeNull();
  });

  it("gives a visitor's records to its session's key: a key sent with a call, or guessed, finds nothing", async () => {
    const victim = await visit();
    const r = await submit(victim, { visitor_key: 'aaaaaaaaaaaaaaaa' });
    expect(r.code).toBe(0);

    const attacker = await visit('aaaaaaaaaaaaaaaa');
    expect(attacker.key).not.toBe('aaaaaaaaaaaaaaaa');
    const seen = await t.call('get_choose_list', { visitor_key: 'aaaaaaaaaaaaaaaa' }, attacker);
    expect(seen.data.total).toBe(0);
    expect(
      (await t.call('get_choose_detail', { id: r.data.id, visitor_key: 'aaaaaaaaaaaaaaaa' }, attacker)).code,
    ).toBe(ErrorCode.FAILED);
    expect((await t.call('get_choose_list', {}, victim)).data.list.map((s) => s.id)).toEqual([r.data.id]);
  });

  it('lets the browser that kept its key find its records again at its next login', async () => {
    const first = await visit();
    const r = await submit(first);
    await t.call('logout', {}, first);
    const again = await visit(first.key ?? undefined);
    expect(again.key).toBe(first.key);
    expect((await t.call('get_choose_list', {}, again)).data.list.map((s) => s.id)).toEqual([r.data.id]);
  });

  it('stores only a hash of the key, in the session and on the records', async () => {
    const v = await visit();
    await submit(v);
    const sessions = await t.db.selectFrom('sessions').select('visitor_key').execute();
    const samples = await t.db.selectFrom('samples').select('visitor_key').execute();
    for (const stored of [...sessions, ...samples].map((r) => r.visitor_key))
      expect(stored === null || /^[0-9a-f]{64}$/.test(stored)).toBe(true);
    expect(samples.some((s) => s.visitor_key === v.key)).toBe(false);
  });
});

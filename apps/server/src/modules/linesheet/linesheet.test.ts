import { DEFAULT_LANGUAGE, ErrorCode, langCodeOf, languageByKey, type LangKey } from '@vitrine/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { submitSample } from '../../test/orders';

const code = (key: LangKey) => langCodeOf(languageByKey(key) ?? DEFAULT_LANGUAGE);
const EN = code('en');
type Caller = { token: string; website: number };

/** Every page's text, joined. */
async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

describe('linesheets', () => {
  let t: TestApp;
  let buyer: Caller;
  let other: Caller;
  let foreign: Caller;
  let visitor: Caller;
  let companyId: number;
  let products: { id: number; toy_number: string; article_number: string }[];
  let recordId: number;

  const site = (changes: { show_price?: number; number_type?: number }) =>
    t.db.updateTable('websites').set(changes).where('code', '=', 'demo').execute();
  /** The linesheet's PDF, read back as text. */
  async function pdfText(url: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return textOf(res.rawPayload);
  }

  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 8 });
    buyer = await t.login('demo', 'customer');
    visitor = await t.login('demo', 'visitor');
    foreign = await t.login('demo2', 'customer');
    const staff = await t.staffLogin('demo', 'owner');
    const made = await t.call('staff_create_customer', { customer_name: 'Second buyer' }, staff);
    const login = await t.call('login', { website_id: buyer.website, code: made.data.password });
    other = { token: login.data.token, website: buyer.website };
    const info = await t.call('get_website_info', { site: 'demo' });
    companyId = info.data.company_id;
    products = await t.db
      .selectFrom('products')
      .select(['id', 'toy_number', 'article_number'])
      .where('company_id', '=', companyId)
      .orderBy('id')
      .limit(3)
      .execute();
    const [a, b] = products as [(typeof products)[0], (typeof products)[0]];
    // Names we can find in the text: German for one, none in German for the other (English shows).
    await t.db
      .updateTable('products')
      .set({ name: '毛绒小熊', name_en: 'Plush bear', name_de: 'Kuschelbär', exworks_price: 12.5 })
      .where('id', '=', a.id)
      .execute();
    await t.db
      .updateTable('products')
      .set({ name: '遥控赛车', name_en: 'Racing car', name_de: '', exworks_price: 7 })
      .where('id', '=', b.id)
      .execute();
    await t.call('add_sample_car', { ids: [a.id, b.id] }, buyer);
    recordId = await submitSample(t, buyer);
  });
  afterAll(() => t.close());

  it("draws the customer's cart in the chosen language, numbers per number_type and prices when shown", async () => {
    await site({ show_price: 1, number_type: 1 });
    const r = await t.call('get_linesheet', { selection: { kind: 'cart' }, lang: code('de') }, buyer);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ products: 2, language: 'de' });
    // A signed link of its own, never a public /files/ address.
    expect(r.data.url).toMatch(/^\/api\/linesheet\/p1\./);
    const text = await pdfText(r.data.url);
    expect(text).toContain('Kuschelbär');
    // No German name: the English one, as the showroom's pages fall back.
    expect(text).toContain('Racing car');
    expect(text).not.toContain('Plush bear');
    expect(text).toContain(products[0]?.toy_number);
    expect(text).not.toContain(products[0]?.article_number);
    expect(text).toContain('Produktkatalog');
    expect(text).toContain('Musterkorb');
    // German number format for the price.
    expect(text).toContain('USD 12,50');
    expect(text).toContain('USD 7,00');
  });

  it('prints Chinese names in the embedded CJK face for a Chinese reader', async () => {
    const r = await t.call('get_linesheet', { selection: { kind: 'cart' }, lang: code('zh') }, buyer);
    expect(r.data.language).toBe('zh');
    const text = await pdfText(r.data.url);
    expect(text).toContain('毛绒小熊');
    expect(text).toContain('遥控赛车');
    expect(text).toContain('产品目录');
  });

  it('prints English where the fonts cannot set the language (Korean) or its direction (Arabic)', async () => {
    for (const key of ['ko', 'ar'] as const) {
      const r = await t.call('get_linesheet', { selection: { kind: 'cart' }, lang: code(key) }, buyer);
      expect(r.data.language).toBe('en');
      const text = await pdfText(r.data.url);
      expect(text).toContain('Plush bear');
      expect(text).toContain('Linesheet');
    }
  });

  it('shows article numbers, or none, as number_type says', async () => {
    await site({ number_type: 3 });
    const byArticle = await t.call('get_linesheet', { selection: { kind: 'cart' }, lang: EN }, buyer);
    const text = await pdfText(byArticle.data.url);
    expect(text).toContain(products[0]?.article_number);
    expect(text).not.toContain(products[0]?.toy_number);
    await site({ number_type: 2 });
    const hidden = await pdfText(
      (await t.call('get_linesheet', { selection: { kind: 'cart' }, lang: EN }, buyer)).data.url,
    );
    expect(hidden).not.toContain(products[0]?.article_number);
    expect(hidden).not.toContain(products[0]?.toy_number);
    await site({ number_type: 1 });
  });

  it('leaves prices out altogether when the website hides them', async () => {
    await site({ show_price: 0 });
    const r = await t.call('get_linesheet', { selection: { kind: 'cart' }, lang: EN }, buyer);
    const text = await pdfText(r.data.url);
    expect(text).toContain('Plush bear');
    expect(text).not.toContain('USD');
    expect(text).not.toContain('12.50');
    expect(text).not.toContain('Price');
    // A visitor's cart (kept in the browser) alike.
    const v = await t.call(
      'get_linesheet',
      { selection: { kind: 'cart', ids: [products[0]?.id] }, lang: EN },
      visitor,
    );
    expect(v.code).toBe(0);
    expect(await pdfText(v.data.url)).not.toContain('USD');
    await site({ show_price: 1 });
  });

  it("draws the buyer's own sample record, and refuses it to another buyer and another company", async () => {
    const r = await t.call('get_linesheet', { selection: { kind: 'record', id: recordId }, lang: EN }, buyer);
    expect(r.code).toBe(0);
    expect(r.data.products).toBe(3);
    expect(await pdfText(r.data.url)).toContain('Sample record');
    for (const caller of [other, foreign, visitor]) {
      const refused = await t.call(
        'get_linesheet',
        { selection: { kind: 'record', id: recordId }, lang: EN },
        caller,
      );
      expect({ code: refused.code, tip: refused.tip }).toEqual({
        code: ErrorCode.FAILED,
        tip: 'This sample record or category could not be found',
      });
    }
    // Staff of the record's company may; another company's staff are told it is not found.
    const staff = await t.staffLogin('demo', 'service');
    const mine = await t.call(
      'staff_get_linesheet',
      { language: 'zh', selection: { kind: 'record', id: recordId } },
      staff,
    );
    expect(mine.code).toBe(0);
    expect(await pdfText(mine.data.url)).toContain('选样记录');
    const stranger = await t.staffLogin('demo2', 'owner');
    const refused = await t.call(
      'staff_get_linesheet',
      { language: 'en', selection: { kind: 'record', id: recordId }, lang: EN },
      stranger,
    );
    expect(refused.code).toBe(ErrorCode.FAILED);
  });

  it("draws a category and a search as get_list finds them, and another company's category is not found", async () => {
    const category = await t.db
      .selectFrom('products')
      .select('category_id')
      .where('company_id', '=', companyId)
      .where('category_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const r = await t.call(
      'get_linesheet',
      { selection: { kind: 'category', category_id: category.category_id }, lang: EN },
      buyer,
    );
    expect(r.code).toBe(0);
    expect(await pdfText(r.data.url)).toContain('Category');
    const search = await t.call(
      'get_linesheet',
      { selection: { kind: 'search', keyword: 'Plush bear' }, lang: EN },
      buyer,
    );
    expect(search.code).toBe(0);
    const text = await pdfText(search.data.url);
    expect(text).toContain('Plush bear');
    expect(text).toContain('Search');
    const foreignCategory = await t.call(
      'get_linesheet',
      { selection: { kind: 'category', category_id: category.category_id }, lang: EN },
      foreign,
    );
    expect(foreignCategory.code).toBe(ErrorCode.FAILED);
  });

  it('lets staff choose products of their own company only', async () => {
    const staff = await t.staffLogin('demo', 'sales');
    const mine = await t.call(
      'staff_get_linesheet',
      { language: 'de', selection: { kind: 'products', ids: [products[0]?.id] } },
      staff,
    );
    expect(mine.code).toBe(0);
    expect(await pdfText(mine.data.url)).toContain('Kuschelbär');
    const stranger = await t.staffLogin('demo2', 'owner');
    const none = await t.call(
      'staff_get_linesheet',
      { language: 'en', selection: { kind: 'products', ids: [products[0]?.id] }, lang: EN },
      stranger,
    );
    expect({ code: none.code, tip: none.tip }).toEqual({
      code: ErrorCode.FAILED,
      tip: 'There are no products to put in a linesheet',
    });
  });

  it('answers the same PDF from its cache, and its link runs out after five minutes', async () => {
    const first = await t.call('get_linesheet', { selection: { kind: 'cart' }, lang: EN }, buyer);
    const again = await t.call('get_linesheet', { selection: { kind: 'cart' }, lang: EN }, buyer);
    expect(again.data.size).toBe(first.data.size);
    expect(again.data.url).not.toBe(first.data.url);
    // A proforma link's path does not open a linesheet.
    const asProforma = await t.app.inject({
      method: 'GET',
      url: first.data.url.replace('/linesheet/', '/proforma/'),
    });
    expect(asProforma.statusCode).toBe(404);
    t.clock.advance(5 * 60 * 1000);
    const late = await t.app.inject({ method: 'GET', url: first.data.url });
    expect(late.statusCode).toBe(404);
  });
});

describe('the limits of a linesheet', () => {
  let t: TestApp;
  let buyer: Caller;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    t = await createTestApp({
      productsPerCompany: 8,
      linesheetMaxProducts: 3,
      linesheetMaxPending: 1,
      // A renderer held until the test lets it go, so one linesheet is being drawn.
      renderLinesheet: async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return Buffer.from('%PDF-1.7\n');
      },
    });
    buyer = await t.login('demo', 'customer');
  });
  afterAll(() => t.close());

  it('refuses more products than the cap with a clear message, before drawing anything', async () => {
    const list = await t.call('get_list', { page_size: 5 }, buyer);
    const ids = list.data.list.map((p) => p.id);
    expect(ids.length).toBe(5);
    // A visitor's cart is the lines the browser sends.
    const visitor = await t.login('demo', 'visitor');
    const cart = await t.call('get_linesheet', { selection: { kind: 'cart', ids }, lang: EN }, visitor);
    expect({ code: cart.code, tip: cart.tip }).toEqual({
      code: ErrorCode.FAILED,
      tip: 'A linesheet holds at most 3 products; this selection has 5. Narrow it down first',
    });
    // A category counts as get_list does: here every product of the company is in one.
    const companyId = (await t.call('get_website_info', { site: 'demo' })).data.company_id;
    const { category_id } = await t.db
      .selectFrom('products')
      .select('category_id')
      .where('company_id', '=', companyId)
      .where('category_id', 'is not', null)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ category_id }).where('company_id', '=', companyId).execute();
    const category = await t.call(
      'get_linesheet',
      { selection: { kind: 'category', category_id: category_id as number }, lang: EN },
      visitor,
    );
    expect({ code: category.code, tip: category.tip }).toEqual({
      code: ErrorCode.FAILED,
      tip: 'A linesheet holds at most 3 products; this selection has 8. Narrow it down first',
    });
  });

  it('answers -429 while as many linesheets as it takes are being drawn', async () => {
    const list = await t.call('get_list', { page_size: 2 }, buyer);
    const [a, b] = list.data.list.map((p) => p.id);
    const visitor = await t.login('demo', 'visitor');
    const drawing = t.call('get_linesheet', { selection: { kind: 'cart', ids: [a] }, lang: EN }, visitor);
    // Poll until the first one is in the renderer.
    const other = await t.login('demo', 'visitor');
    let busy = await t.call('get_linesheet', { selection: { kind: 'cart', ids: [b] }, lang: EN }, other);
    for (let i = 0; i < 50 && busy.code === 0; i++)
      busy = await t.call('get_linesheet', { selection: { kind: 'cart', ids: [b] }, lang: EN }, other);
    expect({ code: busy.code, tip: busy.tip }).toEqual({
      code: ErrorCode.TOO_MANY_REQUESTS,
      tip: 'Many linesheets are being prepared right now; try again in a moment',
    });
    release();
    expect((await drawing).code).toBe(0);
  });
});

import { LANG_KEYS, type ProductFields, productFields } from '@vitrine/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const ZH = 11201001;
const EN = 11201002;
type Who = { token: string; website: number };

/**
 * The ordering facts in the Excel exports (decisions 0059, 0068): the cart's and a record's
 * workbook show each line's MOQ, the price break its pieces reach, the lead time and the HS
 * code after the columns the workbook always had, and price lines and totals at their breaks
 * exactly as the cart does.
 */

/** The columns the workbook had before the ordering facts, in their order (English, with prices). */
const OLD_COLUMNS = [
  '#',
  'Picture',
  'Item no.',
  'Product name',
  'Packing',
  'PCS/CTN',
  'Carton L×W×H (cm)',
  'CBM/CTN',
  'G.W. (KGS)',
  'N.W. (KGS)',
  'CTN',
  'PCS',
  'Unit price FOB USD',
  'Total price FOB USD',
  'Total G.W. (KGS)',
  'Total CBM',
  'Total CUFT',
];

/** 24 pieces a carton at 2.50; 2.25 from 48 pieces (2 cartons), 2.00 from 120 (5 cartons). */
const tiered = (number: string, extra: Partial<ProductFields> = {}): ProductFields =>
  productFields.parse({
    toy_number: number,
    names: Object.fromEntries(LANG_KEYS.map((k) => [k, `Stacking blocks ${number} (${k})`])),
    packing: {},
    price: 250,
    carton_quantity: 24,
    gross_weight: 10,
    carton_length: 50,
    carton_width: 40,
    carton_height: 30,
    min_order_quantity: 48,
    price_breaks: [
      { from: 48, price: 225 },
      { from: 120, price: 200 },
    ],
    lead_time_days: 35,
    hs_code: '9503.00.90',
    ...extra,
  });

/** The sheet of a workbook behind an export's download link, as rows of cell values. */
async function sheetOf(t: TestApp, url: string): Promise<unknown[][]> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as never);
  const ws = book.worksheets[0];
  if (!ws) throw new Error('no sheet');
  // getSheetValues is 1-based with holes; cells as a plain 0-based array per row.
  return (ws.getSheetValues() as unknown[]).flatMap((row) =>
    Array.isArray(row) ? [Array.from({ length: row.length - 1 }, (_, i) => row[i + 1] ?? null)] : [],
  );
}

/** The header row (the one naming `label`) and the rows below it up to the totals row. */
function table(rows: unknown[][], label: string) {
  const at = rows.findIndex((r) => r.includes(label));
  if (at < 0) throw new Error(`no header with ${label}`);
  const header = rows[at] as unknown[];
  const body = rows.slice(at + 1);
  return {
    header,
    lines: body.slice(0, -1),
    totals: body.at(-1) as unknown[],
    col: (name: string) => {
      const i = header.indexOf(name);
      if (i < 0) throw new Error(`no column ${name} in ${JSON.stringify(header)}`);
      return i;
    },
  };
}

describe('the ordering facts in the Excel exports', () => {
  let t: TestApp;
  let owner: Who;
  let sales: Who;
  let buyer: Who;
  let blocks: number;
  let plain: number;

  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 2 });
    owner = await t.staffLogin('demo', 'owner');
    sales = await t.staffLogin('demo', 'sales');
    buyer = await t.login('demo', 'customer');
    const a = await t.call('staff_save_product', { product: tiered('XLS-1'), lang: EN }, owner);
    // No ordering facts at all: empty cells, never zeros.
    const b = await t.call(
      'staff_save_product',
      {
        product: tiered('XLS-2', { min_order_quantity: 0, price_breaks: [], lead_time_days: 0, hs_code: '' }),
        lang: EN,
      },
      owner,
    );
    if (a.code !== 0 || b.code !== 0) throw new Error(`staff_save_product: ${a.tip} ${b.tip}`);
    blocks = a.data.id;
    plain = b.data.id;
    await t.call('add_sample_car', { ids: [blocks, plain] }, buyer);
    await t.call(
      'update_sample_car',
      {
        lines: [
          { id: blocks, ctn: 5 },
          { id: plain, ctn: 3 },
        ],
      },
      buyer,
    );
  });
  afterAll(() => t.close());

  it("appends MOQ, the break applied, lead time and HS code after the cart workbook's old columns", async () => {
    const r = await t.call('export_sample_car', { lines: [], lang: EN }, buyer);
    expect(r.code).toBe(0);
    const { header, lines, col } = table(await sheetOf(t, r.data.url), 'MOQ (PCS)');
    expect(header).toEqual([
      ...OLD_COLUMNS,
      'MOQ (PCS)',
      'Price break applied from (PCS)',
      'Production lead time (days)',
      'HS code',
    ]);
    const row = lines.find((l) => l[col('Item no.')] === 'XLS-1') as unknown[];
    expect(row[col('MOQ (PCS)')]).toBe(48);
    expect(row[col('Price break applied from (PCS)')]).toBe(120);
    expect(row[col('Production lead time (days)')]).toBe(35);
    expect(row[col('HS code')]).toBe('9503.00.90');
    const none = lines.find((l) => l[col('Item no.')] === 'XLS-2') as unknown[];
    expect(none.slice(OLD_COLUMNS.length).map((v) => v ?? '')).toEqual(['', '', '', '']);
  });

  it('prices each line and the grand total at its break, as the cart does', async () => {
    const cart = await t.call('get_sample_car_list', { lang: EN }, buyer);
    const r = await t.call('export_sample_car', { lines: [], lang: EN }, buyer);
    const { lines, totals, col } = table(await sheetOf(t, r.data.url), 'MOQ (PCS)');
    const unit = col('Unit price FOB USD');
    const total = col('Total price FOB USD');
    const row = lines.find((l) => l[col('Item no.')] === 'XLS-1') as unknown[];
    // 5 cartons are 120 pieces: the 2.00 break, not the 2.50 single-piece price.
    expect([row[col('PCS')], row[unit], row[total]]).toEqual([120, 2, 240]);
    expect(lines.map((l) => [l[col('Item no.')], l[total]])).toEqual(
      cart.data.lines.map((l) => [l.product.number, l.total_price]),
    );
    expect(totals[total]).toBe(cart.data.totals.price);
  });

  it("shows the console's workbook of a record in Chinese, the facts' headers too", async () => {
    const sub = await t.call(
      'add_choose',
      {
        company_name: 'Gulf Toys Trading LLC',
        contact: 'Amira Haddad',
        phone: '',
        email: 'amira@gulftoys.example',
        remark: '',
        lines: [{ id: blocks, ctn: 2 }],
        idempotency_key: `xls-facts-${Date.now()}`,
        lang: EN,
      },
      buyer,
    );
    expect(sub.code).toBe(0);
    const r = await t.call('staff_export_sample', { id: sub.data.id, lang: ZH }, sales);
    expect(r.code).toBe(0);
    const { header, lines, totals, col } = table(await sheetOf(t, r.data.url), '最小起订量 PCS');
    expect(header.slice(-4)).toEqual([
      '最小起订量 PCS',
      '适用价格档（起订 PCS）',
      '生产周期（天）',
      'HS 编码',
    ]);
    const row = lines[0] as unknown[];
    // 2 cartons are 48 pieces: the first break, 2.25 a piece.
    expect(row[col('适用价格档（起订 PCS）')]).toBe(48);
    expect(totals.filter((v) => typeof v === 'number')).toContain(108);
  });

  it('leaves the break column out where the website hides prices', async () => {
    await t.db.updateTable('websites').set({ show_price: 0 }).where('id', '=', buyer.website).execute();
    try {
      const r = await t.call('export_sample_car', { lines: [], lang: EN }, buyer);
      const { header } = table(await sheetOf(t, r.data.url), 'MOQ (PCS)');
      expect(header.slice(-3)).toEqual(['MOQ (PCS)', 'Production lead time (days)', 'HS code']);
      expect(header.some((h) => String(h).includes('price'))).toBe(false);
    } finally {
      await t.db.updateTable('websites').set({ show_price: 1 }).where('id', '=', buyer.website).execute();
    }
  });
});

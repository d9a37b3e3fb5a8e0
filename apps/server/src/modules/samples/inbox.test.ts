import { ErrorCode } from '@vitrine/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;
const form = {
  company_name: 'Gulf Toys Trading LLC',
  contact: 'Amira Haddad',
  phone: '+971 4 555 0101',
  email: 'amira@gulftoys.example',
  remark: 'Samples by air, please',
};

describe("the staff's sample-list inbox", () => {
  let t: TestApp;
  let sales: Awaited<ReturnType<TestApp['staffLogin']>>;
  let buyer: Awaited<ReturnType<TestApp['login']>>;
  let visitor: Awaited<ReturnType<TestApp['login']>>;
  let submitted: { id: number; number: string }[];
  beforeAll(async () => {
    // demo2 hides its prices from buyers; its staff see them.
    t = await createTestApp({ productsPerCompany: 12 });
    sales = await t.staffLogin('demo2', 'sales');
    buyer = await t.login('demo2', 'customer');
    visitor = await t.login('demo2', 'visitor');
    const products = (await t.call('get_list', { page_size: 12, lang: EN }, buyer)).data.list.filter(
      (p) => !p.is_expire,
    );
    submitted = [];
    for (const [i, who] of [buyer, visitor, buyer].entries()) {
      t.clock.advance(3600_000);
      const r = await t.call(
        'add_choose',
        {
          ...form,
          company_name: `${form.company_name} ${i}`,
          lines: products.slice(i, i + 2).map((p) => ({ id: p.id, ctn: 3 })),
          idempotency_key: `inbox-test-key-${i}-0000000`,
        },
        who,
      );
      expect(r.code).toBe(0);
      submitted.push(r.data);
    }
  });
  afterAll(() => t.close());

  it('lists every submitted list of the company, newest first, as new, and counts them', async () => {
    const r = await t.call('staff_list_samples', {}, sales);
    expect(r.data.total).toBe(3);
    expect(r.data.list.map((s) => s.id)).toEqual(submitted.map((s) => s.id).reverse());
    expect(r.data.list[0]).toMatchObject({
      status: 'new',
      customer_name: 'Fatima Al Suwaidi',
      company_name: 'Gulf Toys Trading LLC 2',
      product_count: 2,
    });
    expect(r.data.list[1]).toMatchObject({ customer_id: null, customer_name: '' });
    expect(r.data.list[0]?.totals.price).toBeGreaterThan(0);
    expect((await t.call('staff_get_counts', {}, sales)).data.new_samples).toBe(3);
  });

  it('filters by buyer, by date, by status and by text', async () => {
    const byBuyer = await t.call('staff_list_samples', { customer_id: buyer.user.customer_id ?? 0 }, sales);
    expect(byBuyer.data.total).toBe(2);
    const first = (await t.call('staff_list_samples', {}, sales)).data.list.at(-1);
    const since = await t.call('staff_list_samples', { date_from: (first?.created_at ?? 0) + 1 }, sales);
    expect(since.data.total).toBe(2);
    const until = await t.call('staff_list_samples', { date_to: (first?.created_at ?? 0) + 1 }, sales);
    expect(until.data.list.map((s) => s.id)).toEqual([first?.id]);
    const text = await t.call('staff_list_samples', { search: submitted[1]?.number ?? '' }, sales);
    expect(text.data.list.map((s) => s.id)).toEqual([submitted[1]?.id]);
  });

  it('shows a list with its lines as submitted, with prices, and marks it seen once', async () => {
    const id = submitted[0]?.id ?? 0;
    const detail = await t.call('staff_get_sample', { id }, sales);
    expect(detail.data.lines).toHaveLength(2);
    expect(detail.data.lines[0]).toMatchObject({ ctn: 3 });
    expect(detail.data.lines[0]?.product.price).not.toBeNull();
    expect(detail.data.totals).toMatchObject({ lines: 2, ctn: 6 });
    expect(detail.data.totals.containers).toHaveLength(3);

    const seen = await t.call('staff_mark_sample_seen', { id }, sales);
    expect(seen.data).toMatchObject({ status: 'seen', seen_at: t.clock.now() });
    t.clock.advance(1000);
    const again = await t.call('staff_mark_sample_seen', { id }, sales);
    expect(again.data.seen_at).toBe(seen.data.seen_at);
    expect((await t.call('staff_get_counts', {}, sales)).data.new_samples).toBe(2);
    expect(
      (await t.call('staff_list_samples', { status: 'seen' }, sales)).data.list.map((s) => s.id),
    ).toEqual([id]);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'staff_mark_sample_seen')
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('keeps the prices it records hidden from the buyer while the website hides them', async () => {
    const id = submitted[0]?.id ?? 0;
    const lines = await t.call('get_choose_toy_list', { id }, buyer);
    expect(lines.data.list.map((l) => [l.product.price, l.total_price])).toEqual([
      [null, null],
      [null, null],
    ]);
    const records = await t.call('get_choose_list', {}, buyer);
    expect(records.data.list.map((r) => r.totals.price)).toEqual([null, null]);
  });

  it('exports a list to the workbook the buyer side makes, with prices', async () => {
    const r = await t.call('staff_export_sample', { id: submitted[1]?.id ?? 0, lang: EN }, sales);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ filename: `sample-${submitted[1]?.number}.xlsx`, rows: 2 });
    const file = await t.app.inject({ method: 'GET', url: r.data.url });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const texts = JSON.stringify(book.worksheets[0]?.getSheetValues());
    expect(texts).toContain('Unit price');
    expect(texts).toContain(form.contact);
  });

  it("does not show a buyer's deleted list", async () => {
    const id = submitted[2]?.id ?? 0;
    await t.call('delete_choose', { ids: [id] }, buyer);
    expect((await t.call('staff_get_sample', { id }, sales)).code).toBe(ErrorCode.FAILED);
  });
});

import { ErrorCode } from '@vitrine/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Caller, key, ordersCast, quotation, secondBuyer, submitSample } from '../../test/orders';
import { PROFORMA_LINK_TTL_MS } from './orders.proforma';
import { ProformaBusyError } from './proforma/proforma.service';

const EN = 11201002;

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

describe('the proforma invoice of an order', () => {
  let t: TestApp;
  let staff: Caller;
  let buyer: Caller;
  let other: Caller;
  let foreign: Caller;
  let id: number;

  const download = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    ({ t, staff, buyer } = await ordersCast());
    foreign = await t.login('demo2', 'customer');
    other = await secondBuyer(t, staff, buyer);
    id = await quotation(t, staff, await submitSample(t, buyer));
    const confirmed = await t.call(
      'update_confirm_order',
      { id, action: 'confirm_order', idempotency_key: key() },
      buyer,
    );
    if (confirmed.code !== 0) throw new Error(`confirm: ${confirmed.tip}`);
  });
  afterAll(() => t.close());

  it('is not there for a quotation the buyer has not confirmed', async () => {
    const sent = await quotation(t, staff, await submitSample(t, buyer));
    const r = await t.call('get_order_proforma', { id: sent, lang: EN }, buyer);
    expect({ code: r.code, tip: r.tip }).toEqual({
      code: ErrorCode.FAILED,
      tip: 'The proforma invoice is not available yet',
    });
  });

  it("lets the buyer download their order's PDF, naming the PI and order numbers and the total", async () => {
    const order = (await t.call('get_order_detail', { id, lang: EN }, buyer)).data;
    const r = await t.call('get_order_proforma', { id, lang: EN }, buyer);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ pi_number: order.pi_number, filename: `${order.pi_number}.pdf` });
    // A signed link of its own, never the public /files/ address of the stored PDF.
    expect(r.data.url).toMatch(/^\/api\/proforma\/p1\./);
    const res = await download(r.data.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="${order.pi_number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.length).toBe(r.data.size);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await textOf(res.rawPayload);
    expect(text).toContain(order.pi_number);
    expect(text).toContain(order.order_number);
    const total = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(
      order.order_amount / 100,
    );
    expect(text).toContain(total);
    // Drawn once: the next download is the same file.
    const again = await t.call('get_order_proforma', { id, lang: EN }, buyer);
    expect((await download(again.data.url)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('is refused to another buyer of the company and to a buyer of another company', async () => {
    for (const who of [other, foreign]) {
      const r = await t.call('get_order_proforma', { id, lang: EN }, who);
      expect({ code: r.code, tip: r.tip }).toEqual({
        code: ErrorCode.FAILED,
        tip: 'This quotation or order could not be found',
      });
    }
    const foreignStaff = await t.staffLogin('demo2', 'owner');
    expect((await t.call('staff_get_order_proforma', { id }, foreignStaff)).code).toBe(ErrorCode.FAILED);
  });

  it("lets the company's staff download it", async () => {
    const order = (await t.call('staff_get_order', { id }, staff)).data.order;
    const r = await t.call('staff_get_order_proforma', { id }, staff);
    expect(r.code).toBe(0);
    const res = await download(r.data.url);
    expect(res.statusCode).toBe(200);
    expect(await textOf(res.rawPayload)).toContain(order.order_number);
  });

  it('answers nothing for a link that is altered, forged or out of time', async () => {
    const { url } = (await t.call('get_order_proforma', { id, lang: EN }, buyer)).data;
    const [version, payload, mac] = url.slice('/api/proforma/'.length).split('.') as [string, string, string];
    const altered = `${version}.${payload.slice(0, -2)}AA.${mac}`;
    const forged = `${version}.${payload}.${'A'.repeat(43)}`;
    for (const bad of [altered, forged, 'p1.x.y', 'p1', ''])
      expect((await download(`/api/proforma/${bad}`)).statusCode).toBe(404);
    t.clock.advance(PROFORMA_LINK_TTL_MS);
    expect((await download(url)).statusCode).toBe(404);
  });

  it('gives a new PDF once the order changes, and the old link no longer answers', async () => {
    const before = (await t.call('get_order_proforma', { id, lang: EN }, buyer)).data;
    const first = (await download(before.url)).rawPayload;
    const set = await t.call(
      'staff_set_ship_date',
      { id, estimated_ship_date: Date.UTC(2027, 1, 14) },
      staff,
    );
    expect(set.code).toBe(0);
    const after = (await t.call('get_order_proforma', { id, lang: EN }, buyer)).data;
    const res = await download(after.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(first)).toBe(false);
    expect(await textOf(res.rawPayload)).toContain('2027-02-14');
    expect((await download(before.url)).statusCode).toBe(404);
  });
});

describe('a busy proforma renderer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ proforma: { document: () => Promise.reject(new ProformaBusyError()) } });
  });
  afterAll(() => t.close());

  it('tells the buyer and staff to try again shortly', async () => {
    const staff = await t.staffLogin('demo', 'sales');
    const buyer = await t.login('demo', 'customer');
    const id = await quotation(t, staff, await submitSample(t, buyer));
    await t.call('update_confirm_order', { id, action: 'confirm_order', idempotency_key: key() }, buyer);
    const r = await t.call('get_order_proforma', { id, lang: EN }, buyer);
    expect({ code: r.code, tip: r.tip }).toEqual({
      code: ErrorCode.TOO_MANY_REQUESTS,
      tip: 'Many proforma invoices are being prepared right now; try again in a moment',
    });
    const s = await t.call('staff_get_order_proforma', { id }, staff);
    expect(s.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(s.tip).toMatch(/try again/);
  });
});

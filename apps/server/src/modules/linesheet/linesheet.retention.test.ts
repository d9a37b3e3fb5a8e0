import { DEFAULT_LANGUAGE, langCodeOf } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_LINK_TTL_MS } from '../../platform/pdf/links';
import { createTestApp, type TestApp } from '../../test/harness';
import { LINESHEET_KEPT_MS } from './linesheet.retention';

const EN = langCodeOf(DEFAULT_LANGUAGE);
const HOUR = 3600 * 1000;

/**
 * Stored linesheets are deleted a day after anyone last asked for them (decision 0068), never
 * while a link to them can still be followed, and one asked for again is drawn anew.
 */
describe('keeping stored linesheets', () => {
  let t: TestApp;
  let drawings = 0;

  /** The customer's cart linesheet, asked for now (a fresh login: sessions may have run out). */
  async function cartLinesheet() {
    const buyer = await t.login('demo', 'customer');
    const r = await t.call('get_linesheet', { selection: { kind: 'cart' }, lang: EN }, buyer);
    expect(r.code).toBe(0);
    return r.data.url;
  }
  const folders = () => t.storage.list('linesheet');

  beforeAll(async () => {
    t = await createTestApp({
      productsPerCompany: 2,
      // What a linesheet shows is not the point here: a few bytes, and a count of drawings.
      renderLinesheet: async () => {
        drawings++;
        return new TextEncoder().encode('%PDF-1.4 linesheet');
      },
    });
    const buyer = await t.login('demo', 'customer');
    const ids = (await t.db.selectFrom('products').select('id').limit(2).execute()).map((p) => p.id);
    await t.call('add_sample_car', { ids }, buyer);
  });
  afterAll(() => t.close());

  it('keeps a linesheet far longer than a link to it lives', () => {
    expect(LINESHEET_KEPT_MS).toBeGreaterThan(PDF_LINK_TTL_MS * 100);
  });

  it('deletes a stored linesheet nobody has a record of (one stored before they were kept), and keeps the new one', async () => {
    await t.storage.put('linesheet/c1-s999-en/old.pdf', Buffer.from('%PDF-1.4 old'), 'application/pdf');
    await cartLinesheet();
    expect(await folders()).toHaveLength(2);
    await t.app.housekeeping.runNow();
    expect(await folders()).toEqual([expect.stringMatching(/^c\d+-cart-u\d+-en$/)]);
  });

  it('keeps a linesheet asked for again within the day, from its cache', async () => {
    t.clock.advance(23 * HOUR);
    await cartLinesheet();
    t.clock.advance(2 * HOUR);
    await t.app.housekeeping.runNow();
    expect(await folders()).toHaveLength(1);
    const before = drawings;
    const url = await cartLinesheet();
    expect(drawings).toBe(before);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('deletes it a day after it was last asked for, and draws it anew when asked again', async () => {
    t.clock.advance(LINESHEET_KEPT_MS - HOUR);
    await t.app.housekeeping.runNow();
    expect(await folders()).toHaveLength(1);
    t.clock.advance(HOUR + 1);
    await t.app.housekeeping.runNow();
    expect(await folders()).toEqual([]);
    expect(await t.db.selectFrom('linesheet_files').select('ref').execute()).toEqual([]);

    const before = drawings;
    const url = await cartLinesheet();
    expect(drawings).toBe(before + 1);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

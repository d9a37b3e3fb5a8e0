import {
  ErrorCode,
  LANG_KEYS,
  MODEL_CONTENT_TYPE,
  PRODUCT_LIMITS,
  type ProductFields,
  productFields,
  type StaffProduct,
} from '@vitrine/contract';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildToyModel } from '../../db/seed/toy-models';
import { createTestApp, type TestApp } from '../../test/harness';

const EN = 11201002;
type Who = { token: string; website: number };

/**
 * The ordering facts of issue 18 item 5 (decision 0059) and the 3D model and picture limits of
 * item 1 (decision 0060): staff set them, buyers see them, and the cart, records and their
 * export price each line at its break.
 */

/** 24 pieces a carton at 2.50; 2.25 from 48 pieces (2 cartons), 2.00 from 120 (5 cartons). */
const tiered = (): ProductFields =>
  productFields.parse({
    toy_number: 'MOQ-1',
    names: Object.fromEntries(LANG_KEYS.map((k) => [k, `Stacking blocks (${k})`])),
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
  });

const fieldsOf = (p: StaffProduct): ProductFields => {
  const {
    id: _id,
    pictures: _p,
    money_unit: _m,
    price_exponent: _e,
    created_at: _c,
    updated_at: _u,
    taken_off_at: _t,
    ...fields
  } = p;
  return fields;
};

describe('ordering facts, 3D models and picture limits', () => {
  let t: TestApp;
  let owner: Who;
  let foreignOwner: Who;
  let buyer: Who;
  let product: StaffProduct;

  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 4 });
    owner = await t.staffLogin('demo', 'owner');
    foreignOwner = await t.staffLogin('demo2', 'owner');
    buyer = await t.login('demo', 'customer');
    const r = await t.call('staff_save_product', { product: tiered(), lang: EN }, owner);
    if (r.code !== 0) throw new Error(`staff_save_product: ${r.tip}`);
    product = r.data;
  });
  afterAll(() => t.close());

  describe('in the console', () => {
    it('saves the minimum order quantity, price breaks, lead time and HS code, and reads them back', async () => {
      expect(fieldsOf(product)).toEqual(tiered());
      expect(product).toMatchObject({
        min_order_quantity: 48,
        price_breaks: [
          { from: 48, price: 225 },
          { from: 120, price: 200 },
        ],
        lead_time_days: 35,
        hs_code: '95030090',
      });
      const read = await t.call('staff_get_product', { id: product.id }, owner);
      expect(fieldsOf(read.data)).toEqual(fieldsOf(product));
    });

    it('edits them and clears them', async () => {
      const made = await t.call('staff_save_product', { product: tiered(), lang: EN }, owner);
      const edited = await t.call(
        'staff_save_product',
        {
          id: made.data.id,
          updated_at: made.data.updated_at,
          product: { ...fieldsOf(made.data), price_breaks: [{ from: 240, price: 190 }], lead_time_days: 20 },
        },
        owner,
      );
      expect(edited.data).toMatchObject({ price_breaks: [{ from: 240, price: 190 }], lead_time_days: 20 });
      const cleared = await t.call(
        'staff_save_product',
        {
          id: made.data.id,
          updated_at: edited.data.updated_at,
          product: {
            ...fieldsOf(edited.data),
            min_order_quantity: 0,
            price_breaks: [],
            lead_time_days: 0,
            hs_code: '',
          },
        },
        owner,
      );
      expect(cleared.data).toMatchObject({
        min_order_quantity: 0,
        price_breaks: [],
        lead_time_days: 0,
        hs_code: '',
      });
      const card = (await t.call('get_toy_detail', { id: made.data.id, lang: EN }, buyer)).data;
      expect(card).toMatchObject({ min_order_quantity: 0, price_breaks: [], lead_time_days: 0, hs_code: '' });
    });

    it.each([
      [
        {
          price_breaks: [
            { from: 120, price: 200 },
            { from: 48, price: 225 },
          ],
        },
        'price_breaks',
      ],
      [{ price_breaks: [{ from: 48, price: 0 }] }, 'price'],
      [{ price_breaks: [{ from: 1, price: 100 }] }, 'from'],
      [{ hs_code: '9503' }, 'hs_code'],
      [{ hs_code: '9503.AB.90' }, 'hs_code'],
      [{ lead_time_days: 400 }, 'lead_time_days'],
    ])('refuses %j with a tip naming %s', async (change, field) => {
      const r = await t.call('staff_save_product', { product: { ...tiered(), ...change }, lang: EN }, owner);
      expect(r.code).toBe(ErrorCode.BAD_REQUEST);
      expect(r.tip).toContain(field);
    });
  });

  describe("on the buyer's side", () => {
    it('shows the facts on the product page, the breaks in major units', async () => {
      const r = await t.call('get_toy_detail', { id: product.id, lang: EN }, buyer);
      expect(r.data).toMatchObject({
        price: 2.5,
        min_order_quantity: 48,
        price_breaks: [
          { from: 48, price: 2.25 },
          { from: 120, price: 2 },
        ],
        lead_time_days: 35,
        hs_code: '95030090',
      });
    });

    it('hides the breaks where the website hides prices', async () => {
      await t.db.updateTable('websites').set({ show_price: 0 }).where('id', '=', buyer.website).execute();
      try {
        const r = await t.call('get_toy_detail', { id: product.id, lang: EN }, buyer);
        expect(r.data).toMatchObject({ price: null, price_breaks: [], min_order_quantity: 48 });
      } finally {
        await t.db.updateTable('websites').set({ show_price: 1 }).where('id', '=', buyer.website).execute();
      }
    });

    it.each([
      // cartons, pieces, unit price, line total, below the MOQ
      [1, 24, 2.5, 60, true],
      [2, 48, 2.25, 108, false],
      [4, 96, 2.25, 216, false],
      [5, 120, 2, 240, false],
    ])('prices %i cartons (%i pieces) at %d each in the cart', async (ctn, pieces, unit, total, below) => {
      await t.call('add_sample_car', { ids: [product.id] }, buyer);
      await t.call('update_sample_car', { lines: [{ id: product.id, ctn }] }, buyer);
      const cart = await t.call('get_sample_car_list', { lang: EN }, buyer);
      const line = cart.data.lines.find((l) => l.product.id === product.id);
      expect(line).toMatchObject({ ctn, pieces, unit_price: unit, total_price: total, below_moq: below });
      const others = cart.data.lines
        .filter((l) => l.product.id !== product.id)
        .reduce((s, l) => s + (l.total_price ?? 0), 0);
      expect(cart.data.totals.price).toBeCloseTo(others + total, 2);
      expect(cart.data.totals.below_moq).toBe(cart.data.lines.filter((l) => l.below_moq).length);
    });

    it('keeps the break price in a submitted record, in its lines and in its workbook', async () => {
      const sub = await t.call(
        'add_choose',
        {
          company_name: 'Gulf Toys Trading LLC',
          contact: 'Amira Haddad',
          phone: '',
          email: 'amira@gulftoys.example',
          remark: '',
          lines: [{ id: product.id, ctn: 5 }],
          idempotency_key: `facts-${Date.now()}`,
          lang: EN,
        },
        buyer,
      );
      expect(sub.code).toBe(0);
      // The catalogue's price changes after submission; the record keeps what was submitted.
      const now = await t.call('staff_get_product', { id: product.id }, owner);
      await t.call(
        'staff_save_product',
        {
          id: product.id,
          updated_at: now.data.updated_at,
          product: { ...fieldsOf(now.data), price_breaks: [{ from: 120, price: 150 }] },
        },
        owner,
      );
      const detail = await t.call('get_choose_detail', { id: sub.data.id, lang: EN }, buyer);
      expect(detail.data.totals.price).toBe(240);
      const lines = await t.call('get_choose_toy_list', { id: sub.data.id, lang: EN }, buyer);
      expect(lines.data.list[0]).toMatchObject({ pieces: 120, unit_price: 2, total_price: 240 });

      const exported = await t.call('export_choose', { id: sub.data.id, lang: EN }, buyer);
      const res = await t.app.inject({ method: 'GET', url: exported.data.url });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      const ws = wb.worksheets[0];
      if (!ws) throw new Error('no sheet');
      const header = ws
        .getSheetValues()
        .find((row) => Array.isArray(row) && row.includes('Unit price FOB USD'));
      const row = ws.getSheetValues().find((r) => Array.isArray(r) && r.includes(240)) as unknown[];
      expect(header, 'a unit price column').toBeDefined();
      const unitColumn = (header as unknown[]).indexOf('Unit price FOB USD');
      expect(row[unitColumn]).toBe(2);
    });
  });

  describe('3D models', () => {
    const uploadModel = async (who: Who, bytes: Uint8Array) => {
      const credential = await t.call('staff_get_model_upload_credential', {}, who);
      expect(credential.data).toMatchObject({ content_type: MODEL_CONTENT_TYPE });
      const sent = await t.upload(credential.data, Buffer.from(bytes));
      return { url: credential.data.file_url, status: sent.status };
    };
    const saveWithModel = async (url: string) => {
      const now = await t.call('staff_get_product', { id: product.id }, owner);
      return t.call(
        'staff_save_product',
        {
          id: product.id,
          updated_at: now.data.updated_at,
          product: { ...fieldsOf(now.data), model_url: url },
          lang: EN,
        },
        owner,
      );
    };

    it('takes a GLB, links it, serves it as model/gltf-binary and shows it on the product page', async () => {
      const glb = await buildToyModel('duck', '#f1c40f', '#e67e22');
      const up = await uploadModel(owner, glb);
      expect(up.status).toBe(204);
      const saved = await saveWithModel(up.url);
      expect(saved.code).toBe(0);
      expect(saved.data.model_url).toBe(up.url);
      const page = await t.call('get_toy_detail', { id: product.id, lang: EN }, buyer);
      expect(page.data.model_url).toBe(up.url);
      const served = await t.app.inject({ method: 'GET', url: new URL(up.url, 'http://x').pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('model/gltf-binary');
    });

    it('refuses a file that is only named .glb, one cut short, and one with a wrong version', async () => {
      const html = Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(200, ' '));
      expect((await uploadModel(owner, html)).status).not.toBe(204);
      const glb = Buffer.from(await buildToyModel('ball', '#3498db', '#ecf0f1'));
      expect((await uploadModel(owner, glb.subarray(0, glb.length - 16))).status).not.toBe(204);
      const v1 = Buffer.from(glb);
      v1.writeUInt32LE(1, 4);
      expect((await uploadModel(owner, v1)).status).not.toBe(204);
      // Linking such a file (as a storage that takes uploads directly would have kept it) is refused too.
      const stored = await uploadModel(owner, glb);
      const key = t.storage.keyOfUrl(stored.url) ?? '';
      await t.storage.put(key, html, MODEL_CONTENT_TYPE);
      const saved = await saveWithModel(stored.url);
      expect(saved).toMatchObject({
        code: ErrorCode.BAD_REQUEST,
        tip: 'The 3D model is not a GLB file (binary glTF)',
      });
    });

    it('refuses a model over the size cap, and another company’s upload', async () => {
      const glb = Buffer.from(await buildToyModel('car', '#e74c3c', '#2c3e50'));
      const big = Buffer.alloc(PRODUCT_LIMITS.MODEL_MAX_BYTES + 1);
      glb.copy(big);
      expect((await uploadModel(owner, big)).status).not.toBe(204);
      const theirs = await uploadModel(foreignOwner, glb);
      expect(theirs.status).toBe(204);
      const saved = await saveWithModel(theirs.url);
      expect(saved).toMatchObject({
        code: ErrorCode.BAD_REQUEST,
        tip: expect.stringMatching(/not an upload of this company/),
      });
    });
  });

  describe('picture limits', () => {
    it(`refuses more than ${PRODUCT_LIMITS.PICTURES_MAX} pictures on a product, and a picture over the size cap`, async () => {
      const now = await t.call('staff_get_product', { id: product.id }, owner);
      const many = Array.from({ length: PRODUCT_LIMITS.PICTURES_MAX + 1 }, (_, i) => ({
        url: `/files/x${i}.png`,
      }));
      const r = await t.call(
        'staff_set_product_pictures',
        { id: product.id, updated_at: now.data.updated_at, pictures: many, lang: EN },
        owner,
      );
      expect(r.code).toBe(ErrorCode.BAD_REQUEST);
      expect(r.tip).toContain('pictures');
      const credential = await t.call('staff_get_upload_credential', { content_type: 'image/png' }, owner);
      expect(credential.data.max_bytes).toBe(PRODUCT_LIMITS.PICTURE_MAX_BYTES);
      const huge = await sharp({
        create: {
          width: 2400,
          height: 2400,
          channels: 3,
          background: '#888',
          noise: { type: 'gaussian', mean: 128, sigma: 90 },
        },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(huge.length).toBeGreaterThan(PRODUCT_LIMITS.PICTURE_MAX_BYTES);
      expect((await t.upload(credential.data, huge)).status).not.toBe(204);
    });
  });
});

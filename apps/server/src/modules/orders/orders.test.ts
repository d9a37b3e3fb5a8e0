import {
  ErrorCode,
  nextStatus,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderStatus,
  STAFF_ADVANCE_EVENTS,
} from '@vitrine/contract';
import { ALL_MESSAGES } from '@vitrine/i18n/all';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import {
  buyerUpload,
  type Caller,
  key,
  ordersCast,
  orderWithVoucher,
  picture,
  quotation,
  secondBuyer,
  submitSample,
} from '../../test/orders';
import { createOrdersRepository } from './orders.repository';

const EN = 11201002;
const AR = 11201005;

describe('quotations and orders', () => {
  let t: TestApp;
  let staff: Caller;
  let buyer: Caller;
  let sampleId: number;
  beforeAll(async () => {
    ({ t, staff, buyer } = await ordersCast());
    sampleId = await submitSample(t, buyer);
  });
  afterAll(() => t.close());

  it("makes a draft from a customer's sample list, lines copied with the catalogue's prices in cents", async () => {
    const r = await t.call('staff_create_quotation', { sample_id: sampleId }, staff);
    expect(r.code).toBe(0);
    const sample = await t.call('get_choose_toy_list', { id: sampleId }, buyer);
    const { order, lines, totals } = r.data;
    expect(order).toMatchObject({ status: 'draft', currency: 'USD', trade_term: 'FOB', deposit_percent: 30 });
    expect(order.order_number).toMatch(/^Q\d{8}\d{5}$/);
    expect(lines).toHaveLength(sample.data.list.length);
    for (const [i, l] of lines.entries()) {
      const s = sample.data.list[i];
      expect(l.unit_price).toBe(Math.round((s?.product.price ?? 0) * 100));
      expect(l.boxes).toBe(s?.ctn);
      expect(l.purchase_quantity).toBe((s?.ctn ?? 0) * (s?.product.carton_quantity ?? 0));
      expect(l.amount).toBe(l.unit_price * l.purchase_quantity);
    }
    expect(totals.amount).toBe(lines.reduce((sum, l) => sum + l.amount, 0));
    expect(order.order_amount).toBe(totals.amount);
    expect(order.deposit_amount + order.balance_amount).toBe(order.order_amount);
    expect(order.history).toMatchObject([{ event: 'create', to_status: 'draft', actor: 'staff' }]);
    // The buyer never sees a draft.
    expect((await t.call('get_order_detail', { id: order.id, lang: EN }, buyer)).tip).toBe(
      'This quotation or order could not be found',
    );
    expect((await t.call('get_order_list', {}, buyer)).data.list.map((o) => o.id)).not.toContain(order.id);
  });

  it('adds up amounts in minor units in USD and in JPY, deposit and balance to the last unit', async () => {
    const id = await quotation(t, staff, sampleId, { send: false });
    const draft = (await t.call('staff_get_order', { id }, staff)).data;
    const [a, b] = draft.lines;
    if (!a || !b) throw new Error('two lines expected');
    const usd = await t.call(
      'staff_update_quotation',
      {
        id,
        deposit_percent: 33,
        lines: [
          { id: a.id, unit_price: 1999, boxes: 3, pieces_per_box: 7, purchase_unit: 'PCS' },
          { id: b.id, unit_price: 250, boxes: 2, purchase_unit: 'CTN' },
        ],
        remove_line_ids: draft.lines.slice(2).map((l) => l.id),
      },
      staff,
    );
    expect(usd.code).toBe(0);
    // 19.99 × 21 + 2.50 × 2 = 419.79 + 5.00 = 424.79 USD; 33 %: 140.18 (140.1807 rounded) and 284.61.
    expect(usd.data.order).toMatchObject({
      order_amount: 42479,
      deposit_amount: 14018,
      balance_amount: 28461,
    });
    expect(usd.data.totals).toMatchObject({ products: 2, boxes: 5, quantity: 23, amount: 42479 });

    const jpy = await t.call(
      'staff_update_quotation',
      { id, currency: 'JPY', lines: [{ id: a.id, unit_price: 1234 }] },
      staff,
    );
    // Changing the currency keeps the numbers shown (no exchange rate): 2.50 USD reads 3 JPY.
    expect(jpy.data.lines.find((l) => l.id === b.id)).toMatchObject({ unit_price: 3, amount: 6 });
    expect(jpy.data.order).toMatchObject({ currency: 'JPY', order_amount: 1234 * 21 + 6 });
    expect(jpy.data.order.deposit_amount).toBe(Math.floor(((1234 * 21 + 6) * 33 + 50) / 100));
    expect(jpy.data.order.deposit_amount + jpy.data.order.balance_amount).toBe(jpy.data.order.order_amount);
  });

  it('lets the buyer confirm lines, change boxes and delete lines, each needing a selection, and shows staff what changed', async () => {
    const id = await quotation(t, staff, sampleId);
    const lines = (await t.call('get_confirm_order_toy', { id }, buyer)).data;
    expect(lines.list.every((l) => l.viewed === 0)).toBe(true);
    expect(
      (await t.call('get_confirm_order_toy', { id }, buyer)).data.list.every((l) => l.viewed === 1),
    ).toBe(true);
    const [first, second, third] = lines.list;
    if (!first || !second || !third) throw new Error('three lines expected');
    for (const action of ['confirm_lines', 'set_boxes', 'delete_lines'] as const) {
      const r = await t.call('update_confirm_order', { id, action, line_ids: [], boxes: 4, lang: EN }, buyer);
      expect(r).toMatchObject({ code: ErrorCode.FAILED, tip: 'Please select at least one product first' });
    }
    expect(
      (
        await t.call(
          'update_confirm_order',
          { id, action: 'set_boxes', line_ids: [first.id, second.id], boxes: 5 },
          buyer,
        )
      ).code,
    ).toBe(0);
    expect(
      (await t.call('update_confirm_order', { id, action: 'delete_lines', line_ids: [third.id] }, buyer))
        .code,
    ).toBe(0);
    const after = await t.call(
      'update_confirm_order',
      { id, action: 'confirm_lines', line_ids: [first.id] },
      buyer,
    );
    expect(after.data).toMatchObject({ total_products: 2, total_boxes: 10 });
    const shown = await t.call('get_confirm_order_toy', { id }, buyer);
    expect(shown.data.list.map((l) => l.id)).toEqual([first.id, second.id]);
    expect(shown.data.totals.amount).toBe(after.data.order_amount);
    const seen = await t.call('staff_get_order', { id }, staff);
    expect(seen.data.lines.map((l) => [l.id, l.boxes, l.quoted_boxes, l.line_status, l.removed])).toEqual([
      [first.id, 5, first.boxes, 'confirmed', 0],
      [second.id, 5, second.boxes, 'to_be_confirmed', 0],
      [third.id, third.boxes, third.boxes, 'to_be_confirmed', 1],
    ]);
    expect(seen.data.order.history.filter((h) => h.event === 'edit_lines')).toHaveLength(3);
  });

  it('carries an order from confirmation to closed, each step recorded with its time and actor', async () => {
    const id = await quotation(t, staff, sampleId);
    t.clock.advance(60_000);
    const confirmed = await t.call(
      'update_confirm_order',
      { id, action: 'confirm_order', idempotency_key: key() },
      buyer,
    );
    expect(confirmed.data).toMatchObject({
      status: 'pending_payment',
      confirm_status: 'confirmed',
      payment_due: 'deposit',
    });
    expect(confirmed.data.pi_number).toMatch(/^PI\d{4}-\d{5}$/);
    expect(confirmed.data.actions).toEqual(expect.arrayContaining(['submit_deposit_voucher', 'cancel']));
    const url = await buyerUpload(t, buyer, 'voucher', await picture('jpeg'), 'image/jpeg');
    const sent = await t.call(
      'submit_order_voucher',
      { id, part: 'deposit', url, idempotency_key: key() },
      buyer,
    );
    expect(sent.data.vouchers).toMatchObject([
      { part: 'deposit', status: 'pending', amount: sent.data.deposit_amount },
    ]);
    expect((await t.call('staff_get_order_counts', {}, staff)).data.new_vouchers).toBeGreaterThanOrEqual(1);
    const voucherId = sent.data.vouchers[0]?.id ?? 0;
    const rejected = await t.call(
      'staff_review_voucher',
      { voucher_id: voucherId, decision: 'reject', reason: '' },
      staff,
    );
    expect(rejected.code).toBe(ErrorCode.FAILED);
    await t.call(
      'staff_review_voucher',
      { voucher_id: voucherId, decision: 'reject', reason: 'Amount differs' },
      staff,
    );
    const buyerSees = await t.call('get_order_detail', { id }, buyer);
    expect(buyerSees.data.vouchers[0]).toMatchObject({ status: 'rejected', reason: 'Amount differs' });
    const again = await buyerUpload(t, buyer, 'voucher', await picture('png', 90, 90));
    const second = await t.call(
      'submit_order_voucher',
      { id, part: 'deposit', url: again, idempotency_key: key() },
      buyer,
    );
    const steps: [string, unknown][] = [
      ['staff_review_voucher', { voucher_id: second.data.vouchers[0]?.id, decision: 'confirm' }],
      ['staff_advance_order', { id, event: 'request_balance' }],
    ];
    for (const [name, body] of steps)
      expect((await t.call(name as 'staff_advance_order', body, staff)).code).toBe(0);
    const balance = await buyerUpload(t, buyer, 'voucher', await picture('png', 100, 60));
    const paid = await t.call(
      'submit_order_voucher',
      { id, part: 'balance', url: balance, idempotency_key: key() },
      buyer,
    );
    expect(paid.data.payment_due).toBe('balance');
    const balanceVoucher = paid.data.vouchers.find((v) => v.part === 'balance')?.id;
    expect(
      (await t.call('staff_review_voucher', { voucher_id: balanceVoucher, decision: 'confirm' }, staff)).code,
    ).toBe(0);
    expect(
      (await t.call('staff_set_ship_date', { id, estimated_ship_date: Date.UTC(2027, 1, 1) }, staff)).code,
    ).toBe(0);
    for (const event of ['ship', 'close'] as const)
      expect((await t.call('staff_advance_order', { id, event }, staff)).code).toBe(0);
    const closed = await t.call('get_order_detail', { id }, buyer);
    expect(closed.data.status).toBe('closed');
    expect(closed.data.history.map((h) => [h.event, h.from_status, h.to_status, h.actor])).toEqual([
      ['create', null, 'draft', 'staff'],
      ['edit_quotation', 'draft', 'draft', 'staff'],
      ['send', 'draft', 'quoted', 'staff'],
      ['confirm', 'quoted', 'pending_payment', 'buyer'],
      ['submit_deposit_voucher', 'pending_payment', 'pending_payment', 'buyer'],
      ['reject_deposit_voucher', 'pending_payment', 'pending_payment', 'staff'],
      ['submit_deposit_voucher', 'pending_payment', 'pending_payment', 'buyer'],
      ['confirm_deposit', 'pending_payment', 'paid', 'staff'],
      ['request_balance', 'paid', 'pending_final_payment', 'staff'],
      ['submit_balance_voucher', 'pending_final_payment', 'pending_final_payment', 'buyer'],
      ['confirm_balance', 'pending_final_payment', 'pending_shipment', 'staff'],
      ['set_ship_date', 'pending_shipment', 'pending_shipment', 'staff'],
      ['ship', 'pending_shipment', 'shipped', 'staff'],
      ['close', 'shipped', 'closed', 'staff'],
    ]);
    expect(closed.data.history.find((h) => h.event === 'confirm')).toMatchObject({
      actor_name: 'Carlos Mendes',
      created_at: t.clock.now(),
    });
    const inventory = await t.call('get_inventory', {}, buyer);
    expect(inventory.data.list.length).toBeGreaterThan(0);
    expect(inventory.data.list.every((i) => i.boxes_ordered === i.boxes_shipped + i.boxes_outstanding)).toBe(
      true,
    );
  });

  it('keeps the lines of an order as quoted when the product later changes or leaves the catalogue', async () => {
    const id = await quotation(t, staff, sampleId);
    const before = (await t.call('get_order_toy_list', { id }, buyer)).data.list;
    const productId = before[0]?.product_id ?? 0;
    await t.db
      .updateTable('products')
      .set({ name_en: 'Renamed', exworks_price: 999 })
      .where('id', '=', productId)
      .execute();
    await t.db.deleteFrom('products').where('id', '=', productId).execute();
    const after = (await t.call('get_order_toy_list', { id }, buyer)).data.list;
    expect(after.map(({ product_id: _p, ...l }) => l)).toEqual(before.map(({ product_id: _p, ...l }) => l));
    expect(after[0]?.product_id).toBeNull();
  });
});

describe('the state machine through the calls', () => {
  let t: TestApp;
  let staff: Caller;
  let buyer: Caller;
  let sampleId: number;
  beforeAll(async () => {
    ({ t, staff, buyer } = await ordersCast('owner'));
    sampleId = await submitSample(t, buyer);
  });
  afterAll(() => t.close());

  /** An order brought to a status through the calls. */
  async function orderIn(status: OrderStatus): Promise<number> {
    if (status === 'draft') return quotation(t, staff, sampleId, { send: false });
    if (status === 'quoted') return quotation(t, staff, sampleId);
    if (status === 'cancelled') {
      const id = await quotation(t, staff, sampleId);
      await t.call('staff_advance_order', { id, event: 'cancel' }, staff);
      return id;
    }
    const { id, voucherId } = await orderWithVoucher(t, staff, buyer, sampleId);
    if (status === 'pending_payment') return id;
    await t.call('staff_review_voucher', { voucher_id: voucherId, decision: 'confirm' }, staff);
    if (status === 'paid') return id;
    await t.call('staff_advance_order', { id, event: 'request_balance' }, staff);
    if (status === 'pending_final_payment') return id;
    const url = await buyerUpload(t, buyer, 'voucher', await picture('png'));
    const paid = await t.call(
      'submit_order_voucher',
      { id, part: 'balance', url, idempotency_key: key() },
      buyer,
    );
    await t.call(
      'staff_review_voucher',
      { voucher_id: paid.data.vouchers[0]?.id, decision: 'confirm' },
      staff,
    );
    if (status === 'pending_shipment') return id;
    await t.call('staff_advance_order', { id, event: 'ship' }, staff);
    if (status === 'shipped') return id;
    await t.call('staff_advance_order', { id, event: 'close' }, staff);
    return id;
  }

  /** Each event the calls can start, made on an order. */
  const MOVES: Record<
    string,
    { event: OrderEvent; actor: 'buyer' | 'staff'; run: (id: number) => Promise<number> }
  > = {
    ...Object.fromEntries(
      STAFF_ADVANCE_EVENTS.map((event) => [
        event,
        {
          event,
          actor: 'staff' as const,
          run: async (id: number) => (await t.call('staff_advance_order', { id, event }, staff)).code,
        },
      ]),
    ),
    confirm: {
      event: 'confirm',
      actor: 'buyer',
      run: async (id) => (await t.call('update_confirm_order', { id, action: 'confirm_order' }, buyer)).code,
    },
    decline: {
      event: 'cancel',
      actor: 'buyer',
      run: async (id) => (await t.call('update_confirm_order', { id, action: 'decline_order' }, buyer)).code,
    },
    edit_lines: {
      event: 'edit_lines',
      actor: 'buyer',
      run: async (id) => {
        const line = (await t.call('staff_get_order', { id }, staff)).data.lines[0]?.id ?? 0;
        return (
          await t.call('update_confirm_order', { id, action: 'set_boxes', line_ids: [line], boxes: 9 }, buyer)
        ).code;
      },
    },
    edit_quotation: {
      event: 'edit_quotation',
      actor: 'staff',
      run: async (id) => (await t.call('staff_update_quotation', { id, remark: 'edited' }, staff)).code,
    },
    set_ship_date: {
      event: 'set_ship_date',
      actor: 'staff',
      run: async (id) => (await t.call('staff_set_ship_date', { id, estimated_ship_date: 1 }, staff)).code,
    },
  };

  it('answers every event from every status as the table says, through the calls', async () => {
    // A refused event changes nothing, so one order per status serves all refusals.
    const shared = new Map<OrderStatus, number>();
    for (const status of ORDER_STATUSES) shared.set(status, await orderIn(status));
    const outcomes: string[] = [];
    for (const status of ORDER_STATUSES) {
      for (const [name, move] of Object.entries(MOVES)) {
        const allowed = nextStatus(status, move.event, move.actor) !== null;
        // The guards: a deposit is confirmed by its voucher, a balance requested only when left.
        const guarded = move.event === 'confirm_deposit' || move.event === 'ready_to_ship';
        const id = allowed ? await orderIn(status) : (shared.get(status) ?? 0);
        const code = await move.run(id);
        const expected = allowed && !guarded ? 0 : ErrorCode.FAILED;
        outcomes.push(`${status} ${name} ${code === expected ? 'as the table says' : `answered ${code}`}`);
        if (allowed && !guarded && code === 0) {
          const after = (await t.call('staff_get_order', { id }, staff)).data.order.status;
          const to = nextStatus(status, move.event, move.actor);
          if (after !== to) outcomes.push(`${status} ${name} led to ${after}, not ${to}`);
        }
      }
    }
    expect(outcomes.filter((o) => !o.endsWith('as the table says'))).toEqual([]);
    // Some hundred calls: PostgreSQL on a busy machine needs more than the default time.
  }, 180_000);

  it('refuses a service role the order calls and a visitor the buyer order calls', async () => {
    const service = await t.staffLogin('demo', 'service');
    expect((await t.call('staff_list_orders', {}, service)).code).toBe(ErrorCode.FORBIDDEN);
    const visitor = await t.login('demo', 'visitor');
    for (const name of [
      'get_order_list',
      'get_order_detail',
      'submit_order_voucher',
      'get_inventory',
    ] as const)
      expect((await t.call(name, { id: 1 }, visitor)).code, name).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('payment vouchers', () => {
  let t: TestApp;
  let staff: Caller;
  let buyer: Caller;
  let orderId: number;
  beforeAll(async () => {
    ({ t, staff, buyer } = await ordersCast());
    const sampleId = await submitSample(t, buyer);
    orderId = await quotation(t, staff, sampleId);
    await t.call('update_confirm_order', { id: orderId, action: 'confirm_order' }, buyer);
  });
  afterAll(() => t.close());

  const companyId = async () =>
    (
      await t.db
        .selectFrom('websites')
        .select('company_id')
        .where('id', '=', buyer.website)
        .executeTakeFirstOrThrow()
    ).company_id;
  /** A file as storage would hold it after an upload under a voucher key ending in `ext` (S3 takes any bytes). */
  async function stored(bytes: Buffer, ext: 'jpg' | 'png'): Promise<string> {
    const k = `c${await companyId()}/voucher/2026-11-22/${key()}${key().slice(0, 8)}.${ext}`;
    await t.storage.put(k, bytes, ext === 'png' ? 'image/png' : 'image/jpeg');
    return t.storage.publicUrl(k);
  }
  const submit = (url: string, lang = EN, idempotency_key = key()) =>
    t.call('submit_order_voucher', { id: orderId, part: 'deposit', url, idempotency_key, lang }, buyer);
  const counts = async () => ({
    vouchers: Number(
      (
        await t.db
          .selectFrom('order_vouchers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    files: Number(
      (
        await t.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it("refuses a GIF, a file that is no picture and one over 10 MB, in the buyer's language, storing nothing", async () => {
    const before = await counts();
    const gif = await submit(await stored(await picture('gif'), 'jpg'));
    expect(gif).toMatchObject({
      code: ErrorCode.FAILED,
      tip: 'The payment voucher must be a PNG or JPG picture',
    });
    const text = await submit(await stored(Buffer.from('%PDF-1.4 not a picture at all'), 'jpg'), AR);
    expect(text.tip).toBe(ALL_MESSAGES.ar.api.orders.voucher.notImage);
    // Noise does not compress: a PNG just over 10 MB.
    const noise = Buffer.alloc(1900 * 1900 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1900, height: 1900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    expect((await submit(await stored(big, 'png'))).tip).toBe('The payment voucher may be at most 10 MB');
    const broken = (await picture('jpeg', 400, 400)).subarray(0, 300);
    expect((await submit(await stored(broken, 'jpg'))).tip).toBe(
      'The picture could not be read, it may be damaged',
    );
    expect((await submit(t.storage.publicUrl('c999/voucher/2026-11-22/x.png'))).tip).toBe(
      'Please upload the payment voucher',
    );
    expect(await counts()).toEqual(before);
  });

  it('accepts a PNG named .jpg by its content, and stores it re-encoded', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#ff000080' } })
      .png()
      .withMetadata({ density: 300 })
      .toBuffer();
    const r = await submit(await stored(png, 'jpg'));
    expect(r.code).toBe(0);
    const v = r.data.vouchers[0];
    expect(v).toMatchObject({ status: 'pending', width: 64, height: 48 });
    const k = t.storage.keyOfUrl(v?.url ?? '') ?? '';
    expect(k).toMatch(/\/vouchers\/[0-9a-f]{64}\.png$/);
    const kept = await t.storage.read(k);
    expect(kept && (await sharp(kept).metadata()).format).toBe('png');
    expect(kept?.equals(png)).toBe(false);
  });
});

describe('isolation and concurrency', () => {
  let t: TestApp;
  let staff: Caller;
  let buyer: Caller;
  let other: Caller;
  let foreign: Caller;
  let sampleId: number;
  beforeAll(async () => {
    ({ t, staff, buyer } = await ordersCast());
    foreign = await t.login('demo2', 'customer');
    other = await secondBuyer(t, staff, buyer);
    sampleId = await submitSample(t, buyer);
  });
  afterAll(() => t.close());

  it("shows no other buyer's, nor another company's, order through any buyer call", async () => {
    const { id } = await orderWithVoucher(t, staff, buyer, sampleId);
    const quoted = await quotation(t, staff, sampleId);
    const url = await buyerUpload(t, other, 'voucher', await picture('png'));
    const annex = await buyerUpload(t, other, 'annex', await picture('png'));
    const naming = {
      get_confirm_order_Info: { id: quoted },
      get_confirm_order_toy: { id: quoted },
      update_confirm_order: { id: quoted, action: 'confirm_order' },
      get_order_detail: { id },
      get_order_toy_list: { id },
      upload_order_annex: { id, url: annex, file_name: 'a.png' },
      submit_order_voucher: { id, part: 'deposit', url, idempotency_key: key() },
      get_order_proforma: { id },
    } as const;
    for (const who of [other, foreign])
      for (const [name, body] of Object.entries(naming)) {
        const r = await t.call(name as 'get_order_detail', { ...body, lang: EN }, who);
        expect({ name, code: r.code, tip: r.tip }).toEqual({
          name,
          code: ErrorCode.FAILED,
          tip: 'This quotation or order could not be found',
        });
      }
    for (const who of [other, foreign]) {
      expect((await t.call('get_order_list', {}, who)).data.total).toBe(0);
      expect((await t.call('get_confirm_order_list', {}, who)).data.total).toBe(0);
      expect((await t.call('get_inventory', {}, who)).data.total).toBe(0);
      expect((await t.call('get_order_counts', {}, who)).data).toMatchObject({
        to_confirm: 0,
        payment_due: 0,
      });
    }
    const foreignStaff = await t.staffLogin('demo2', 'owner');
    expect((await t.call('staff_list_orders', {}, foreignStaff)).data.total).toBe(0);
    expect((await t.call('staff_get_order', { id }, foreignStaff)).code).toBe(ErrorCode.FAILED);
    // The buyer's own, for contrast.
    expect((await t.call('get_order_detail', { id }, buyer)).code).toBe(0);
  });

  it('confirms a quotation once under two identical concurrent requests', async () => {
    const id = await quotation(t, staff, sampleId);
    const idempotency_key = key();
    const both = await Promise.all(
      [0, 1].map(() =>
        t.call('update_confirm_order', { id, action: 'confirm_order', idempotency_key }, buyer),
      ),
    );
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    expect(both[0]?.data.pi_number).toBe(both[1]?.data.pi_number);
    const detail = await t.call('get_order_detail', { id }, buyer);
    expect(detail.data.history.filter((h) => h.event === 'confirm')).toHaveLength(1);
    // A retry later with the key answers as the first; without it, it is a confirmation too many.
    expect(
      (await t.call('update_confirm_order', { id, action: 'confirm_order', idempotency_key }, buyer)).code,
    ).toBe(0);
    expect((await t.call('update_confirm_order', { id, action: 'confirm_order' }, buyer)).code).toBe(
      ErrorCode.FAILED,
    );
    expect((await t.call('get_order_detail', { id }, buyer)).data.history).toEqual(detail.data.history);
  });

  it("makes a second transaction that reads the order through locked wait for the first's commit, and see its change", async () => {
    const id = await quotation(t, staff, sampleId);
    const { company_id } = await t.db
      .selectFrom('orders')
      .select('company_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const companyId = Number(company_id);
    const repo = createOrdersRepository(t.db);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let locked = () => {};
    const firstHolds = new Promise<void>((r) => (locked = r));
    const first = repo.transaction(async (r) => {
      const row = await r.locked(companyId, id);
      if (!row) throw new Error('the quotation was not found');
      await r.moveOrder(companyId, id, row.status, { updated_at: 4242 });
      locked();
      await held;
    });
    await firstHolds;
    const second = repo.transaction(async (r) => (await r.locked(companyId, id))?.updated_at);
    // Time for the second to reach its read: without the lock it would read before the commit.
    await new Promise((r) => setTimeout(r, 150));
    release();
    await first;
    expect(Number(await second)).toBe(4242);
  });

  it('records a voucher and confirms its receipt once under two identical concurrent requests', async () => {
    const id = await quotation(t, staff, sampleId);
    await t.call('update_confirm_order', { id, action: 'confirm_order' }, buyer);
    const url = await buyerUpload(t, buyer, 'voucher', await picture('png'));
    const idempotency_key = key();
    const sent = await Promise.all(
      [0, 1].map(() => t.call('submit_order_voucher', { id, part: 'deposit', url, idempotency_key }, buyer)),
    );
    expect(sent.map((r) => r.code)).toEqual([0, 0]);
    const vouchers = (await t.call('get_order_detail', { id }, buyer)).data.vouchers;
    expect(vouchers).toHaveLength(1);
    const voucher_id = vouchers[0]?.id;
    const reviewed = await Promise.all(
      [0, 1].map(() => t.call('staff_review_voucher', { voucher_id, decision: 'confirm' }, staff)),
    );
    expect(reviewed.map((r) => r.code)).toEqual([0, 0]);
    const detail = (await t.call('staff_get_order', { id }, staff)).data.order;
    expect(detail.status).toBe('paid');
    expect(detail.history.filter((h) => h.event === 'confirm_deposit')).toHaveLength(1);
    expect(detail.history.filter((h) => h.event === 'submit_deposit_voucher')).toHaveLength(1);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'staff_review_voucher')
      .where('target', '=', `voucher:${voucher_id}`)
      .execute();
    expect(audits).toHaveLength(1);
  });
});

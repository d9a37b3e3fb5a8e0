import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { createTestApp, type TestApp } from './harness';

export type Caller = { token: string; website: number };

/** A fresh app with a staff member of the role and the demo company's customer logged in. */
export async function ordersCast(role: 'owner' | 'sales' = 'sales') {
  const t = await createTestApp();
  const staff = await t.staffLogin('demo', role);
  const buyer = await t.login('demo', 'customer');
  return { t, staff, buyer };
}

/** Another customer of the buyer's company, created by the staff member and logged in. */
export async function secondBuyer(t: TestApp, staff: Caller, buyer: Caller): Promise<Caller> {
  const made = await t.call('staff_create_customer', { customer_name: 'Second buyer' }, staff);
  const login = await t.call('login', { website_id: buyer.website, code: made.data.password });
  return { token: login.data.token, website: buyer.website };
}

/** A small real picture of the given format. */
export const picture = (format: 'png' | 'jpeg' | 'gif', width = 120, height = 80) => {
  const image = sharp({ create: { width, height, channels: 3, background: '#2181ed' } });
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.gif()).toBuffer();
};

export const key = () => randomBytes(12).toString('hex');

/** Submits a customer's sample list of a few products, as the buyer's cart does. */
export async function submitSample(t: TestApp, buyer: Caller, ctn = 2): Promise<number> {
  const products = await t.call('get_list', { page_size: 3 }, buyer);
  const r = await t.call(
    'add_choose',
    {
      company_name: 'Gulf Toys',
      contact: 'Amira Haddad',
      phone: '+971 4 555 0101',
      email: 'amira@gulftoys.example',
      remark: '',
      lines: products.data.list.map((p) => ({ id: p.id, ctn })),
      idempotency_key: `orders-${key()}`,
    },
    buyer,
  );
  if (r.code !== 0) throw new Error(`add_choose: ${r.tip}`);
  return r.data.id;
}

/** A quotation from a sample list, its bank account filled in; sent unless asked not to. */
export async function quotation(
  t: TestApp,
  staff: Caller,
  sampleId: number,
  opts: { send?: boolean; deposit?: number } = {},
) {
  const created = await t.call('staff_create_quotation', { sample_id: sampleId }, staff);
  if (created.code !== 0) throw new Error(`staff_create_quotation: ${created.tip}`);
  const id = created.data.order.id;
  const edited = await t.call(
    'staff_update_quotation',
    {
      id,
      account_info: 'Bank of Ningbo, SWIFT BKNBCN2N, account 6228 0000 1234',
      deposit_percent: opts.deposit ?? 30,
    },
    staff,
  );
  if (edited.code !== 0) throw new Error(`staff_update_quotation: ${edited.tip}`);
  if (opts.send !== false) {
    const sent = await t.call('staff_advance_order', { id, event: 'send' }, staff);
    if (sent.code !== 0) throw new Error(`send: ${sent.tip}`);
  }
  return id;
}

/** Uploads a file with a buyer's credential of a purpose; its file_url. */
export async function buyerUpload(
  t: TestApp,
  buyer: Caller,
  purpose: 'voucher' | 'annex',
  bytes: Buffer,
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf' = 'image/png',
) {
  const auth = await t.call('get_temp_auth', { purpose, content_type: contentType }, buyer);
  if (auth.code !== 0) throw new Error(`get_temp_auth: ${auth.tip}`);
  const up = await t.upload(auth.data, bytes);
  if (up.status !== 204) throw new Error(`upload: ${up.status} ${JSON.stringify(up.body)}`);
  return auth.data.file_url;
}

/** A sent quotation the buyer confirmed and paid the deposit of: its voucher waits for a review. */
export async function orderWithVoucher(t: TestApp, staff: Caller, buyer: Caller, sampleId: number) {
  const id = await quotation(t, staff, sampleId);
  const confirmed = await t.call(
    'update_confirm_order',
    { id, action: 'confirm_order', idempotency_key: key() },
    buyer,
  );
  if (confirmed.code !== 0) throw new Error(`confirm: ${confirmed.tip}`);
  const url = await buyerUpload(t, buyer, 'voucher', await picture('png'));
  const paid = await t.call(
    'submit_order_voucher',
    { id, part: 'deposit', url, idempotency_key: key() },
    buyer,
  );
  if (paid.code !== 0) throw new Error(`submit_order_voucher: ${paid.tip}`);
  const voucher = paid.data.vouchers[0];
  if (!voucher) throw new Error('no voucher');
  return { id, voucherId: voucher.id };
}

import sharp from 'sharp';
import { callApi, sessionHeaders } from './api';

/*
 * The exporter's and the buyer's order calls as the journeys and the screenshots make them:
 * staff through the console's calls (the console's quotation screens are another helper's),
 * buyers through the showroom's.
 */

export type Headers = Record<string, string>;

/** A staff member of `site` logged in through staff_login: the headers of their calls. */
export async function staffHeaders(
  baseUrl: string,
  site: string,
  email: string,
  password: string,
): Promise<Headers> {
  const info = await callApi<{ id: number }>(baseUrl, 'get_website_info', { site });
  const websiteId = { 'website-id': String(info.id) };
  const login = await callApi<{ token: string }>(baseUrl, 'staff_login', { email, password }, websiteId);
  return { ...websiteId, authorization: `Bearer ${login.token}` };
}

/** A sample list of the customer behind `buyer` with `count` products, 10 boxes each, as the cart submits one. */
export async function sampleList(
  baseUrl: string,
  buyer: Headers,
  count: number,
  offset = 0,
): Promise<number> {
  const { list } = await callApi<{ list: { id: number; is_expire: number }[] }>(
    baseUrl,
    'get_list',
    { page_size: 40 },
    buyer,
  );
  const ids = list
    .filter((p) => !p.is_expire)
    .slice(offset, offset + count)
    .map((p) => p.id);
  const record = await callApi<{ id: number }>(
    baseUrl,
    'add_choose',
    {
      company_name: 'Mendes Brinquedos',
      contact: 'Carlos Mendes',
      email: 'carlos@mendes.example',
      lines: ids.map((id) => ({ id, ctn: 10 })),
      idempotency_key: `orders-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    },
    buyer,
  );
  return record.id;
}

export interface QuotedLine {
  id: number;
  name: string;
  boxes: number;
}

/** A quotation of a sample list (USD, 30 % deposit, a bank account), sent to the buyer. */
export async function sendQuotation(baseUrl: string, staff: Headers, sampleId: number) {
  const made = await callApi<{ order: { id: number; order_number: string }; lines: QuotedLine[] }>(
    baseUrl,
    'staff_create_quotation',
    {
      sample_id: sampleId,
      currency: 'USD',
      deposit_percent: 30,
      valid_until: Date.now() + 30 * 86_400_000,
      account_info:
        'Beneficiary: Starlight Toys Import & Export Co., Ltd.\nBank of Shantou, Jinsha Road branch\nSWIFT: STBKCNBJ · Account 6222 0000 1234 5678',
    },
    staff,
  );
  await callApi(baseUrl, 'staff_advance_order', { id: made.order.id, event: 'send' }, staff);
  return made;
}

/** A plain picture of a bank receipt, as a PNG. */
export const receiptPng = (): Promise<Buffer> =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#f4f1e8' } })
    .png()
    .toBuffer();

/** What the order page does with a voucher: a credential, the file to storage, submit_order_voucher. */
export async function sendVoucher(
  baseUrl: string,
  buyer: Headers,
  orderId: number,
  part: 'deposit' | 'balance',
) {
  const auth = await callApi<{ upload: { url: string; fields: Record<string, string> }; file_url: string }>(
    baseUrl,
    'get_temp_auth',
    { purpose: 'voucher', content_type: 'image/png' },
    buyer,
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(auth.upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(await receiptPng())], { type: 'image/png' }), 'receipt.png');
  const uploaded = await fetch(new URL(auth.upload.url, baseUrl), { method: 'POST', body: form });
  if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  await callApi(
    baseUrl,
    'submit_order_voucher',
    { id: orderId, part, url: auth.file_url, idempotency_key: `voucher-${orderId}-${part}-${Date.now()}` },
    buyer,
  );
}

/**
 * Orders for the screenshots on `site`: one quotation waiting for the buyer, one confirmed with
 * its deposit voucher confirmed by the exporter and a shipping date set, one confirmed and
 * waiting for its deposit. Answers the waiting quotation's and the paid order's ids.
 */
export async function demoOrders(baseUrl: string, site: string, buyerCode: string) {
  const buyer = await sessionHeaders(baseUrl, site, buyerCode);
  const staff = await staffHeaders(baseUrl, site, `sales@${site}.test`, `${site}-sales`);
  const confirm = async (sampleId: number) => {
    const { order } = await sendQuotation(baseUrl, staff, sampleId);
    const lines = await callApi<{ list: { id: number }[] }>(
      baseUrl,
      'get_confirm_order_toy',
      { id: order.id },
      buyer,
    );
    const ids = lines.list.map((l) => l.id);
    await callApi(
      baseUrl,
      'update_confirm_order',
      { id: order.id, action: 'confirm_lines', line_ids: ids },
      buyer,
    );
    await callApi(
      baseUrl,
      'update_confirm_order',
      { id: order.id, action: 'confirm_order', idempotency_key: `confirm-${order.id}-${Date.now()}` },
      buyer,
    );
    return order.id;
  };
  const paid = await confirm(await sampleList(baseUrl, buyer, 4, 0));
  await sendVoucher(baseUrl, buyer, paid, 'deposit');
  const detail = await callApi<{ order: { vouchers: { id: number }[] } }>(
    baseUrl,
    'staff_get_order',
    { id: paid },
    staff,
  );
  const voucher = detail.order.vouchers[0];
  if (!voucher) throw new Error('the voucher did not arrive');
  await callApi(baseUrl, 'staff_review_voucher', { voucher_id: voucher.id, decision: 'confirm' }, staff);
  await callApi(
    baseUrl,
    'staff_set_ship_date',
    { id: paid, estimated_ship_date: Date.now() + 45 * 86_400_000 },
    staff,
  );
  await confirm(await sampleList(baseUrl, buyer, 2, 4));
  const quote = (await sendQuotation(baseUrl, staff, await sampleList(baseUrl, buyer, 5, 6))).order.id;
  return { quote, paid };
}

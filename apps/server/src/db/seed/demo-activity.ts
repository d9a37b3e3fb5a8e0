import type { CallName, CallResponse, TempAuth } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { DEMO_CREDENTIALS, DEMO_STAFF } from './demo';

/**
 * What buyers had done on a new demo before the staff open the console: a few access
 * applications from the login page and a few submitted sample lists. Made through the buyers'
 * own calls, as a buyer would, so the console shows real records rather than rows written here.
 */
/** The demo customers' own companies (demo.ts seeds the customers). */
const BUYER_COMPANIES = {
  demo: {
    company: 'Mendes Brinquedos Lda',
    contact: 'Carlos Mendes',
    email: 'carlos.mendes@example.com',
    phone: '+55 11 91234 5678',
  },
  demo2: {
    company: 'Gulf Kids Trading LLC',
    contact: 'Fatima Al Suwaidi',
    email: 'fatima@gulf-kids.example',
    phone: '+971 50 123 4567',
  },
} as const;

export async function seedDemoActivity(app: FastifyInstance): Promise<string[]> {
  const call = async <N extends CallName>(
    name: N,
    body: object,
    o: { website?: number; token?: string; ip?: string } = {},
  ): Promise<CallResponse<N>> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (o.website) headers['website-id'] = String(o.website);
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers,
      payload: JSON.stringify(body),
      ...(o.ip ? { remoteAddress: o.ip } : {}),
    });
    const answer = res.json<{ code: number; data: CallResponse<N>; tip: string }>();
    if (answer.code !== 0) throw new Error(`demo activity: ${name} answered ${answer.code} ${answer.tip}`);
    return answer.data;
  };

  const done: string[] = [];
  for (const [n, creds] of DEMO_CREDENTIALS.entries()) {
    const website = (await call('get_website_info', { site: creds.site })).id;
    const phones = ['+971 50 318 2264', '+49 171 555 0142', '+55 11 98765 4321'];
    for (const [i, phone] of phones.entries())
      await call(
        'access_apply',
        { phone, lang: 11201002 + (i % 2) * 3 },
        { website, ip: `192.0.2.${n * 10 + i}` },
      );

    const customer = await call('login', { website_id: website, code: creds.customer });
    const visitor = await call('login', { website_id: website, code: creds.visitor });
    const products = (
      await call('get_list', { page_size: 24 }, { website, token: customer.token })
    ).list.filter((p) => !p.is_expire);
    // The customer's lists carry the customer's own company; the visitor's, a buyer passing by.
    const own = BUYER_COMPANIES[creds.site];
    const lists = [
      { who: customer.token, ...own, from: 0, count: 6 },
      {
        who: visitor.token,
        company: 'Juguetes del Sol S.A.',
        contact: 'Diego Ramírez',
        email: 'diego@juguetesdelsol.example',
        phone: '+52 55 5555 0199',
        from: 6,
        count: 4,
      },
      { who: customer.token, ...own, from: 10, count: 9 },
    ];
    for (const [i, l] of lists.entries()) {
      await call(
        'add_choose',
        {
          company_name: l.company,
          contact: l.contact,
          phone: l.phone,
          email: l.email,
          remark: i === 0 ? 'Samples by air, please; cartons as marked.' : '',
          lines: products
            .slice(l.from, l.from + l.count)
            .map((p, j) => ({ id: p.id, ctn: 1 + ((i + j) % 4) })),
          idempotency_key: `demo-activity-${creds.site}-${i}-0000`,
        },
        { website, token: l.who },
      );
    }
    const orders = await demoOrders(call, app, website, creds.site, customer.token);
    done.push(
      `${creds.site}: ${phones.length} access applications, ${lists.length} sample lists, ${orders} quotations and orders`,
    );
  }
  return done;
}

type Call = <N extends CallName>(
  name: N,
  body: object,
  o?: { website?: number; token?: string; ip?: string },
) => Promise<CallResponse<N>>;

/** A bank-transfer receipt as a buyer would photograph it: a small picture with its own colour. */
const receipt = (colour: string) =>
  sharp({ create: { width: 480, height: 640, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** What the browser does with an upload credential (the server's own disk only). */
async function upload(app: FastifyInstance, auth: TempAuth, bytes: Buffer): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(auth.upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: auth.content_type }), 'receipt.jpg');
  const request = new Request('http://showroom/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: auth.upload.url,
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  if (res.statusCode !== 204) throw new Error(`demo activity: voucher upload answered ${res.statusCode}`);
}

/**
 * Quotations and orders in several states, made by the sales account and the customer through
 * their own calls from the customer's sample lists: a draft, a quotation to confirm, and
 * orders with a deposit due, a deposit voucher to review, a balance due and one shipped.
 * Vouchers need the server's own upload endpoint; with S3 the orders stop before them.
 */
async function demoOrders(
  call: Call,
  app: FastifyInstance,
  website: number,
  site: 'demo' | 'demo2',
  buyerToken: string,
): Promise<number> {
  const sales = DEMO_STAFF.find((m) => m.site === site && m.role === 'sales');
  if (!sales) return 0;
  const staff = {
    website,
    token: (await call('staff_login', { email: sales.email, password: sales.password }, { website })).token,
  };
  const buyer = { website, token: buyerToken };
  const samples = (await call('get_choose_list', { page_size: 10 }, buyer)).list;
  const account =
    site === 'demo'
      ? 'Bank of China, Ningbo Branch\nSWIFT: BKCHCNBJ92A\nAccount: 3590 5820 1234 (Starlight Toys Co., Ltd.)'
      : 'Industrial and Commercial Bank of China, Shantou\nSWIFT: ICBKCNBJSTU\nAccount: 2003 0218 0930 0012 345 (Desert Rose Toys)';
  let made = 0;
  let n = 0;
  const quote = async (send: boolean, deposit = 30) => {
    const sample = samples[n++ % samples.length];
    if (!sample) throw new Error('demo activity: no sample list to quote');
    const q = await call('staff_create_quotation', { sample_id: sample.id }, staff);
    await call(
      'staff_update_quotation',
      {
        id: q.order.id,
        account_info: account,
        deposit_percent: deposit,
        remark: 'Prices include export cartons.',
      },
      staff,
    );
    if (send) await call('staff_advance_order', { id: q.order.id, event: 'send' }, staff);
    made++;
    return q.order.id;
  };
  const confirm = (id: number, i: number) =>
    call(
      'update_confirm_order',
      { id, action: 'confirm_order', idempotency_key: `demo-confirm-${site}-${i}-000000` },
      buyer,
    );
  const pay = async (id: number, part: 'deposit' | 'balance', i: number) => {
    const auth = await call('get_temp_auth', { purpose: 'voucher', content_type: 'image/jpeg' }, buyer);
    if (auth.provider !== 'local') return null;
    await upload(app, auth, await receipt(['#e8f1fd', '#fdf3e8', '#eefaf1', '#f7eefd'][i % 4] ?? '#ffffff'));
    const order = await call(
      'submit_order_voucher',
      { id, part, url: auth.file_url, idempotency_key: `demo-voucher-${site}-${i}-${part}-0000` },
      buyer,
    );
    return order.vouchers[0]?.id ?? null;
  };

  await quote(false);
  await quote(true);
  await confirm(await quote(true), 1);
  const review = await quote(true);
  await confirm(review, 2);
  await pay(review, 'deposit', 2);
  const balance = await quote(true);
  await confirm(balance, 3);
  const deposit = await pay(balance, 'deposit', 3);
  if (deposit) {
    await call('staff_review_voucher', { voucher_id: deposit, decision: 'confirm' }, staff);
    await call('staff_advance_order', { id: balance, event: 'request_balance' }, staff);
  }
  const shipped = await quote(true, 100);
  await confirm(shipped, 4);
  const full = await pay(shipped, 'deposit', 4);
  if (full) {
    await call('staff_review_voucher', { voucher_id: full, decision: 'confirm' }, staff);
    await call('staff_advance_order', { id: shipped, event: 'ready_to_ship' }, staff);
    await call('staff_set_ship_date', { id: shipped, estimated_ship_date: Date.UTC(2026, 11, 20) }, staff);
    await call('staff_advance_order', { id: shipped, event: 'ship' }, staff);
  }
  return made;
}

/**
 * get_order_list at 10 000 orders of one buyer (goal: p95 under 20 ms), against a trivial
 * customer call (get_website_again: the session resolved, one small read) measured in the same
 * run on the same app, so the ratio says what listing orders costs on top of any call. One
 * order is made through the real calls; the others are copies of it written in bulk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/dialect';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { DEMO_CREDENTIALS, DEMO_STAFF, seedDemo } from '../apps/server/src/db/seed/demo';
import { systemClock } from '../apps/server/src/platform/clock';
import { LocalDiskStorage } from '../apps/server/src/platform/storage';
import { percentile } from './support/measure';

const ORDERS = 10_000;
const RUNS = 300;
const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-orders-'));
const handle = openDatabase({ sqliteFile: join(dir, 'bench.sqlite') });
await migrateToLatest(handle.db);
const storage = new LocalDiskStorage(join(dir, 'files'));
await seedDemo(handle.db, storage, systemClock, { productsPerCompany: 30, pictures: false });
const app = await buildApp({
  db: handle.db,
  clock: systemClock,
  storage,
  defaultSite: 'demo',
  logLevel: 'silent',
});

async function call<T>(name: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: `/api/${name}`, payload: body as object, headers });
  const json = res.json<{ code: number; data: T; tip: string }>();
  if (json.code !== 0) throw new Error(`${name}: ${json.tip}`);
  return json.data;
}
const site = await call<{ id: number }>('get_website_info', { site: 'demo' });
const login = await call<{ token: string }>('login', {
  website_id: site.id,
  code: DEMO_CREDENTIALS[0].customer,
});
const buyer = { 'website-id': String(site.id), authorization: `Bearer ${login.token}` };
const sales = DEMO_STAFF.find((m) => m.site === 'demo' && m.role === 'sales');
const staffLogin = await call<{ token: string }>(
  'staff_login',
  { email: sales?.email, password: sales?.password },
  {
    'website-id': String(site.id),
  },
);
const staff = { 'website-id': String(site.id), authorization: `Bearer ${staffLogin.token}` };

const products = await call<{ list: { id: number }[] }>('get_list', { page_size: 8 }, buyer);
const sample = await call<{ id: number }>(
  'add_choose',
  {
    company_name: 'Bench Trading',
    contact: 'Bench',
    email: 'bench@example.com',
    lines: products.list.map((p) => ({ id: p.id, ctn: 3 })),
    idempotency_key: 'bench-orders-sample-0000',
  },
  buyer,
);
const quote = await call<{ order: { id: number } }>(
  'staff_create_quotation',
  { sample_id: sample.id },
  staff,
);
await call('staff_update_quotation', { id: quote.order.id, account_info: 'Bench bank 0001' }, staff);
await call('staff_advance_order', { id: quote.order.id, event: 'send' }, staff);

// Copies of the real order, a third of them quotations, the rest spread over the order statuses.
const t0 = performance.now();
const model = await handle.db
  .selectFrom('orders')
  .selectAll()
  .where('id', '=', quote.order.id)
  .executeTakeFirstOrThrow();
const lines = await handle.db
  .selectFrom('order_lines')
  .selectAll()
  .where('order_id', '=', quote.order.id)
  .execute();
const STATUSES = [
  'quoted',
  'pending_payment',
  'paid',
  'pending_final_payment',
  'pending_shipment',
  'shipped',
  'closed',
];
await handle.db.transaction().execute(async (trx) => {
  for (let i = 0; i < ORDERS - 1; i++) {
    const { id: _id, ...row } = model;
    const status = STATUSES[i % STATUSES.length] ?? 'quoted';
    const created = await trx
      .insertInto('orders')
      .values({
        ...row,
        order_number: `B${String(i).padStart(8, '0')}`,
        status,
        confirmed_at: status === 'quoted' ? null : row.created_at + i,
        created_at: row.created_at - i * 60_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_lines')
      .values(lines.map(({ id: _l, ...l }) => ({ ...l, order_id: created.id })))
      .execute();
  }
});
console.log(
  `${ORDERS} orders of one buyer (${lines.length} lines each) written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

async function timed(name: string, body: unknown) {
  for (let i = 0; i < 30; i++) await call(name, body, buyer);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await call(name, body, buyer);
    times.push(performance.now() - s);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}
const ms = (v: number) => `${v.toFixed(2)} ms`;
const baseline = await timed('get_website_again', {});
console.log(`baseline get_website_again: p50 ${ms(baseline.p50)}  p95 ${ms(baseline.p95)}`);
for (const [label, body] of [
  ['all, page 1', { filter: 'all' }],
  ['confirmed, page 1', { filter: 'confirmed' }],
  ['to be confirmed, page 1', { filter: 'to_be_confirmed' }],
  ['all, page 200', { filter: 'all', page: 200 }],
] as const) {
  const r = await timed('get_order_list', body);
  console.log(
    `get_order_list ${label}: p50 ${ms(r.p50)}  p95 ${ms(r.p95)} (goal < 20 ms)  ratio to baseline p95 ${(r.p95 / baseline.p95).toFixed(2)}`,
  );
}
await app.close();
await handle.close();
rmSync(dir, { recursive: true, force: true });

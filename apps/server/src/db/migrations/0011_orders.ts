/*
 * FROZEN once shipped. Quotations and orders (issue 16, decision 0029). 0001's money columns
 * are numeric(14,4) decimals; amounts are now integers in the currency's minor unit (JPY has
 * none), in columns of their own, so no amount ever passes through a float. Adds what a
 * quotation needs (its sample list, trade term, deposit percentage, validity, proforma number),
 * a line's own price and the buyer's changes, the status history, and payment vouchers with
 * their review (0001's payments and payment_vouchers tables stay unused).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'));
  const addTo = async (
    name: string,
    columns: [string, 'bigint' | 'integer' | 'text', 'zero' | 'empty' | 'null', number?][],
  ) => {
    for (const [column, type, dflt, value] of columns)
      await db.schema
        .alterTable(name)
        .addColumn(column, type, (c) =>
          dflt === 'null' ? c : c.notNull().defaultTo(dflt === 'zero' ? (value ?? 0) : ''),
        )
        .execute();
  };

  await addTo('orders', [
    ['sample_id', 'bigint', 'null'],
    ['trade_term', 'text', 'empty'],
    ['deposit_percent', 'integer', 'zero', 30],
    ['valid_until', 'bigint', 'null'],
    ['order_amount_minor', 'bigint', 'zero'],
    ['deposit_amount_minor', 'bigint', 'zero'],
    ['balance_amount_minor', 'bigint', 'zero'],
    ['pi_number', 'text', 'empty'],
    ['sent_at', 'bigint', 'null'],
    ['confirmed_at', 'bigint', 'null'],
    ['created_by', 'bigint', 'null'],
  ]);
  // The buyer's list and the staff's list, newest first.
  await db.schema
    .createIndex('orders_buyer_list')
    .on('orders')
    // With the status, the buyer's page and its count read the index alone.
    .columns(['company_id', 'customer_id', 'created_at', 'id', 'status'])
    .execute();
  await db.schema
    .createIndex('orders_company_list')
    .on('orders')
    .columns(['company_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_company_status')
    .on('orders')
    .columns(['company_id', 'status'])
    .execute();

  await addTo('order_lines', [
    ['unit_price_minor', 'bigint', 'zero'],
    ['amount_minor', 'bigint', 'zero'],
    ['pieces_per_box', 'integer', 'zero', 1],
    ['quoted_boxes', 'integer', 'zero'],
    ['removed_at', 'bigint', 'null'],
  ]);
  await addTo('attachments', [['uploaded_by_name', 'text', 'empty']]);

  // Every transition, with its time and actor; a client's key makes a retried action land once.
  await table('order_events')
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'bigint')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('request_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();
  await db.schema
    .createIndex('order_events_request')
    .on('order_events')
    .columns(['order_id', 'request_key'])
    .unique()
    .where(sql.ref('request_key'), 'is not', null)
    .execute();

  await table('order_vouchers')
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('file_id', 'bigint', (c) => c.notNull().references('files.id'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'bigint', (c) => c.references('staff_users.id').onDelete('set null'))
    .addColumn('reviewed_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('order_vouchers_order')
    .on('order_vouchers')
    .columns(['order_id', 'id'])
    .execute();
  await db.schema
    .createIndex('order_vouchers_idempotency')
    .on('order_vouchers')
    .columns(['company_id', 'idempotency_key'])
    .unique()
    .execute();
  // At most one voucher of a part waits for a review: two racing submissions cannot both land.
  await db.schema
    .createIndex('order_vouchers_one_pending')
    .on('order_vouchers')
    .columns(['order_id', 'part'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('order_vouchers_company_status')
    .on('order_vouchers')
    .columns(['company_id', 'status'])
    .execute();
}

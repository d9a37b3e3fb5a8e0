/*
 * FROZEN once shipped. The ordering facts trade buyers ask for (issue 18 item 5, decision 0059):
 * a minimum order quantity and price breaks, both in pieces; the production lead time in days;
 * the HS code. The price breaks are a short JSON list on the product itself,
 * `[{"from":500,"price":1.2}]` (price in major units of the website's currency, like
 * exworks_price), so every list and cart that reads a product reads its breaks without a join;
 * '[]' is none. 0 means "not given" for the two numbers, '' for the HS code.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('min_order_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('price_breaks', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('lead_time_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('hs_code', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

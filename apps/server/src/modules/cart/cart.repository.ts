import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';

/** The owner of a server cart: a customer, on one website of their company. */
export interface CartOwner {
  companyId: number;
  websiteId: number;
  customerId: number;
}

const linesOf = (q: Kysely<Database> | Transaction<Database>, o: CartOwner) =>
  q
    .selectFrom('cart_lines')
    .where('company_id', '=', o.companyId)
    .where('website_id', '=', o.websiteId)
    .where('customer_id', '=', o.customerId);

export function createCartRepository(db: Kysely<Database>) {
  return {
    async lines(o: CartOwner) {
      return linesOf(db, o)
        .select(['product_id', 'ctn', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Runs `work` with the customer's cart to itself: on PostgreSQL the customer's row is
     * locked, so two requests cannot both pass the 1000-line check; SQLite runs one writing
     * transaction at a time anyway.
     */
    async exclusive<T>(o: CartOwner, work: (cart: CartTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('customers')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', '=', o.customerId)
          .where('company_id', '=', o.companyId)
          .execute();
        return work(cartTransaction(trx, o));
      });
    },

    /** The expiry signals and price of the company's products among `ids`. */
    async signals(companyId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('products')
        .select([
          'id',
          'exworks_price',
          'removed_time',
          'stop_time',
          'is_set_hide',
          'is_website_hide',
          'is_expire',
        ])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
    },
  };
}

/** The cart of one owner inside a transaction. */
function cartTransaction(trx: Transaction<Database>, o: CartOwner) {
  return {
    async existing(): Promise<Map<number, number>> {
      const rows = await linesOf(trx, o).select(['product_id', 'ctn']).execute();
      return new Map(rows.map((r) => [r.product_id, r.ctn]));
    },
    async insert(rows: { productId: number; ctn: number }[], now: number) {
      // One line per product: the unique index (customer, website, product) guards the rest.
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('cart_lines')
          .values(
            rows.slice(i, i + 200).map((r, j) => ({
              company_id: o.companyId,
              website_id: o.websiteId,
              customer_id: o.customerId,
              product_id: r.productId,
              ctn: r.ctn,
              // Lines added together keep the order they were asked in (newest first).
              created_at: now + i + j,
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['customer_id', 'website_id', 'product_id']).doNothing())
          .execute();
      }
    },
    async setCtn(productId: number, ctn: number, now: number) {
      const r = await trx
        .updateTable('cart_lines')
        .set({ ctn, updated_at: now })
        .where('company_id', '=', o.companyId)
        .where('website_id', '=', o.websiteId)
        .where('customer_id', '=', o.customerId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    async delete(productIds: number[]) {
      for (let i = 0; i < productIds.length; i += 500) {
        await trx
          .deleteFrom('cart_lines')
          .where('company_id', '=', o.companyId)
          .where('website_id', '=', o.websiteId)
          .where('customer_id', '=', o.customerId)
          .where('product_id', 'in', productIds.slice(i, i + 500))
          .execute();
      }
    },
    async count(): Promise<number> {
      const r = await linesOf(trx, o)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
export type CartTransaction = ReturnType<typeof cartTransaction>;

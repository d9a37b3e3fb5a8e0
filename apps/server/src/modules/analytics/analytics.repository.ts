import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export interface LogContext {
  companyId: number;
  websiteId: number;
  sessionId: number;
  customerId: number | null;
  now: number;
}

export function createAnalyticsRepository(db: Kysely<Database>) {
  const ownsProduct = async (companyId: number, productId: number) =>
    (await db
      .selectFrom('products')
      .select('factory_id')
      .where('company_id', '=', companyId)
      .where('id', '=', productId)
      .executeTakeFirst()) ?? null;

  return {
    ownsProduct,

    /** Records a click; counts it toward popularity unless the same session clicked it within the window. */
    async click(c: LogContext, productId: number, windowMs: number) {
      await db.transaction().execute(async (trx) => {
        const recent = await trx
          .selectFrom('click_logs')
          .select('id')
          .where('session_id', '=', c.sessionId)
          .where('product_id', '=', productId)
          .where('created_at', '>', c.now - windowMs)
          .executeTakeFirst();
        await trx
          .insertInto('click_logs')
          .values({
            company_id: c.companyId,
            website_id: c.websiteId,
            session_id: c.sessionId,
            customer_id: c.customerId,
            product_id: productId,
            created_at: c.now,
          })
          .execute();
        if (!recent) {
          await trx
            .updateTable('products')
            .set((eb) => ({ click_count: eb('click_count', '+', 1) }))
            .where('id', '=', productId)
            .execute();
        }
      });
    },

    async select(
      c: LogContext,
      productId: number,
      factoryId: number | null,
      kind: 'select' | 'recommend',
      windowMs: number,
    ) {
      await db.transaction().execute(async (trx) => {
        const recent = await trx
          .selectFrom('select_logs')
          .select('id')
          .where('session_id', '=', c.sessionId)
          .where('product_id', '=', productId)
          .where('created_at', '>', c.now - windowMs)
          .executeTakeFirst();
        await trx
          .insertInto('select_logs')
          .values({
            company_id: c.companyId,
            website_id: c.websiteId,
            session_id: c.sessionId,
            customer_id: c.customerId,
            product_id: productId,
            factory_id: factoryId,
            kind,
            created_at: c.now,
          })
          .execute();
        if (!recent) {
          await trx
            .updateTable('products')
            .set((eb) => ({ select_count: eb('select_count', '+', 1) }))
            .where('id', '=', productId)
            .execute();
        }
      });
    },

    browse: (c: LogContext, path: string, productId: number | null) =>
      db
        .insertInto('browse_logs')
        .values({
          company_id: c.companyId,
          website_id: c.websiteId,
          session_id: c.sessionId,
          customer_id: c.customerId,
          product_id: productId,
          path,
          created_at: c.now,
        })
        .execute(),
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

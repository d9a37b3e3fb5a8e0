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

  /** Logs one event row and counts it on the product, once per session within the window. */
  async function logAndCount<T extends 'click_logs' | 'select_logs'>(
    c: LogContext,
    productId: number,
    windowMs: number,
    table: T,
    counter: 'click_count' | 'select_count',
    extra: T extends 'select_logs'
      ? { factory_id: number | null; kind: 'select' | 'recommend' }
      : Record<string, never>,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const recent = await trx
        .selectFrom(table as 'click_logs')
        .select('id')
        .where('session_id', '=', c.sessionId)
        .where('product_id', '=', productId)
        .where('created_at', '>', c.now - windowMs)
        .executeTakeFirst();
      await trx
        .insertInto(table as 'select_logs')
        .values({
          company_id: c.companyId,
          website_id: c.websiteId,
          session_id: c.sessionId,
          customer_id: c.customerId,
          product_id: productId,
          created_at: c.now,
          ...(extra as { factory_id: number | null; kind: 'select' | 'recommend' }),
        })
        .execute();
      if (!recent) {
        await trx
          .updateTable('products')
          .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
          .where('id', '=', productId)
          .execute();
      }
    });
  }

  return {
    ownsProduct,

    /** Records a click; counts it toward popularity unless the same session clicked it within the window. */
    click: (c: LogContext, productId: number, windowMs: number) =>
      logAndCount(c, productId, windowMs, 'click_logs', 'click_count', {}),

    /** Records a selection (or a recommended one); counted once per session within the window. */
    select: (
      c: LogContext,
      productId: number,
      factoryId: number | null,
      kind: 'select' | 'recommend',
      windowMs: number,
    ) => logAndCount(c, productId, windowMs, 'select_logs', 'select_count', { factory_id: factoryId, kind }),

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

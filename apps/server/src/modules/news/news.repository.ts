import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export function createNewsRepository(db: Kysely<Database>) {
  const visible = (companyId: number, langs: string[], category?: number) => {
    let q = db
      .selectFrom('news')
      .where('company_id', '=', companyId)
      .where('status', '=', 1)
      .where('lang', 'in', langs);
    if (category !== undefined) q = q.where('category', '=', category);
    return q;
  };
  return {
    async page(
      companyId: number,
      langs: string[],
      category: number | undefined,
      limit: number,
      offset: number,
    ) {
      const rows = await visible(companyId, langs, category)
        .select(['id', 'category', 'lang', 'title', 'content', 'cover', 'click_count', 'published_at'])
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const { n } = await visible(companyId, langs, category)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(n) };
    },

    /** Which of the given languages the company writes news in. */
    languages: async (companyId: number) =>
      (
        await db
          .selectFrom('news')
          .select('lang')
          .distinct()
          .where('company_id', '=', companyId)
          .where('status', '=', 1)
          .execute()
      ).map((r) => r.lang),

    one: (companyId: number, id: number) =>
      db
        .selectFrom('news')
        .select(['id', 'category', 'lang', 'title', 'content', 'cover', 'click_count', 'published_at'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', 1)
        .executeTakeFirst(),

    async click(
      companyId: number,
      websiteId: number,
      newsId: number,
      session: { id: number; customerId: number | null },
      now: number,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('news_click_logs')
          .values({
            company_id: companyId,
            website_id: websiteId,
            news_id: newsId,
            session_id: session.id,
            customer_id: session.customerId,
            created_at: now,
          })
          .execute();
        await trx
          .updateTable('news')
          .set((eb) => ({ click_count: eb('click_count', '+', 1) }))
          .where('id', '=', newsId)
          .where('company_id', '=', companyId)
          .execute();
      });
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;

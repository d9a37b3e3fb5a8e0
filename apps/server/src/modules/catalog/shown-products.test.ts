import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestApp, type TestApp } from '../../test/harness';
import { type PlannedQuery, queryPlan } from '../../test/query-plan';

/**
 * The buyers' lists leave out products taken off the showroom (decision 0050); migration 0015's
 * partial indexes keep a page read from an index, never from the rows it skips, on both databases.
 */
describe('the indexes of the products buyers are shown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 30 });
  });
  afterAll(() => t.close());

  const plan = (db: Kysely<Database>, query: PlannedQuery) => queryPlan(t, db, query);

  const page = (order: (qb: ReturnType<typeof base>) => ReturnType<typeof base>) => order(base());
  const base = () =>
    t.db
      .selectFrom('products')
      .select('products.id')
      .where('products.company_id', '=', 1)
      .where(sql<boolean>`products.is_website_hide = 0`)
      .limit(20)
      .offset(200);

  it.each([
    [
      'the default order',
      'products_shown_by_default',
      (q: ReturnType<typeof base>) => q.orderBy('products.sort', 'desc').orderBy('products.id', 'desc'),
    ],
    [
      'newest first',
      'products_shown_by_created',
      (q: ReturnType<typeof base>) => q.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc'),
    ],
    [
      'by price',
      'products_shown_by_price',
      (q: ReturnType<typeof base>) =>
        q.orderBy('products.exworks_price', 'asc').orderBy('products.id', 'asc'),
    ],
    [
      'a flag',
      'products_shown_is_hot_by_default',
      (q: ReturnType<typeof base>) =>
        q.where('products.is_hot', '=', 1).orderBy('products.sort', 'desc').orderBy('products.id', 'desc'),
    ],
  ])('reads a page in %s from the shown products index', async (_order, index, order) => {
    expect(await plan(t.db, page(order))).toContain(index);
  });

  it('leaves a taken-off product out of the index, and puts it back when it returns', async () => {
    const [first] = await t.db
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', 1)
      .orderBy('id')
      .limit(1)
      .execute();
    const id = first?.id ?? 0;
    const shownIds = async () =>
      (
        await t.db
          .selectFrom('products')
          .select('id')
          .where('company_id', '=', 1)
          .where(sql<boolean>`products.is_website_hide = 0`)
          .orderBy('sort', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map((r) => r.id);
    await t.db.updateTable('products').set({ is_website_hide: 1 }).where('id', '=', id).execute();
    expect(await shownIds()).not.toContain(id);
    await t.db.updateTable('products').set({ is_website_hide: 0 }).where('id', '=', id).execute();
    expect(await shownIds()).toContain(id);
  });
});

/*
 * FROZEN once shipped. Buyers' product lists leave out the products staff took off the showroom
 * (is_website_hide = 1, decision 0050). With the plain list indexes of 0002 every skipped entry
 * costs a row read to test that flag: a deep page read thousands of rows (bench/get-list.ts,
 * "deep page"). The buyers' orders get partial indexes over the shown products only, which both
 * SQLite and PostgreSQL use when the query says `is_website_hide = 0` as a literal (the
 * catalogue's lists do). The orders only buyers use are replaced; newest and recently updated
 * keep their full index too, for the console's lists, which show every product.
 */
import { type Kysely, sql } from 'kysely';

const FLAGS = ['is_new', 'is_recommend', 'is_spot', 'is_gcc', 'is_cash_sale', 'is_3d', 'is_hot'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const shown = (name: string, columns: string[]) =>
    db.schema
      .createIndex(name)
      .on('products')
      .columns(columns)
      .where(sql<boolean>`is_website_hide = 0`)
      .execute();
  const replace = async (old: string, name: string, columns: string[]) => {
    await shown(name, columns);
    await db.schema.dropIndex(old).execute();
  };
  await replace('products_by_default', 'products_shown_by_default', ['company_id', 'sort', 'id']);
  await replace('products_by_category', 'products_shown_by_category', [
    'company_id',
    'category_id',
    'sort',
    'id',
  ]);
  await replace('products_by_price', 'products_shown_by_price', ['company_id', 'exworks_price', 'id']);
  await replace('products_by_popularity', 'products_shown_by_popularity', [
    'company_id',
    'click_count',
    'select_count',
    'id',
  ]);
  for (const flag of FLAGS)
    await replace(`products_${flag}_by_default`, `products_shown_${flag}_by_default`, [
      'company_id',
      flag,
      'sort',
      'id',
    ]);
  await shown('products_shown_by_created', ['company_id', 'created_at', 'id']);
  await shown('products_shown_by_updated', ['company_id', 'updated_at', 'id']);
}

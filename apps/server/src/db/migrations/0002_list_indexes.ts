/*
 * FROZEN once shipped. Indexes that match each product list order exactly, id included as the
 * tie-breaker, so a page is read from the index on both SQLite and PostgreSQL (measured with
 * bench/get-list.ts over 100 000 products). The flag indexes now lead to the default order.
 */
import type { Kysely } from 'kysely';

const FLAGS = ['is_new', 'is_recommend', 'is_spot', 'is_gcc', 'is_cash_sale', 'is_3d', 'is_hot'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('products').columns(columns).execute();
  await index('products_by_default', ['company_id', 'sort', 'id']);
  await index('products_by_category', ['company_id', 'category_id', 'sort', 'id']);
  await index('products_by_created', ['company_id', 'created_at', 'id']);
  await index('products_by_updated', ['company_id', 'updated_at', 'id']);
  await index('products_by_price', ['company_id', 'exworks_price', 'id']);
  await index('products_by_popularity', ['company_id', 'click_count', 'select_count', 'id']);
  for (const old of [
    'products_created',
    'products_updated',
    'products_price',
    'products_popularity',
    'products_category',
  ]) {
    await db.schema.dropIndex(old).execute();
  }
  for (const flag of FLAGS) {
    await db.schema.dropIndex(`products_${flag}`).execute();
    await index(`products_${flag}_by_default`, ['company_id', flag, 'sort', 'id']);
  }
}

/*
 * FROZEN once shipped. A keyword alone is counted in the search index (decision 0021), which
 * keeps the products staff took off the showroom because the console searches them too; buyers'
 * totals subtract the taken-off ones that match (decision 0077). They are few: this partial
 * index finds a company's without reading its shown products.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('products_taken_off')
    .on('products')
    .columns(['company_id', 'id'])
    .where(sql<boolean>`is_website_hide = 1`)
    .execute();
}

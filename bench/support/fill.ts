// Fills a database with the demo seed plus N more products for the demo company, for benchmarks.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/database';
import { seedDemo } from '../../apps/server/src/db/seed/demo';
import { systemClock } from '../../apps/server/src/platform/clock';
import type { Storage } from '../../apps/server/src/platform/storage';

export async function fillCatalogue(db: Kysely<Database>, storage: Storage, products: number): Promise<void> {
  await seedDemo(db, storage, systemClock, { productsPerCompany: 60, pictures: false });
  const site = await db
    .selectFrom('websites')
    .select('company_id')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  const templates = await db
    .selectFrom('products')
    .selectAll()
    .where('company_id', '=', site.company_id)
    .execute();
  const now = Date.now();
  const BATCH = 400;
  for (let start = 0; start < products; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(products, start + BATCH); i++) {
      const { id: _id, ...t } = templates[i % templates.length] as (typeof templates)[number];
      rows.push({
        ...t,
        toy_number: `BX-${100000 + i}`,
        exworks_price: Math.round((1 + ((i * 7919) % 5000) / 100) * 100) / 100,
        click_count: (i * 104729) % 1000,
        select_count: (i * 1299709) % 100,
        sort: 0,
        is_new: i % 7 === 0 ? 1 : 0,
        is_spot: i % 4 === 0 ? 1 : 0,
        created_at: now - ((i * 15485863) % (540 * 86_400_000)),
        updated_at: now - ((i * 32452843) % (540 * 86_400_000)),
      });
    }
    await db.insertInto('products').values(rows).execute();
  }
  // As autovacuum would have done on a catalogue that was not loaded a second ago.
  const postgres = await sql`select version() as v`.execute(db).then(
    (r) => String((r.rows[0] as { v?: string } | undefined)?.v ?? '').includes('PostgreSQL'),
    () => false,
  );
  await sql.raw(postgres ? 'vacuum analyze products' : 'analyze').execute(db);
}

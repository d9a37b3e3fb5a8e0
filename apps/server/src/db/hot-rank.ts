import { type Kysely, sql } from 'kysely';
import type { Database } from './database';

/**
 * Where an entry of a region's hot ranking (product_hot_areas.rank) stands, as an ORDER BY key:
 * rank 1 first; rank 0, the column's default (no rank given), after every ranked one
 * (decision 0065). Shared by the buyers' lists and the console's ranking, which must agree.
 */
export const rankKey = (rank: string) =>
  sql<number>`CASE WHEN ${sql.ref(rank)} > 0 THEN ${sql.ref(rank)} ELSE 2147483647 END`;

/**
 * Renumbers the ranked entries of the company's regions 1, 2, 3… in their order, once a product
 * has left a ranking (decision 0073): staff read the stored ranks, which a removal left with a
 * gap. Each distinct rank keeps its place among the others, so ties stay tied and the unranked
 * (0) stay unranked: buyers' order, which rankKey gives, does not change.
 */
export async function closeRankGaps(db: Kysely<Database>, companyId: number, areaIds: readonly number[]) {
  if (areaIds.length === 0) return;
  const entries = await db
    .selectFrom('product_hot_areas')
    .select(['id', 'area_id', 'rank'])
    .where('company_id', '=', companyId)
    .where('area_id', 'in', [...new Set(areaIds)])
    .where('rank', '>', 0)
    .orderBy('area_id')
    .orderBy('rank')
    .execute();
  let area = -1;
  let stored = 0;
  let next = 0;
  for (const e of entries) {
    if (Number(e.area_id) !== area) {
      area = Number(e.area_id);
      stored = 0;
      next = 0;
    }
    if (Number(e.rank) !== stored) {
      stored = Number(e.rank);
      next += 1;
    }
    if (stored !== next)
      await db.updateTable('product_hot_areas').set({ rank: next }).where('id', '=', e.id).execute();
  }
}

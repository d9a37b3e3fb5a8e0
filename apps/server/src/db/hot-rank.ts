import { sql } from 'kysely';

/**
 * Where an entry of a region's hot ranking (product_hot_areas.rank) stands, as an ORDER BY key:
 * rank 1 first; rank 0, the column's default (no rank given), after every ranked one
 * (decision 0065). Shared by the buyers' lists and the console's ranking, which must agree.
 */
export const rankKey = (rank: string) =>
  sql<number>`CASE WHEN ${sql.ref(rank)} > 0 THEN ${sql.ref(rank)} ELSE 2147483647 END`;

import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';
import type { TestApp } from './harness';

/** A query as Kysely compiles it, or written by hand with `?` for its values. */
export interface PlannedQuery {
  compile(): { sql: string; parameters: readonly unknown[] };
}

/**
 * The plan of a query, as text, with PostgreSQL told to prefer indexes (test tables are tiny, and
 * a sequential scan of a few rows is what it would choose otherwise). Values must be numbers.
 */
export async function queryPlan(t: Pick<TestApp, 'dialect'>, db: Kysely<Database>, query: PlannedQuery) {
  const { sql: text, parameters } = query.compile();
  if (t.dialect === 'sqlite') {
    const rows = await sql<{
      detail: string;
    }>`explain query plan ${sql.raw(inline(text, parameters))}`.execute(db);
    return rows.rows.map((r) => r.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(inline(text, parameters))}`.execute(
      trx,
    );
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** The numbers of a compiled query written in (an EXPLAIN takes no parameters on PostgreSQL). */
const inline = (text: string, parameters: readonly unknown[]) => {
  let i = 0;
  return text.replace(/\?|\$\d+/g, () => String(Number(parameters[i++])));
};

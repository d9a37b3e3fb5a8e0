import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The SQL of the import's housekeeping (import.retention.ts), apart from the import's own
 * repository: which jobs may go, and which uploads the jobs that stay still name.
 */

/** A job that ended: stored all it could, or its files could not be read. */
const FINISHED = ['done', 'failed'];
/** A job staff uploaded (and maybe dry-ran) but never ran. */
const NEVER_RUN = ['new', 'checked'];

/**
 * A job housekeeping may delete if it is old enough: finished before `before`, or never run and
 * untouched since. Named statuses only, so a job running, checking, or in any state added later
 * (a pause) is never taken; a never-run job that stored a row is not "never run".
 */
const purgeable = (before: number) => (eb: ExpressionBuilder<Database, 'import_jobs'>) =>
  eb.or([
    eb.and([eb('status', 'in', FINISHED), eb(eb.fn.coalesce('finished_at', 'updated_at'), '<', before)]),
    eb.and([eb('status', 'in', NEVER_RUN), eb('rows_done', '=', 0), eb('updated_at', '<', before)]),
  ]);

export function createImportRetentionRepository(db: Kysely<Database>) {
  return {
    /** Jobs that may go: old enough by `purgeable`, and not among their company's `keep` newest. */
    async expired(before: number, keep: number, limit: number): Promise<number[]> {
      const ranked = db
        .selectFrom('import_jobs')
        .selectAll()
        .select(sql<number>`row_number() over (partition by company_id order by id desc)`.as('recency'));
      const rows = await db
        .selectFrom(ranked.as('import_jobs'))
        .select('id')
        .where('recency', '>', keep)
        .where(purgeable(before))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /**
     * Deletes these jobs (their rows go with them: the foreign key cascades) unless one is no
     * longer purgeable: a never-run job started since it was chosen stays. Answers how many went.
     */
    async deleteJobs(ids: readonly number[], before: number): Promise<number> {
      if (ids.length === 0) return 0;
      const r = await db
        .deleteFrom('import_jobs')
        .where('id', 'in', ids)
        .where(purgeable(before))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** Every company, whose import uploads housekeeping looks into. */
    async companyIds(): Promise<number[]> {
      return (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => Number(r.id));
    },

    /** The storage keys the company's remaining jobs name: their spreadsheets and zips. */
    async keysInUse(companyId: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom('import_jobs')
        .select(['sheet_key', 'zip_keys'])
        .where('company_id', '=', companyId)
        .execute();
      const keys = new Set<string>();
      for (const r of rows) {
        keys.add(r.sheet_key);
        try {
          for (const k of JSON.parse(r.zip_keys) as unknown[]) if (typeof k === 'string') keys.add(k);
        } catch {
          // A job whose zip list cannot be read names none; its spreadsheet is still kept.
        }
      }
      return keys;
    },
  };
}

export type ImportRetentionRepository = ReturnType<typeof createImportRetentionRepository>;

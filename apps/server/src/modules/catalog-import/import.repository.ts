import type { Kysely, Selectable } from 'kysely';
import { writeAudit, type AuditEntry } from '../../db/audit';
import type { Database, ImportJobsTable, ImportRowsTable } from '../../db/database';
import { transactional } from '../../db/transactional';

/**
 * The import's jobs and rows (migration 0016). Jobs are scoped by company_id; rows belong to a
 * job and are only read through a job the caller's company owns.
 */
export type ImportJobRow = Selectable<ImportJobsTable>;
export type ImportRowRow = Selectable<ImportRowsTable>;

export type JobCounts = Partial<
  Pick<ImportJobsTable, 'rows_done' | 'created_count' | 'updated_count' | 'error_count' | 'pictures_done'>
>;

export const createImportRepository = (db: Kysely<Database>) => transactional(db, importQueries);

function importQueries(db: Kysely<Database>) {
  return {
    async createJob(job: Omit<ImportJobsTable, 'id'>): Promise<number> {
      const r = await db.insertInto('import_jobs').values(job).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },

    async job(companyId: number, id: number): Promise<ImportJobRow | undefined> {
      return db
        .selectFrom('import_jobs')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async jobs(companyId: number, limit: number): Promise<ImportJobRow[]> {
      return db
        .selectFrom('import_jobs')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Jobs left running whose lease ran out: their instance stopped (a crash, a restart). */
    async abandoned(now: number): Promise<ImportJobRow[]> {
      return db
        .selectFrom('import_jobs')
        .selectAll()
        .where('status', '=', 'running')
        .where('lease_until', '<', now)
        .execute();
    },

    async updateJob(id: number, change: Partial<Omit<ImportJobsTable, 'id' | 'company_id'>>) {
      await db.updateTable('import_jobs').set(change).where('id', '=', id).execute();
    },

    /**
     * Takes the job for this run until `until`, if nobody holds it: a checked job, or a running
     * one whose lease ran out. Answers whether it was taken (two instances never both run it).
     */
    async lease(id: number, companyId: number, now: number, until: number): Promise<boolean> {
      const r = await db
        .updateTable('import_jobs')
        .set({ status: 'running', lease_until: until, updated_at: now })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'checked'),
            eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
          ]),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async renew(id: number, now: number, until: number): Promise<void> {
      await db
        .updateTable('import_jobs')
        .set({ lease_until: until, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Adds to the job's counts (the progress the console shows). */
    async count(id: number, add: JobCounts, now: number): Promise<void> {
      await db
        .updateTable('import_jobs')
        .set((eb) => ({
          ...Object.fromEntries(
            Object.entries(add)
              .filter(([, n]) => n)
              .map(([k, n]) => [k, eb(eb.ref(k as keyof JobCounts), '+', n as number)]),
          ),
          updated_at: now,
        }))
        .where('id', '=', id)
        .execute();
    },

    async replaceRows(jobId: number, rows: ImportRowsTable[]): Promise<void> {
      await db.deleteFrom('import_rows').where('job_id', '=', jobId).execute();
      // In chunks: a statement has a limit on its parameters (SQLite: 32 766).
      for (let i = 0; i < rows.length; i += 200)
        await db
          .insertInto('import_rows')
          .values(rows.slice(i, i + 200))
          .execute();
    },

    /** The first rows still to store, after `afterLine` (the batch being stored). */
    async pendingRows(jobId: number, limit: number, afterLine = 0): Promise<ImportRowRow[]> {
      return db
        .selectFrom('import_rows')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('status', '=', 'pending')
        .where('line', '>', afterLine)
        .orderBy('line')
        .limit(limit)
        .execute();
    },

    async rows(
      jobId: number,
      onlyProblems: boolean,
      limit: number,
      offset: number,
    ): Promise<{ rows: ImportRowRow[]; total: number }> {
      let q = db.selectFrom('import_rows').where('job_id', '=', jobId);
      if (onlyProblems) q = q.where('errors', '<>', '[]');
      const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await q.selectAll().orderBy('line').limit(limit).offset(offset).execute();
      return { rows, total: Number(total.n) };
    },

    /** Rows of a job by status, for its counts. */
    async rowCounts(jobId: number): Promise<Record<string, number>> {
      const r = await db
        .selectFrom('import_rows')
        .select(['status', 'action'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('job_id', '=', jobId)
        .groupBy(['status', 'action'])
        .execute();
      const out: Record<string, number> = {};
      for (const x of r) {
        out[x.status] = (out[x.status] ?? 0) + Number(x.n);
        out[`${x.status}:${x.action}`] = (out[`${x.status}:${x.action}`] ?? 0) + Number(x.n);
      }
      return out;
    },

    async finishRow(
      jobId: number,
      line: number,
      change: Pick<ImportRowsTable, 'status' | 'errors'> &
        Partial<Pick<ImportRowsTable, 'product_id' | 'action'>>,
    ): Promise<boolean> {
      const r = await db
        .updateTable('import_rows')
        .set(change)
        .where('job_id', '=', jobId)
        .where('line', '=', line)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The company's products with these numbers: toy numbers first, article numbers for the rest. */
    async productsByNumber(
      companyId: number,
      column: 'toy_number' | 'article_number',
      numbers: string[],
    ): Promise<Map<string, { id: number; updated_at: number }>> {
      const found = new Map<string, { id: number; updated_at: number }>();
      for (let i = 0; i < numbers.length; i += 500) {
        const chunk = numbers.slice(i, i + 500);
        if (chunk.length === 0) continue;
        const rows = await db
          .selectFrom('products')
          .select(['id', 'updated_at', column])
          .where('company_id', '=', companyId)
          .where(column, 'in', chunk)
          .orderBy('id')
          .execute();
        for (const r of rows) {
          const key = String((r as Record<string, unknown>)[column]);
          // Two products of one number (made before the import): the oldest is the one updated.
          if (!found.has(key)) found.set(key, { id: Number(r.id), updated_at: Number(r.updated_at) });
        }
      }
      return found;
    },

    async categories(companyId: number) {
      return db.selectFrom('categories').selectAll().where('company_id', '=', companyId).execute();
    },

    async factories(companyId: number) {
      return db.selectFrom('factories').selectAll().where('company_id', '=', companyId).execute();
    },

    /** Storage keys of a product's pictures, in order (a re-import with the same pictures changes nothing). */
    async pictureKeys(companyId: number, productId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('product_pictures')
        .innerJoin('files', 'files.id', 'product_pictures.file_id')
        .select('files.storage_key')
        .where('product_pictures.product_id', '=', productId)
        .where('files.company_id', '=', companyId)
        .orderBy('product_pictures.sort')
        .orderBy('product_pictures.id')
        .execute();
      return rows.map((r) => r.storage_key);
    },

    async staffMember(companyId: number, staffId: number) {
      return db
        .selectFrom('staff_users')
        .select(['id', 'role', 'name', 'email'])
        .where('company_id', '=', companyId)
        .where('id', '=', staffId)
        .executeTakeFirst();
    },

    audit: (e: AuditEntry) => writeAudit(db, e),
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;

import type { LangSuffix } from '@vitrine/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';

/** What a linesheet reads beyond the catalogue's product cards: inner boxes and a category's name. */
export function createLinesheetRepository(db: Kysely<Database>) {
  return {
    /** Inner boxes per carton of the company's products among these ids. */
    async innerBoxes(companyId: number, ids: number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('products')
        .select(['id', 'inner_boxes'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, Number(r.inner_boxes)]));
    },

    /** A category of the company: its name in a language, English and Chinese; undefined for another company's or none. */
    async category(companyId: number, id: number, suffix: LangSuffix) {
      return db
        .selectFrom('categories')
        .select(['name', 'name_en', sql.ref<string>(`name${suffix}`).as('name_l')])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Notes that a linesheet folder was asked for now (decision 0068). */
    async touch(companyId: number, ref: string, now: number): Promise<void> {
      await db
        .insertInto('linesheet_files')
        .values({ ref, company_id: companyId, used_at: now })
        .onConflict((oc) => oc.column('ref').doUpdateSet({ used_at: now }))
        .execute();
    },

    /** Folders nobody asked for since `before`, the longest unused first. */
    async unusedSince(before: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('linesheet_files')
        .select('ref')
        .where('used_at', '<', before)
        .orderBy('used_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.ref);
    },

    /**
     * Forgets a folder unless it was asked for again since `before`; true when it forgot it
     * (and its files are then the caller's to delete).
     */
    async forget(ref: string, before: number): Promise<boolean> {
      const r = await db
        .deleteFrom('linesheet_files')
        .where('ref', '=', ref)
        .where('used_at', '<', before)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Which of these folders have a row. */
    async known(refs: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      // In slices: a storage listing can be long, a statement's parameters are not.
      for (let i = 0; i < refs.length; i += 500) {
        const rows = await db
          .selectFrom('linesheet_files')
          .select('ref')
          .where('ref', 'in', refs.slice(i, i + 500))
          .execute();
        for (const r of rows) found.add(r.ref);
      }
      return found;
    },
  };
}

export type LinesheetRepository = ReturnType<typeof createLinesheetRepository>;

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
  };
}

export type LinesheetRepository = ReturnType<typeof createLinesheetRepository>;

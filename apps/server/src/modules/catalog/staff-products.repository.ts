import { LANGUAGES, type ProductFlagField, type StaffProductSort } from '@vitrine/contract';
import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/audit';
import { closeRankGaps } from '../../db/hot-rank';
import type { Database, ProductsTable } from '../../db/database';
import { transactional } from '../../db/transactional';
import type { TextFilter, TextSearch } from './text-search';

/**
 * The console's queries on products (decision 0050). Every query is scoped by company_id:
 * an id of another company reads as missing and is never changed.
 */

export const NAME_COLUMNS = LANGUAGES.map((l) => `name${l.suffix}` as const);
export const PACKING_COLUMNS = LANGUAGES.map((l) => `packing${l.suffix}` as const);
type NameColumn = (typeof NAME_COLUMNS)[number];

export type ProductRow = Selectable<ProductsTable>;
export type ProductValues = Omit<
  Insertable<ProductsTable>,
  'company_id' | 'created_at' | 'click_count' | 'select_count'
>;

export interface ProductFilter {
  text?: TextFilter | undefined;
  categoryIds?: number[] | undefined;
  flag?: ProductFlagField | undefined;
  state: 'all' | 'on_show' | 'taken_off';
  missingColumn?: NameColumn | undefined;
  sort: StaffProductSort;
}

/** The expiry signals a taken-off product carries (rules.ts isExpired reads them per toy_type). */
export const takenOffSignals = (at: number) => ({
  removed_time: at,
  stop_time: at,
  is_set_hide: 1,
  is_website_hide: 1,
});
export const onShowSignals = { removed_time: null, stop_time: null, is_set_hide: 0, is_website_hide: 0 };

type ProductsQB = SelectQueryBuilder<Database, 'products', object>;

export const createStaffProductsRepository = (db: Kysely<Database>, search: TextSearch) =>
  transactional(db, (d) => staffProductsQueries(d, search));

function staffProductsQueries(db: Kysely<Database>, search: TextSearch) {
  const filtered = (qb: ProductsQB, companyId: number, f: ProductFilter): ProductsQB => {
    let r = qb.where('products.company_id', '=', companyId);
    if (f.text) r = r.where(search.matches(f.text, companyId));
    if (f.categoryIds) r = r.where('products.category_id', 'in', f.categoryIds.length ? f.categoryIds : [-1]);
    if (f.flag) r = r.where(`products.${f.flag}`, '=', 1);
    // Taken off means hidden from the website (is_website_hide), which the buyers' lists read.
    if (f.state === 'taken_off') r = r.where('products.is_website_hide', '=', 1);
    if (f.state === 'on_show') r = r.where('products.is_website_hide', '=', 0);
    if (f.missingColumn) r = r.where(`products.${f.missingColumn}`, '=', '');
    return r;
  };

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const ordered = <T extends SelectQueryBuilder<Database, 'products', any>>(
    qb: T,
    sort: StaffProductSort,
  ): T => {
    switch (sort) {
      case 'newest':
        return qb.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc') as T;
      case 'oldest':
        return qb.orderBy('products.created_at', 'asc').orderBy('products.id', 'asc') as T;
      case 'number':
        return qb.orderBy('products.toy_number', 'asc').orderBy('products.id', 'asc') as T;
      case 'price_asc':
        return qb.orderBy('products.exworks_price', 'asc').orderBy('products.id', 'asc') as T;
      case 'price_desc':
        return qb.orderBy('products.exworks_price', 'desc').orderBy('products.id', 'desc') as T;
      default:
        return qb.orderBy('products.updated_at', 'desc').orderBy('products.id', 'desc') as T;
    }
  };

  const pictures = (companyId: number, productIds: number[]) =>
    productIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('product_pictures as pp')
          .innerJoin('files as f', 'f.id', 'pp.file_id')
          .select(['pp.id', 'pp.product_id', 'pp.file_id', 'pp.sort', 'f.storage_key', 'f.width', 'f.height'])
          .where('pp.company_id', '=', companyId)
          .where('pp.product_id', 'in', productIds)
          .orderBy('pp.product_id')
          .orderBy('pp.sort')
          .orderBy('pp.id')
          .execute();

  return {
    audit: (entry: AuditEntry) => writeAudit(db, entry),

    async list(companyId: number, f: ProductFilter, limit: number, offset: number) {
      const rows = await ordered(
        filtered(db.selectFrom('products'), companyId, f).select([
          'products.id',
          'products.toy_number',
          'products.article_number',
          'products.factory_number',
          'products.category_id',
          'products.exworks_price',
          'products.is_new',
          'products.is_recommend',
          'products.is_spot',
          'products.is_gcc',
          'products.is_cash_sale',
          'products.is_3d',
          'products.is_hot',
          'products.is_website_hide',
          'products.removed_time',
          'products.updated_at',
          ...NAME_COLUMNS.map((c) => `products.${c}` as const),
        ]),
        f.sort,
      )
        .limit(limit)
        .offset(offset)
        .execute();
      const { n } = await filtered(db.selectFrom('products'), companyId, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(n) };
    },

    pictures,

    async find(companyId: number, id: number): Promise<ProductRow | undefined> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async categories(companyId: number) {
      return db
        .selectFrom('categories')
        .select(['id', 'parent_id', ...NAME_COLUMNS])
        .where('company_id', '=', companyId)
        .orderBy('parent_id')
        .orderBy('sort', 'desc')
        .orderBy('id')
        .execute();
    },

    async factories(companyId: number) {
      return db
        .selectFrom('factories')
        .select(['id', 'name', 'name_en'])
        .where('company_id', '=', companyId)
        .orderBy('name')
        .execute();
    },

    /** The category and its subcategories (categories have two levels). */
    async categoryWithChildren(companyId: number, id: number): Promise<number[]> {
      const rows = await db
        .selectFrom('categories')
        .select('id')
        .where('company_id', '=', companyId)
        .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
        .execute();
      return rows.map((r) => r.id);
    },

    async categoryIsCompanys(companyId: number, id: number): Promise<boolean> {
      return !!(await db
        .selectFrom('categories')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst());
    },

    async factoryIsCompanys(companyId: number, id: number): Promise<boolean> {
      return !!(await db
        .selectFrom('factories')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst());
    },

    async create(companyId: number, values: ProductValues, now: number): Promise<number> {
      const { id } = await db
        .insertInto('products')
        .values({ ...values, company_id: companyId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Saves when the product is still as it was read; false when someone saved since. */
    async update(
      companyId: number,
      id: number,
      readAt: number,
      values: Updateable<ProductsTable>,
    ): Promise<boolean> {
      const r = await db
        .updateTable('products')
        .set(values)
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('updated_at', '=', readAt)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The selection's products of the company, as they are before a bulk change. */
    async selection(companyId: number, ids: number[]) {
      return await db
        .selectFrom('products')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
    },

    async updateMany(companyId: number, ids: number[], values: Updateable<ProductsTable>): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('products')
        .set(values)
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
    },

    async deleteMany(companyId: number, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      // Lines of carts, sample lists and orders keep their own copies, or lose the product as
      // their foreign keys say; pictures, features and ranking entries cascade.
      const areas = await db
        .selectFrom('product_hot_areas')
        .select('area_id')
        .distinct()
        .where('company_id', '=', companyId)
        .where('product_id', 'in', ids)
        .execute();
      await db.deleteFrom('products').where('company_id', '=', companyId).where('id', 'in', ids).execute();
      // The rankings they left close up, so staff read 1, 2, 3… (decision 0073).
      await closeRankGaps(
        db,
        companyId,
        areas.map((a) => Number(a.area_id)),
      );
    },

    /** A file of the company stored once by its content; the existing one when it is already there. */
    async fileBySha(companyId: number, sha: string) {
      return db
        .selectFrom('files')
        .select(['id', 'storage_key'])
        .where('company_id', '=', companyId)
        .where('sha256', '=', sha)
        .executeTakeFirst();
    },

    fileKey: async (companyId: number, fileId: number) =>
      (
        await db
          .selectFrom('files')
          .select('storage_key')
          .where('company_id', '=', companyId)
          .where('id', '=', fileId)
          .executeTakeFirst()
      )?.storage_key,

    async insertFile(f: Insertable<Database['files']>): Promise<number> {
      const { id } = await db.insertInto('files').values(f).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    /** Replaces the product's pictures: kept ones re-sorted, the rest removed, new ones added. */
    async replacePictures(
      companyId: number,
      productId: number,
      list: ({ pictureId: number } | { fileId: number })[],
      now: number,
    ): Promise<void> {
      const kept = list.flatMap((p) => ('pictureId' in p ? [p.pictureId] : []));
      let del = db
        .deleteFrom('product_pictures')
        .where('company_id', '=', companyId)
        .where('product_id', '=', productId);
      if (kept.length) del = del.where('id', 'not in', kept);
      await del.execute();
      for (const [sort, p] of list.entries()) {
        if ('pictureId' in p) {
          await db
            .updateTable('product_pictures')
            .set({ sort })
            .where('company_id', '=', companyId)
            .where('id', '=', p.pictureId)
            .execute();
        } else {
          await db
            .insertInto('product_pictures')
            .values({
              company_id: companyId,
              product_id: productId,
              file_id: p.fileId,
              sort,
              created_at: now,
            })
            .execute();
        }
      }
    },

    async touch(companyId: number, id: number, now: number): Promise<void> {
      await db
        .updateTable('products')
        .set({ updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },
  };
}

export type StaffProductsRepository = ReturnType<typeof createStaffProductsRepository>;

import type { LangSuffix, ProductFlagFilter, ProductSort } from '@vitrine/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { compiledQuery, openNumbers } from '../../db/compiled-query';
import { rankKey } from '../../db/hot-rank';
import type { Database } from '../../db/database';
import {
  createTextSearch,
  type Keyword,
  type TextFilter,
  type TextSearch,
  type TextSearchLimits,
  type TextTotals,
  textTemplate,
} from './text-search';

export const FLAG_COLUMNS: Record<
  ProductFlagFilter,
  'is_new' | 'is_recommend' | 'is_spot' | 'is_gcc' | 'is_cash_sale' | 'is_3d' | 'is_hot'
> = {
  new: 'is_new',
  recommend: 'is_recommend',
  spot: 'is_spot',
  gcc: 'is_gcc',
  cash_sale: 'is_cash_sale',
  '3d': 'is_3d',
  hot: 'is_hot',
};

export interface ProductQuery {
  companyId: number;
  suffix: LangSuffix;
  categoryIds?: number[] | undefined;
  flag?: ProductFlagFilter | undefined;
  createdSince?: number | undefined;
  /** Only the hot products of this buyer region. */
  areaId?: number | undefined;
  /** Only the products shown in this booth. */
  boothId?: number | undefined;
  /** Only these products. */
  ids?: number[] | undefined;
  /** With ids: only those still on the showroom (image search's answers, unlike a cart's lines). */
  shownOnly?: boolean | undefined;
  /** Leave this product out (related products of a product page). */
  excludeId?: number | undefined;
  /** Closest in price to this first (similar products). */
  nearPrice?: number | undefined;
  /** Only the products matching a keyword (see text-search.ts). */
  text?: TextFilter | undefined;
  sort: ProductSort;
  limit: number;
  offset: number;
}

type ProductsQB = SelectQueryBuilder<Database, 'products', object>;

function filtered(qb: ProductsQB, q: ProductQuery, search: TextSearch): ProductsQB {
  let r = qb.where('products.company_id', '=', q.companyId);
  // Products staff took off the showroom (decision 0050) are left out of every list; asked for
  // by id (a cart's or a sample list's lines) they still answer, marked expired. A literal, not
  // a parameter: the compiled query's shape does not change with it.
  if (!q.ids || q.shownOnly) r = r.where(sql<boolean>`products.is_website_hide = 0`);
  if (q.text) r = r.where(search.matches(q.text, q.companyId));
  if (q.categoryIds) r = r.where('products.category_id', 'in', q.categoryIds.length ? q.categoryIds : [-1]);
  if (q.flag) r = r.where(`products.${FLAG_COLUMNS[q.flag]}`, '=', 1);
  if (q.createdSince !== undefined) r = r.where('products.created_at', '>=', q.createdSince);
  if (q.areaId !== undefined) {
    const areaId = q.areaId;
    r = r.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_hot_areas as ha')
          .select('ha.id')
          .whereRef('ha.product_id', '=', 'products.id')
          .where('ha.area_id', '=', areaId),
      ),
    );
  }
  if (q.ids) r = r.where('products.id', 'in', q.ids.length ? q.ids : [-1]);
  if (q.excludeId !== undefined) r = r.where('products.id', '<>', q.excludeId);
  if (q.boothId !== undefined) {
    const boothId = q.boothId;
    r = r.where((eb) =>
      eb.exists(
        eb
          .selectFrom('booth_products as bp')
          .select('bp.id')
          .whereRef('bp.product_id', '=', 'products.id')
          .where('bp.booth_id', '=', boothId),
      ),
    );
  }
  return r;
}

/** The template of a product query: its numbers and the keyword's values become parameters. */
const productTemplate = (q: ProductQuery): ProductQuery => {
  const t = openNumbers(q);
  return q.text ? { ...t, text: textTemplate(q.text, (input: ProductQuery) => input.text) } : t;
};

export function createCatalogRepository(db: Kysely<Database>, limits?: TextSearchLimits) {
  const search = createTextSearch(db, limits);
  const ordered = <T extends ProductsQB>(qb: T, q: ProductQuery): T => {
    const { sort, nearPrice, text } = q;
    if (text?.rankExact) {
      qb = qb.orderBy(sql`(products.id IN (${search.exactIds(text, q.companyId)}))`, 'desc') as T;
    }
    if (nearPrice !== undefined) {
      return qb.orderBy(sql`abs(products.exworks_price - ${nearPrice})`).orderBy('products.id') as T;
    }
    // A region's hot list is the exporter's ranking: rank 1 first, the unranked and the ties in
    // the list's own order after. A buyer's chosen price or date order is theirs (decision 0065).
    if (q.areaId !== undefined && (sort === 'default' || sort === 'popularity')) {
      qb = qb.orderBy(
        sql`(SELECT ${rankKey('ha.rank')} FROM product_hot_areas ha WHERE ha.product_id = products.id AND ha.area_id = ${q.areaId})`,
      ) as T;
    }
    switch (sort) {
      case 'entry_time':
        return qb.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc') as T;
      case 'price_desc':
        return qb.orderBy('products.exworks_price', 'desc').orderBy('products.id', 'desc') as T;
      case 'price_asc':
        return qb.orderBy('products.exworks_price', 'asc').orderBy('products.id', 'asc') as T;
      case 'update_time':
        return qb.orderBy('products.updated_at', 'desc').orderBy('products.id', 'desc') as T;
      case 'popularity':
        return qb
          .orderBy('products.click_count', 'desc')
          .orderBy('products.select_count', 'desc')
          .orderBy('products.id', 'desc') as T;
      default:
        // "Comprehensive": the exporter's own order first, then the newest.
        return qb.orderBy('products.sort', 'desc').orderBy('products.id', 'desc') as T;
    }
  };

  // The list queries run on every catalogue page: compiled once per shape (order, filters present,
  // language), then run with each call's numbers.
  const pageQuery = compiledQuery(db, productTemplate, (q) => {
    const base = db.selectFrom('products');
    // Deferred join: the page's ids come from an index (cheap even deep into the list), then
    // only those rows are read in full.
    const pageIds = ordered(filtered(base, q, search).select('products.id'), q)
      .limit(q.limit)
      .offset(q.offset);
    return ordered(
      base
        .where('products.id', 'in', pageIds)
        .select([
          'products.id',
          'products.toy_number',
          'products.article_number',
          'products.name',
          'products.name_en',
          sql.ref<string>(`products.name${q.suffix}`).as('name_l'),
          'products.packing',
          'products.packing_en',
          sql.ref<string>(`products.packing${q.suffix}`).as('packing_l'),
          'products.exworks_price',
          'products.carton_length',
          'products.carton_width',
          'products.carton_height',
          'products.carton_quantity',
          'products.gross_weight',
          'products.net_weight',
          'products.purchase_number',
          'products.min_order_quantity',
          'products.price_breaks',
          'products.lead_time_days',
          'products.hs_code',
          'products.category_id',
          'products.factory_id',
          'products.is_new',
          'products.is_recommend',
          'products.is_spot',
          'products.is_gcc',
          'products.is_cash_sale',
          'products.is_3d',
          'products.is_hot',
          'products.is_expire',
          'products.removed_time',
          'products.stop_time',
          'products.is_set_hide',
          'products.is_website_hide',
          'products.created_at',
          'products.updated_at',
          (eb) =>
            eb
              .selectFrom('product_pictures as pp')
              .innerJoin('files as f', 'f.id', 'pp.file_id')
              .select('f.storage_key')
              .whereRef('pp.product_id', '=', 'products.id')
              .orderBy('pp.sort')
              .orderBy('pp.id')
              .limit(1)
              .as('picture_key'),
        ]),
      q,
    );
  });
  const countQuery = compiledQuery(db, productTemplate, (q) =>
    filtered(db.selectFrom('products'), q, search).select((eb) => eb.fn.countAll<number>().as('total')),
  );
  /** A keyword's totals: from the search index alone when nothing else filters, else per product. */
  const textCountQuery = compiledQuery(db, productTemplate, (q) => {
    const text = q.text as TextFilter;
    const onlyKeyword =
      q.categoryIds === undefined &&
      q.flag === undefined &&
      q.createdSince === undefined &&
      q.areaId === undefined &&
      q.boothId === undefined &&
      q.ids === undefined &&
      q.excludeId === undefined;
    const inIndex = onlyKeyword ? search.indexTotals(text, q.companyId) : undefined;
    if (inIndex) return { compile: () => inIndex.compile(db) };
    const exact = text.exact
      ? sql<number>`sum(CASE WHEN products.id IN (${search.exactIds(text, q.companyId)}) THEN 1 ELSE 0 END)`
      : sql<number>`0`;
    return filtered(db.selectFrom('products'), q, search).select((eb) => [
      eb.fn.countAll<number>().as('total'),
      exact.as('exact'),
    ]);
  });
  const categoryQuery = compiledQuery(
    db,
    openNumbers<{ companyId: number; categoryId: number }>,
    ({ companyId, categoryId }) =>
      db
        .selectFrom('categories')
        .select('id')
        .where('company_id', '=', companyId)
        .where('status', '=', 1)
        .where((eb) => eb.or([eb('id', '=', categoryId), eb('parent_id', '=', categoryId)])),
  );

  return {
    /** One page of products with their main picture. */
    listProducts: (q: ProductQuery) => pageQuery.execute(q),

    /** How many products match the filters of a list. */
    async countProducts(q: ProductQuery): Promise<number> {
      const { total } = await countQuery.executeTakeFirstOrThrow(q);
      return Number(total);
    },

    /** The filter of a keyword for this company; undefined when it is too short and too common. */
    prepareText: (keyword: Keyword, companyId: number) => search.prepare(keyword, companyId),

    /** How many products match a keyword query, and how many of them match a number exactly. */
    async countText(q: ProductQuery): Promise<TextTotals> {
      const r = await textCountQuery.executeTakeFirstOrThrow(q);
      return { total: Number(r.total), exact: Number(r.exact ?? 0) };
    },

    /** The keyword filter set for reading a page, once its totals are known. */
    settleText: (text: TextFilter, totals: TextTotals) => search.settle(text, totals),

    /** Every column of one product of the company, with its names in the language. */
    product: (companyId: number, id: number, suffix: LangSuffix) =>
      db
        .selectFrom('products')
        .selectAll()
        .select([
          sql.ref<string>(`name${suffix}`).as('name_l'),
          sql.ref<string>(`packing${suffix}`).as('packing_l'),
          (eb) =>
            eb
              .selectFrom('product_pictures as pp')
              .innerJoin('files as f', 'f.id', 'pp.file_id')
              .select('f.storage_key')
              .whereRef('pp.product_id', '=', 'products.id')
              .orderBy('pp.sort')
              .orderBy('pp.id')
              .limit(1)
              .as('picture_key'),
        ])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    pictures: (companyId: number, productId: number) =>
      db
        .selectFrom('product_pictures as pp')
        .innerJoin('files as f', 'f.id', 'pp.file_id')
        .select(['f.storage_key', 'f.width', 'f.height'])
        .where('pp.company_id', '=', companyId)
        .where('pp.product_id', '=', productId)
        .orderBy('pp.sort')
        .orderBy('pp.id')
        .execute(),

    factory: (companyId: number, id: number) =>
      db
        .selectFrom('factories')
        .select(['id', 'name', 'name_en'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    hotAreas: (companyId: number, suffix: LangSuffix) =>
      db
        .selectFrom('hot_areas')
        .select(['id', 'area_name', 'area_name_en', sql.ref<string>(`area_name${suffix}`).as('name_l')])
        .where('company_id', '=', companyId)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    /** Catalogue figures: products, categories, and products per flag. */
    async figures(companyId: number) {
      const p = await db
        .selectFrom('products')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>('is_new').as('new'),
          eb.fn.sum<number>('is_recommend').as('recommend'),
          eb.fn.sum<number>('is_spot').as('spot'),
          eb.fn.sum<number>('is_gcc').as('gcc'),
          eb.fn.sum<number>('is_cash_sale').as('cash_sale'),
          eb.fn.sum<number>('is_3d').as('3d'),
          eb.fn.sum<number>('is_hot').as('hot'),
        ])
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      const c = await db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      return { ...p, categories: c.n };
    },

    showrooms: (companyId: number) =>
      db
        .selectFrom('showrooms as s')
        .select([
          's.id',
          's.name',
          's.name_en',
          's.address',
          's.address_en',
          's.picture',
          's.description',
          (eb) =>
            eb
              .selectFrom('booths as b')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('b.showroom_id', '=', 's.id')
              .as('booth_count'),
        ])
        .where('s.company_id', '=', companyId)
        .orderBy('s.sort')
        .orderBy('s.id')
        .execute(),

    /** The company's booths in showroom order, with a picture (its own, else its first product's). */
    booths: (companyId: number, showroomId?: number) => {
      let q = db
        .selectFrom('booths as b')
        .innerJoin('showrooms as s', 's.id', 'b.showroom_id')
        .select([
          'b.id',
          'b.showroom_id',
          'b.booth_number',
          'b.name',
          'b.name_en',
          'b.picture',
          's.name as showroom_name',
          's.name_en as showroom_name_en',
          (eb) =>
            eb
              .selectFrom('booth_products as bp')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('bp.booth_id', '=', 'b.id')
              .as('product_count'),
          (eb) =>
            eb
              .selectFrom('booth_products as bp')
              .innerJoin('product_pictures as pp', 'pp.product_id', 'bp.product_id')
              .innerJoin('files as f', 'f.id', 'pp.file_id')
              .select('f.storage_key')
              .whereRef('bp.booth_id', '=', 'b.id')
              .orderBy('bp.sort')
              .orderBy('pp.sort')
              .limit(1)
              .as('first_picture'),
        ])
        .where('b.company_id', '=', companyId);
      if (showroomId !== undefined) q = q.where('b.showroom_id', '=', showroomId);
      return q.orderBy('s.sort').orderBy('s.id').orderBy('b.sort').orderBy('b.id').execute();
    },

    /** A position's banners that are on and within their dates now (migration 0019). */
    adverts: (companyId: number, websiteId: number, position: string, now: number) =>
      db
        .selectFrom('adverts')
        .select(['id', 'title', 'titles', 'picture', 'link'])
        .where('company_id', '=', companyId)
        .where('position', '=', position)
        .where('status', '=', 1)
        .where((eb) => eb.or([eb('website_id', 'is', null), eb('website_id', '=', websiteId)]))
        .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    /** Ids of a category and its children, within the company; empty when it is not the company's. */
    async categoryWithChildren(companyId: number, categoryId: number): Promise<number[]> {
      const rows = await categoryQuery.execute({ companyId, categoryId });
      return rows.map((r) => r.id);
    },

    categories: (companyId: number, suffix: LangSuffix) =>
      db
        .selectFrom('categories')
        .select([
          'id',
          'parent_id',
          'name',
          'name_en',
          sql.ref<string>(`name${suffix}`).as('name_l'),
          'picture',
        ])
        .where('company_id', '=', companyId)
        .where('status', '=', 1)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
export type ProductRow = Awaited<ReturnType<CatalogRepository['listProducts']>>[number];

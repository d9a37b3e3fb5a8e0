import { type Insertable, type Kysely, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/audit';
import { closeRankGaps, rankKey } from '../../db/hot-rank';
import type { Database } from '../../db/database';
import { transactional } from '../../db/transactional';

/** The tables the console's content calls keep, each scoped by company_id (and with updated_at). */
export type ContentTable =
  'categories' | 'adverts' | 'news' | 'showrooms' | 'booths' | 'certificates' | 'hot_areas' | 'factories';
/** The tables whose rows staff put in order (a sort column). */
export type OrderedTable = 'categories' | 'adverts' | 'showrooms' | 'booths' | 'certificates' | 'hot_areas';

const like = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const createContentRepository = (db: Kysely<Database>) => transactional(db, contentQueries);

function contentQueries(db: Kysely<Database>) {
  /** Sets sort to each id's position; only the company's rows of the table change. */
  async function reorder(table: OrderedTable, companyId: number, ids: number[], now: number) {
    for (const [sort, id] of ids.entries())
      await db
        .updateTable(table as 'categories')
        .set({ sort, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
  }

  /** The next sort after the last of a level (new rows go last). */
  async function nextSort(
    table: OrderedTable,
    companyId: number,
    where?: { column: 'parent_id' | 'showroom_id'; value: number | null } | { column: 'kind'; value: string },
  ): Promise<number> {
    let q = db
      .selectFrom(table)
      .select((eb) => eb.fn.max<number | null>('sort').as('m'))
      .where('company_id', '=', companyId);
    if (where?.column === 'parent_id')
      q = where.value === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', where.value);
    if (where?.column === 'showroom_id' && where.value !== null) q = q.where('showroom_id', '=', where.value);
    if (where?.column === 'kind') q = q.where('kind', '=', where.value as 'certificate');
    const { m } = await q.executeTakeFirstOrThrow();
    return m === null || m === undefined ? 0 : Number(m) + 1;
  }

  /** An optimistic update: only when updated_at is still the one read (a colleague's save in between misses). */
  async function updateIfUnchanged<T extends ContentTable>(
    table: T,
    companyId: number,
    id: number,
    readAt: number,
    values: Updateable<Database[T]>,
  ): Promise<boolean> {
    // One query for the five tables: each has company_id, id and updated_at.
    const r = await db
      .updateTable(table as 'news')
      .set(values as Updateable<Database['news']>)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('updated_at', '=', readAt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The company's factories with how many products and inspections name each. */
  const factories = (companyId: number) =>
    db
      .selectFrom('factories')
      .selectAll('factories')
      .select((eb) => [
        eb
          .selectFrom('products as p')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('p.factory_id', '=', 'factories.id')
          .as('product_count'),
        eb
          .selectFrom('certificates as c')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('c.factory_id', '=', 'factories.id')
          .as('inspection_count'),
      ])
      .where('factories.company_id', '=', companyId);

  return {
    audit: (entry: AuditEntry) => writeAudit(db, entry),
    reorder,
    nextSort,
    updateIfUnchanged,

    async insert<T extends ContentTable>(table: T, values: Insertable<Database[T]>): Promise<number> {
      const { id } = await db
        .insertInto(table)
        .values(values as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async remove(table: ContentTable | 'product_hot_areas', companyId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom(table)
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** Which of the ids are the company's rows of the table (with what orders them among siblings). */
    owned: (table: OrderedTable, companyId: number, ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom(table)
            .select(['id'])
            .where('company_id', '=', companyId)
            .where('id', 'in', ids)
            .execute(),

    /* ---------- categories ---------- */

    categories: (companyId: number) =>
      db
        .selectFrom('categories as c')
        .selectAll('c')
        .select((eb) =>
          eb
            .selectFrom('products as p')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('p.category_id', '=', 'c.id')
            .as('product_count'),
        )
        .where('c.company_id', '=', companyId)
        .orderBy('c.sort')
        .orderBy('c.id')
        .execute(),

    category: (companyId: number, id: number) =>
      db
        .selectFrom('categories')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async childCount(companyId: number, id: number): Promise<number> {
      const { n } = await db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .where('parent_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** The parent of each id (null: top level), for checking an order names one level. */
    categoryParents: (companyId: number, ids: number[]) =>
      db
        .selectFrom('categories')
        .select(['id', 'parent_id'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute(),

    /* ---------- banners ---------- */

    banners: (companyId: number) =>
      db
        .selectFrom('adverts')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('position')
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    banner: (companyId: number, id: number) =>
      db
        .selectFrom('adverts')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    productIsCompanys: async (companyId: number, id: number) =>
      !!(await db
        .selectFrom('products')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst()),

    /* ---------- news ---------- */

    async newsPage(
      companyId: number,
      f: { category?: number | undefined; lang?: string | undefined },
      limit: number,
      offset: number,
    ) {
      let q = db.selectFrom('news').where('company_id', '=', companyId);
      if (f.category !== undefined) q = q.where('category', '=', f.category);
      if (f.lang !== undefined) q = q.where('lang', '=', f.lang);
      const rows = await q
        .selectAll()
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return { rows, total: Number(n) };
    },

    news: (companyId: number, id: number) =>
      db
        .selectFrom('news')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /* ---------- showrooms and booths ---------- */

    showrooms: (companyId: number) =>
      db
        .selectFrom('showrooms')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    showroom: (companyId: number, id: number) =>
      db
        .selectFrom('showrooms')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    booths: (companyId: number, showroomId?: number) => {
      let q = db
        .selectFrom('booths as b')
        .selectAll('b')
        .select((eb) =>
          eb
            .selectFrom('booth_products as bp')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('bp.booth_id', '=', 'b.id')
            .as('product_count'),
        )
        .where('b.company_id', '=', companyId);
      if (showroomId !== undefined) q = q.where('b.showroom_id', '=', showroomId);
      return q.orderBy('b.sort').orderBy('b.id').execute();
    },

    booth: (companyId: number, id: number) =>
      db
        .selectFrom('booths')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** A booth's products in order, with their first picture. */
    boothProducts: (companyId: number, boothId: number) =>
      db
        .selectFrom('booth_products as bp')
        .innerJoin('products as p', 'p.id', 'bp.product_id')
        .select([
          'p.id',
          'p.name',
          'p.name_en',
          'p.toy_number',
          'p.is_website_hide',
          (eb) =>
            eb
              .selectFrom('product_pictures as pp')
              .innerJoin('files as f', 'f.id', 'pp.file_id')
              .select('f.storage_key')
              .whereRef('pp.product_id', '=', 'p.id')
              .orderBy('pp.sort')
              .orderBy('pp.id')
              .limit(1)
              .as('storage_key'),
        ])
        .where('bp.company_id', '=', companyId)
        .where('bp.booth_id', '=', boothId)
        .orderBy('bp.sort')
        .orderBy('bp.id')
        .execute(),

    /* ---------- certificates and factory inspections ---------- */

    certificates: (companyId: number, kind?: string, id?: number) => {
      let q = db
        .selectFrom('certificates as c')
        .leftJoin('factories as f', (j) =>
          j.onRef('f.id', '=', 'c.factory_id').onRef('f.company_id', '=', 'c.company_id'),
        )
        .selectAll('c')
        .select(['f.name as factory_name', 'f.name_en as factory_name_en'])
        .where('c.company_id', '=', companyId);
      if (kind !== undefined) q = q.where('c.kind', '=', kind as 'certificate');
      if (id !== undefined) q = q.where('c.id', '=', id);
      return q.orderBy('c.sort').orderBy('c.id').execute();
    },

    certificateKinds: (companyId: number, ids: number[]) =>
      db
        .selectFrom('certificates')
        .select(['id', 'kind'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute(),

    factoryIsCompanys: async (companyId: number, id: number) =>
      !!(await db
        .selectFrom('factories')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst()),

    /* ---------- about us ---------- */

    aboutTexts: (companyId: number) =>
      db
        .selectFrom('company_texts')
        .select(['lang', 'body', 'updated_at'])
        .where('company_id', '=', companyId)
        .where('kind', '=', 'about')
        .execute(),

    /** The company's website's about-us switch (0 when it has no website). */
    aboutShown: async (companyId: number) =>
      Number(
        (
          await db
            .selectFrom('websites')
            .select('show_about_us')
            .where('company_id', '=', companyId)
            .orderBy('id')
            .executeTakeFirst()
        )?.show_about_us ?? 0,
      ),

    /** Replaces the company's about-us texts with one row per language given (empty ones kept). */
    async replaceAboutTexts(companyId: number, texts: { lang: string; body: string }[], now: number) {
      await db
        .deleteFrom('company_texts')
        .where('company_id', '=', companyId)
        .where('kind', '=', 'about')
        .execute();
      if (texts.length)
        await db
          .insertInto('company_texts')
          .values(
            texts.map((x) => ({
              ...x,
              kind: 'about',
              title: '',
              company_id: companyId,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
    },

    /** Which of the ids are the company's products. */
    companyProducts: (companyId: number, ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('products')
            .select('id')
            .where('company_id', '=', companyId)
            .where('id', 'in', ids)
            .execute(),

    /** Replaces a booth's products with the list, in its order. */
    async setBoothProducts(companyId: number, boothId: number, productIds: number[]) {
      await db
        .deleteFrom('booth_products')
        .where('company_id', '=', companyId)
        .where('booth_id', '=', boothId)
        .execute();
      if (productIds.length)
        await db
          .insertInto('booth_products')
          .values(
            productIds.map((product_id, sort) => ({
              company_id: companyId,
              booth_id: boothId,
              product_id,
              sort,
            })),
          )
          .execute();
    },

    /* ---------- hot areas and their rankings ---------- */

    hotAreas: (companyId: number) =>
      db
        .selectFrom('hot_areas as a')
        .selectAll('a')
        .select((eb) =>
          eb
            .selectFrom('product_hot_areas as ha')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('ha.area_id', '=', 'a.id')
            .as('product_count'),
        )
        .where('a.company_id', '=', companyId)
        .orderBy('a.sort')
        .orderBy('a.id')
        .execute(),

    hotArea: (companyId: number, id: number) =>
      db
        .selectFrom('hot_areas')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * A region's ranking as buyers' get_hot lists it: by rank, the unranked and the ties in
     * get_hot's own order (most looked at first), with each product's first picture.
     */
    hotRanking: (companyId: number, areaId: number) =>
      db
        .selectFrom('product_hot_areas as ha')
        .innerJoin('products as p', 'p.id', 'ha.product_id')
        .select([
          'ha.id',
          'ha.rank',
          'p.id as product_id',
          'p.name',
          'p.name_en',
          'p.toy_number',
          'p.is_website_hide',
          (eb) =>
            eb
              .selectFrom('product_pictures as pp')
              .innerJoin('files as f', 'f.id', 'pp.file_id')
              .select('f.storage_key')
              .whereRef('pp.product_id', '=', 'p.id')
              .orderBy('pp.sort')
              .orderBy('pp.id')
              .limit(1)
              .as('storage_key'),
        ])
        .where('ha.company_id', '=', companyId)
        .where('ha.area_id', '=', areaId)
        .orderBy(rankKey('ha.rank'))
        .orderBy('p.click_count', 'desc')
        .orderBy('p.select_count', 'desc')
        .orderBy('p.id', 'desc')
        .execute(),

    /** The company's ranking entries among the ids, with their region. */
    hotEntries: (companyId: number, ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('product_hot_areas')
            .select(['id', 'area_id', 'product_id', 'rank'])
            .where('company_id', '=', companyId)
            .where('id', 'in', ids)
            .execute(),

    /** The ids of a region's ranking entries. */
    hotEntryIds: async (companyId: number, areaId: number) =>
      (
        await db
          .selectFrom('product_hot_areas')
          .select('id')
          .where('company_id', '=', companyId)
          .where('area_id', '=', areaId)
          .execute()
      ).map((r) => Number(r.id)),

    /** Ranks the products after the region's last rank, in the order given; those already there stay. */
    async addHotProducts(companyId: number, areaId: number, productIds: number[]): Promise<number[]> {
      const present = await db
        .selectFrom('product_hot_areas')
        .select(['product_id', 'rank'])
        .where('company_id', '=', companyId)
        .where('area_id', '=', areaId)
        .execute();
      const there = new Set(present.map((r) => Number(r.product_id)));
      const added = productIds.filter((id) => !there.has(id));
      const last = present.reduce((m, r) => Math.max(m, Number(r.rank)), 0);
      if (added.length)
        await db
          .insertInto('product_hot_areas')
          .values(
            added.map((product_id, i) => ({
              company_id: companyId,
              area_id: areaId,
              product_id,
              rank: last + 1 + i,
            })),
          )
          .execute();
      return added;
    },

    /** Ranks the entries 1, 2, 3… in the order given. */
    async rankHotEntries(companyId: number, ids: number[]) {
      for (const [i, id] of ids.entries())
        await db
          .updateTable('product_hot_areas')
          .set({ rank: i + 1 })
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .execute();
    },

    /** Ranks the rest of the regions' rankings 1, 2, 3… again, in their order, after an entry left. */
    closeRankGaps: (companyId: number, areaIds: number[]) => closeRankGaps(db, companyId, areaIds),

    /* ---------- factories ---------- */

    async factoriesPage(companyId: number, search: string, limit: number, offset: number) {
      const matching = <Q extends SelectQueryBuilder<Database, 'factories', object>>(q: Q): Q =>
        search
          ? (q.where((eb) =>
              eb.or(
                (['name', 'name_en', 'contact', 'phone'] as const).map((col) =>
                  eb(
                    sql`lower(${sql.ref(`factories.${col}`)})`,
                    'like',
                    sql<string>`${like(search)} escape '\\'`,
                  ),
                ),
              ),
            ) as Q)
          : q;
      const [rows, count] = await Promise.all([
        matching(factories(companyId))
          .orderBy('factories.name')
          .orderBy('factories.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        matching(db.selectFrom('factories').where('company_id', '=', companyId))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    factory: (companyId: number, id: number) =>
      factories(companyId).where('factories.id', '=', id).executeTakeFirst(),
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;

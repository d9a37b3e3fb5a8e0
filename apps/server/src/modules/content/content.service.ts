import {
  type BannerFields,
  type BannerLink,
  type AboutTexts,
  type BoothFields,
  type CallResult,
  type CategoryFields,
  type CertificateFields,
  type ContentKind,
  ErrorCode,
  type FactoryFields,
  fail,
  type HotAreaFields,
  isEnglishMode,
  LANG_KEYS,
  type Language,
  type LangKey,
  LANGUAGES,
  type NewsFields,
  ok,
  type OrderedKind,
  type ShowroomFields,
  type StaffAbout,
  type StaffBanner,
  type StaffBooth,
  type StaffCategory,
  type StaffFactory,
  type StaffHotArea,
  type StaffHotAreaRanking,
  type StaffCertificate,
  type StaffNews,
  type StaffShowroom,
} from '@vitrine/contract';
import type { Selectable } from 'kysely';
import { staffAuditEntry } from '../../db/audit';
import type { Database } from '../../db/database';
import { storedPictures } from '../../db/stored-lists';
import type { Clock } from '../../platform/clock';
import type { StaffCaller } from '../../platform/context';
import type { Storage } from '../../platform/storage';
import type { ContentRepository, ContentTable, OrderedTable } from './content.repository';

/**
 * The rest of the showroom's content in the console (issue 18 item 3, decision 0057):
 * categories, banners, news, showrooms and booths. Every read and write is scoped to the
 * caller's company; every write is audited in its transaction; a save carries the updated_at it
 * was read with and misses (-409) when a colleague saved in between. After each write the
 * buyers' caches in front of these reads are told (`changed`), so the next buyer call is fresh.
 */
export interface ContentDeps {
  repo: ContentRepository;
  clock: Clock;
  storage: Pick<Storage, 'publicUrl'>;
  /**
   * A picture field's new value: an upload of the company's (staff_get_upload_credential,
   * purpose site) read, re-encoded and stored by its content; answers its public URL, or null
   * when it is not such an upload or not a picture.
   */
  keepPicture(url: string, companyId: number): Promise<string | null>;
  /** The company's content changed: drop what caches in front of the buyers' reads hold. */
  changed(companyId: number): void;
}

class Refused extends Error {
  constructor(readonly result: CallResult<never>) {
    super('refused');
  }
}

const NAME_COLUMNS = LANGUAGES.map((l) => `name${l.suffix}`);
const AREA_NAME_COLUMNS = LANGUAGES.map((l) => `area_name${l.suffix}`);

/** What the console's order and delete calls need to know of one kind of content. */
interface KindRules<T extends ContentTable | 'product_hot_areas'> {
  /** The table its rows live in. */
  table: T;
  /** The row a delete names, as the audit keeps it; undefined when it is not the company's. */
  row(repo: ContentRepository, companyId: number, id: number): Promise<unknown>;
  /** Deletes the company's row; false when it is not there (by default, the row of `table`). */
  remove?(r: ContentRepository, companyId: number, id: number): Promise<boolean>;
  /** Whether rows put in order are siblings (one level of categories, one showroom's booths, …). */
  siblings?(repo: ContentRepository, companyId: number, ids: number[]): Promise<boolean>;
}

/** The kinds ordered by a sort column; a region's ranking is ordered whole, by `rank`. */
type SortedKind = Exclude<OrderedKind, 'hot_product'>;
const oneOf = (values: unknown[]) => new Set(values).size === 1;

/** Every kind of content the console keeps: a new kind is added here and in the contract's lists. */
const KINDS: {
  [K in ContentKind]: KindRules<K extends SortedKind ? OrderedTable : ContentTable | 'product_hot_areas'>;
} = {
  category: {
    table: 'categories',
    row: (repo, companyId, id) => repo.category(companyId, id),
    siblings: async (repo, companyId, ids) =>
      oneOf((await repo.categoryParents(companyId, ids)).map((p) => p.parent_id ?? 0)),
  },
  banner: { table: 'adverts', row: (repo, companyId, id) => repo.banner(companyId, id) },
  news: { table: 'news', row: (repo, companyId, id) => repo.news(companyId, id) },
  showroom: { table: 'showrooms', row: (repo, companyId, id) => repo.showroom(companyId, id) },
  booth: {
    table: 'booths',
    row: (repo, companyId, id) => repo.booth(companyId, id),
    siblings: async (repo, companyId, ids) =>
      oneOf(
        (await repo.booths(companyId)).filter((b) => ids.includes(b.id)).map((b) => Number(b.showroom_id)),
      ),
  },
  hot_area: { table: 'hot_areas', row: (repo, companyId, id) => repo.hotArea(companyId, id) },
  hot_product: {
    table: 'product_hot_areas',
    row: async (repo, companyId, id) => (await repo.hotEntries(companyId, [id]))[0],
    // The rest of its region's ranking closes up, so staff read 1, 2, 3… (decision 0073).
    async remove(r, companyId, id) {
      const [entry] = await r.hotEntries(companyId, [id]);
      if (!entry || !(await r.remove('product_hot_areas', companyId, id))) return false;
      await r.closeRankGaps(companyId, [Number(entry.area_id)]);
      return true;
    },
  },
  factory: { table: 'factories', row: (repo, companyId, id) => repo.factory(companyId, id) },
  certificate: {
    table: 'certificates',
    row: async (repo, companyId, id) => (await repo.certificates(companyId, undefined, id))[0],
    siblings: async (repo, companyId, ids) =>
      oneOf((await repo.certificateKinds(companyId, ids)).map((x) => x.kind)),
  },
};

type CategoryRow = Selectable<Database['categories']> & { product_count?: unknown };
type AdvertRow = Selectable<Database['adverts']>;
type NewsRow = Selectable<Database['news']>;
type ShowroomRow = Selectable<Database['showrooms']>;
type BoothRow = Selectable<Database['booths']> & { product_count?: unknown };
type HotAreaRow = Selectable<Database['hot_areas']> & { product_count?: unknown };
type FactoryRow = Selectable<Database['factories']> & { product_count?: unknown; inspection_count?: unknown };
type CertificateRow = Selectable<Database['certificates']> & {
  factory_name: string | null;
  factory_name_en: string | null;
};

const PRODUCT_LINK = /^\/productDetails\?id=(\d+)$/;
const CATEGORY_LINK = /^\/productDisplay\?category=(\d+)$/;

/** A banner's stored link (an app path or a web address) as the console edits it. */
export function linkOf(stored: string): BannerLink {
  const link = stored.trim();
  if (!link) return { kind: 'none' };
  const product = PRODUCT_LINK.exec(link);
  if (product) return { kind: 'product', id: Number(product[1]) };
  const category = CATEGORY_LINK.exec(link);
  if (category) return { kind: 'category', id: Number(category[1]) };
  if (/^https?:\/\//i.test(link)) return { kind: 'url', url: link };
  return { kind: 'page', path: link };
}

/** The link as buyers' get_advert answers it (the buyer app opens paths in the app, addresses in a tab). */
export function storedLink(link: BannerLink): string {
  switch (link.kind) {
    case 'product':
      return `/productDetails?id=${link.id}`;
    case 'category':
      return `/productDisplay?category=${link.id}`;
    case 'page':
      return link.path;
    case 'url':
      return link.url;
    default:
      return '';
  }
}

function parseTitles(json: string): Record<string, string> {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function createContentService(deps: ContentDeps) {
  const { repo, clock } = deps;
  const entry = (c: StaffCaller, action: string, target: string, before?: unknown, after?: unknown) =>
    staffAuditEntry(c, clock.now(), action, target, before, after);
  /** A save always moves updated_at on, even within the same millisecond, so a stale save is seen. */
  const nextStamp = (readAt: number) => Math.max(clock.now(), readAt + 1);
  const notFound = (c: StaffCaller) => fail(ErrorCode.FAILED, c.t('server.notFound'));
  const stale = (c: StaffCaller) => fail(ErrorCode.CONFLICT, c.t('server.content.stale'));

  async function guarded<T>(companyId: number, work: () => Promise<CallResult<T>>): Promise<CallResult<T>> {
    try {
      const result = await work();
      if (result.ok) deps.changed(companyId);
      return result;
    } catch (e) {
      if (e instanceof Refused) return e.result;
      throw e;
    }
  }

  /** A picture field's value to store: empty, unchanged, or a new upload kept by its content. */
  async function pictureFor(url: string, previous: string, companyId: number, c: StaffCaller) {
    if (url === '' || url === previous) return url;
    const kept = await deps.keepPicture(url, companyId);
    if (!kept) throw new Refused(fail(ErrorCode.BAD_REQUEST, c.t('server.content.badPicture')));
    return kept;
  }

  /** The save of an existing row: refused without updated_at, -409 when it moved on. */
  async function update<T extends ContentTable>(
    r: ContentRepository,
    table: T,
    companyId: number,
    id: number,
    readAt: number | undefined,
    values: Record<string, unknown>,
    c: StaffCaller,
  ) {
    if (readAt === undefined)
      throw new Refused(fail(ErrorCode.BAD_REQUEST, c.t('server.content.updatedAtRequired')));
    const saved = await r.updateIfUnchanged(table, companyId, id, readAt, {
      ...values,
      updated_at: nextStamp(readAt),
    } as never);
    if (!saved) throw new Refused(stale(c));
  }

  /* ---------- shapes ---------- */

  const category = (row: CategoryRow): StaffCategory => {
    const cols = row as unknown as Record<string, unknown>;
    return {
      id: row.id,
      parent_id: row.parent_id === null ? null : Number(row.parent_id),
      names: Object.fromEntries(
        LANG_KEYS.map((k, i) => [k, String(cols[NAME_COLUMNS[i] ?? 'name'] ?? '')]),
      ) as Record<LangKey, string>,
      picture: row.picture,
      status: row.status ? 1 : 0,
      sort: Number(row.sort),
      product_count: Number(row.product_count ?? 0),
      updated_at: Number(row.updated_at),
    };
  };

  const banner = (row: AdvertRow): StaffBanner => {
    const stored = parseTitles(row.titles);
    const now = clock.now();
    const starts = row.starts_at === null ? null : Number(row.starts_at);
    const ends = row.ends_at === null ? null : Number(row.ends_at);
    return {
      id: row.id,
      position: row.position,
      titles: Object.fromEntries(
        LANG_KEYS.map((k) => [k, stored[k] ?? (k === 'en' && !stored.en ? row.title : '')]),
      ) as Record<LangKey, string>,
      picture: row.picture,
      link: linkOf(row.link),
      status: row.status ? 1 : 0,
      starts_at: starts,
      ends_at: ends,
      sort: Number(row.sort),
      shown_now: !!row.status && (starts === null || starts <= now) && (ends === null || ends > now),
      updated_at: Number(row.updated_at),
    };
  };

  const news = (row: NewsRow): StaffNews => ({
    id: row.id,
    category: Math.min(4, Math.max(1, Number(row.category))) as 1 | 2 | 3 | 4,
    lang: (LANG_KEYS as readonly string[]).includes(row.lang) ? (row.lang as LangKey) : '',
    title: row.title,
    content: row.content,
    cover: row.cover,
    published_at: Number(row.published_at),
    status: row.status ? 1 : 0,
    click_count: Number(row.click_count),
    updated_at: Number(row.updated_at),
  });

  const boothRow = (b: BoothRow) => ({
    id: b.id,
    showroom_id: Number(b.showroom_id),
    booth_number: b.booth_number,
    name: b.name,
    name_en: b.name_en,
    picture: b.picture,
    sort: Number(b.sort),
    product_count: Number(b.product_count ?? 0),
    updated_at: Number(b.updated_at),
  });

  const showroom = (s: ShowroomRow, booths: BoothRow[]): StaffShowroom => ({
    id: s.id,
    name: s.name,
    name_en: s.name_en,
    address: s.address,
    address_en: s.address_en,
    picture: s.picture,
    description: s.description,
    sort: Number(s.sort),
    booths: booths.filter((b) => Number(b.showroom_id) === s.id).map(boothRow),
    updated_at: Number(s.updated_at),
  });

  const certificate = (row: CertificateRow, lang: Language): StaffCertificate => {
    const until = row.valid_until === null ? null : Number(row.valid_until);
    const factory = isEnglishMode(lang)
      ? row.factory_name_en || row.factory_name
      : row.factory_name || row.factory_name_en;
    return {
      id: row.id,
      kind: row.kind,
      factory_id: row.factory_id === null ? null : Number(row.factory_id),
      factory_name: factory ?? '',
      name: row.name,
      name_en: row.name_en,
      issuer: row.issuer,
      number: row.number,
      pictures: storedPictures(row.pictures, row.picture),
      valid_from: row.valid_from === null ? null : Number(row.valid_from),
      valid_until: until,
      expired: until !== null && until < clock.now(),
      sort: Number(row.sort),
      updated_at: Number(row.updated_at),
    };
  };

  async function aboutOf(companyId: number): Promise<StaffAbout> {
    const [rows, shown] = await Promise.all([repo.aboutTexts(companyId), repo.aboutShown(companyId)]);
    return {
      texts: Object.fromEntries(
        LANG_KEYS.map((k) => [k, rows.find((r) => r.lang === k)?.body ?? '']),
      ) as Record<LangKey, string>,
      show_about_us: shown ? 1 : 0,
      updated_at: rows.reduce((m, r) => Math.max(m, Number(r.updated_at)), 0),
    };
  }

  const hotArea = (row: HotAreaRow): StaffHotArea => {
    const cols = row as unknown as Record<string, unknown>;
    return {
      id: row.id,
      names: Object.fromEntries(
        LANG_KEYS.map((k, i) => [k, String(cols[AREA_NAME_COLUMNS[i] ?? 'area_name'] ?? '')]),
      ) as Record<LangKey, string>,
      sort: Number(row.sort),
      product_count: Number(row.product_count ?? 0),
      updated_at: Number(row.updated_at),
    };
  };

  const factory = (row: FactoryRow): StaffFactory => ({
    id: row.id,
    name: row.name,
    name_en: row.name_en,
    contact: row.contact,
    phone: row.phone,
    address: row.address,
    address_en: row.address_en,
    inspection_level: row.inspection_level,
    product_count: Number(row.product_count ?? 0),
    inspection_count: Number(row.inspection_count ?? 0),
    updated_at: Number(row.updated_at),
  });

  /** A region with its ranking as buyers see it, named in the console's language. */
  async function rankingOf(
    companyId: number,
    id: number,
    lang: Language,
  ): Promise<StaffHotAreaRanking | null> {
    const area = (await repo.hotAreas(companyId)).find((a) => a.id === id);
    if (!area) return null;
    const entries = await repo.hotRanking(companyId, id);
    return {
      ...hotArea(area),
      products: entries.map((p) => ({
        id: Number(p.id),
        product_id: Number(p.product_id),
        name: isEnglishMode(lang) ? p.name_en || p.name : p.name || p.name_en,
        toy_number: p.toy_number,
        picture: p.storage_key ? deps.storage.publicUrl(p.storage_key) : '',
        taken_off: !!p.is_website_hide,
        rank: Number(p.rank),
      })),
    };
  }

  /** A booth with its products, named in the console's language (Chinese, else English). */
  async function boothOf(companyId: number, id: number, lang: Language): Promise<StaffBooth | null> {
    const b = (await repo.booths(companyId)).find((x) => x.id === id);
    if (!b) return null;
    const products = await repo.boothProducts(companyId, id);
    return {
      ...boothRow(b),
      products: products.map((p) => ({
        id: p.id,
        name: isEnglishMode(lang) ? p.name_en || p.name : p.name || p.name_en,
        toy_number: p.toy_number,
        picture: p.storage_key ? deps.storage.publicUrl(p.storage_key) : '',
        taken_off: !!p.is_website_hide,
      })),
    };
  }

  /**
   * A region's whole ranking in its new order, ranked 1, 2, 3…: a part of it would leave the rest
   * with ranks that tie with the new ones.
   */
  async function rank(ids: number[], c: StaffCaller): Promise<CallResult<{ ordered: number }>> {
    const companyId = c.staff.companyId;
    const entries = await repo.hotEntries(companyId, ids);
    if (entries.length !== ids.length) return notFound(c);
    const areas = new Set(entries.map((e) => Number(e.area_id)));
    const areaId = [...areas][0];
    if (areas.size !== 1 || areaId === undefined)
      return fail(ErrorCode.BAD_REQUEST, c.t('server.content.badOrder'));
    if ((await repo.hotEntryIds(companyId, areaId)).length !== ids.length)
      return fail(ErrorCode.BAD_REQUEST, c.t('server.content.wholeRanking'));
    await repo.transaction(async (r) => {
      await r.rankHotEntries(companyId, ids);
      await r.audit(entry(c, 'staff_order_content', `hot_area:${areaId}:ranking`, null, { ids }));
    });
    return ok({ ordered: ids.length }, c.t('server.content.ordered'));
  }

  /* ---------- calls ---------- */

  return {
    async listCategories(c: StaffCaller) {
      const rows = (await repo.categories(c.staff.companyId)).map(category);
      // Each top level followed by its children: the console shows the tree as one list.
      const tops = rows.filter((r) => r.parent_id === null);
      const list = tops.flatMap((t) => [t, ...rows.filter((r) => r.parent_id === t.id)]);
      return ok({ list });
    },

    async saveCategory(
      input: { id?: number | undefined; updated_at?: number | undefined; category: CategoryFields },
      c: StaffCaller,
    ): Promise<CallResult<StaffCategory>> {
      const companyId = c.staff.companyId;
      const k = input.category;
      return guarded(companyId, async () => {
        const before = input.id === undefined ? undefined : await repo.category(companyId, input.id);
        if (input.id !== undefined && !before) return notFound(c);
        if (k.parent_id !== null) {
          // Two levels: the parent is a top-level category of the company, not the category itself,
          // and a category with subcategories stays at the top.
          const parent = await repo.category(companyId, k.parent_id);
          if (!parent || parent.parent_id !== null || parent.id === input.id)
            return fail(ErrorCode.BAD_REQUEST, c.t('server.content.badParent'));
          if (input.id !== undefined && (await repo.childCount(companyId, input.id)) > 0)
            return fail(ErrorCode.BAD_REQUEST, c.t('server.content.hasChildren'));
        }
        const picture = await pictureFor(k.picture, before?.picture ?? '', companyId, c);
        const values: Record<string, unknown> = { parent_id: k.parent_id, picture, status: k.status };
        LANG_KEYS.forEach((key, i) => (values[NAME_COLUMNS[i] ?? 'name'] = k.names[key]));
        const id = await repo.transaction(async (r) => {
          const now = clock.now();
          let rowId = input.id;
          if (rowId === undefined || !before) {
            // A category moved to another level goes last there, as a new one does.
            const sort = await r.nextSort('categories', companyId, {
              column: 'parent_id',
              value: k.parent_id,
            });
            rowId = await r.insert('categories', {
              ...(values as object),
              name: k.names.zh,
              company_id: companyId,
              sort,
              created_at: now,
              updated_at: now,
            } as never);
          } else {
            if (before.parent_id !== k.parent_id)
              values.sort = await r.nextSort('categories', companyId, {
                column: 'parent_id',
                value: k.parent_id,
              });
            await update(r, 'categories', companyId, rowId, input.updated_at, values, c);
          }
          const after = await r.category(companyId, rowId);
          await r.audit(
            entry(
              c,
              'staff_save_category',
              `category:${rowId}`,
              before ? category(before) : null,
              after ? category(after) : null,
            ),
          );
          return rowId;
        });
        const saved = (await repo.categories(companyId)).find((r) => r.id === id);
        return saved ? ok(category(saved), c.t('server.saved')) : notFound(c);
      });
    },

    async listBanners(c: StaffCaller) {
      return ok({ list: (await repo.banners(c.staff.companyId)).map(banner) });
    },

    async saveBanner(
      input: { id?: number | undefined; updated_at?: number | undefined; banner: BannerFields },
      c: StaffCaller,
    ): Promise<CallResult<StaffBanner>> {
      const companyId = c.staff.companyId;
      const b = input.banner;
      return guarded(companyId, async () => {
        const before = input.id === undefined ? undefined : await repo.banner(companyId, input.id);
        if (input.id !== undefined && !before) return notFound(c);
        if (b.link.kind === 'product' && !(await repo.productIsCompanys(companyId, b.link.id)))
          return fail(ErrorCode.BAD_REQUEST, c.t('server.content.badLinkProduct'));
        if (b.link.kind === 'category' && !(await repo.category(companyId, b.link.id)))
          return fail(ErrorCode.BAD_REQUEST, c.t('server.products.badCategory'));
        const picture = await pictureFor(b.picture, before?.picture ?? '', companyId, c);
        const titles = Object.fromEntries(LANG_KEYS.flatMap((k) => (b.titles[k] ? [[k, b.titles[k]]] : [])));
        const values = {
          position: b.position,
          // The title shown when the buyer's language has none: English, else Chinese, else any.
          title: b.titles.en || b.titles.zh || Object.values(titles)[0] || '',
          titles: JSON.stringify(titles),
          picture,
          link: storedLink(b.link),
          status: b.status,
          starts_at: b.starts_at,
          ends_at: b.ends_at,
        };
        const id = await repo.transaction(async (r) => {
          const now = clock.now();
          let rowId = input.id;
          if (rowId === undefined || !before) {
            rowId = await r.insert('adverts', {
              ...values,
              company_id: companyId,
              website_id: null,
              sort: await r.nextSort('adverts', companyId),
              created_at: now,
              updated_at: now,
            });
          } else await update(r, 'adverts', companyId, rowId, input.updated_at, values, c);
          const after = await r.banner(companyId, rowId);
          await r.audit(
            entry(
              c,
              'staff_save_banner',
              `banner:${rowId}`,
              before ? banner(before) : null,
              after ? banner(after) : null,
            ),
          );
          return rowId;
        });
        const saved = await repo.banner(companyId, id);
        return saved ? ok(banner(saved), c.t('server.saved')) : notFound(c);
      });
    },

    async listNews(
      input: {
        page: number;
        page_size: number;
        category?: number | undefined;
        language?: string | undefined;
      },
      c: StaffCaller,
    ) {
      const { rows, total } = await repo.newsPage(
        c.staff.companyId,
        { category: input.category, lang: input.language },
        input.page_size,
        (input.page - 1) * input.page_size,
      );
      return ok({ list: rows.map(news), total, page: input.page, page_size: input.page_size });
    },

    async saveNews(
      input: { id?: number | undefined; updated_at?: number | undefined; news: NewsFields },
      c: StaffCaller,
    ): Promise<CallResult<StaffNews>> {
      const companyId = c.staff.companyId;
      const n = input.news;
      return guarded(companyId, async () => {
        const before = input.id === undefined ? undefined : await repo.news(companyId, input.id);
        if (input.id !== undefined && !before) return notFound(c);
        const cover = await pictureFor(n.cover, before?.cover ?? '', companyId, c);
        const values = {
          category: n.category,
          lang: n.lang,
          title: n.title,
          content: n.content,
          cover,
          published_at: n.published_at,
          status: n.status,
        };
        const id = await repo.transaction(async (r) => {
          const now = clock.now();
          let rowId = input.id;
          if (rowId === undefined || !before)
            rowId = await r.insert('news', {
              ...values,
              company_id: companyId,
              created_at: now,
              updated_at: now,
            });
          else await update(r, 'news', companyId, rowId, input.updated_at, values, c);
          const after = await r.news(companyId, rowId);
          await r.audit(
            entry(
              c,
              'staff_save_news',
              `news:${rowId}`,
              before ? news(before) : null,
              after ? news(after) : null,
            ),
          );
          return rowId;
        });
        const saved = await repo.news(companyId, id);
        return saved ? ok(news(saved), c.t('server.saved')) : notFound(c);
      });
    },

    async listShowrooms(c: StaffCaller) {
      const companyId = c.staff.companyId;
      const [rooms, booths] = await Promise.all([repo.showrooms(companyId), repo.booths(companyId)]);
      return ok({ list: rooms.map((s) => showroom(s, booths)) });
    },

    async saveShowroom(
      input: { id?: number | undefined; updated_at?: number | undefined; showroom: ShowroomFields },
      c: StaffCaller,
    ): Promise<CallResult<StaffShowroom>> {
      const companyId = c.staff.companyId;
      const s = input.showroom;
      return guarded(companyId, async () => {
        const before = input.id === undefined ? undefined : await repo.showroom(companyId, input.id);
        if (input.id !== undefined && !before) return notFound(c);
        const picture = await pictureFor(s.picture, before?.picture ?? '', companyId, c);
        const values = { ...s, name: s.name || s.name_en, picture };
        const id = await repo.transaction(async (r) => {
          const now = clock.now();
          let rowId = input.id;
          if (rowId === undefined || !before)
            rowId = await r.insert('showrooms', {
              ...values,
              company_id: companyId,
              sort: await r.nextSort('showrooms', companyId),
              created_at: now,
              updated_at: now,
            });
          else await update(r, 'showrooms', companyId, rowId, input.updated_at, values, c);
          const after = await r.showroom(companyId, rowId);
          await r.audit(entry(c, 'staff_save_showroom', `showroom:${rowId}`, before ?? null, after ?? null));
          return rowId;
        });
        const saved = await repo.showroom(companyId, id);
        return saved
          ? ok(showroom(saved, await repo.booths(companyId, id)), c.t('server.saved'))
          : notFound(c);
      });
    },

    async getBooth(input: { id: number }, c: StaffCaller, lang: Language) {
      const found = await boothOf(c.staff.companyId, input.id, lang);
      return found ? ok(found) : notFound(c);
    },

    async saveBooth(
      input: { id?: number | undefined; updated_at?: number | undefined; booth: BoothFields },
      c: StaffCaller,
      lang: Language,
    ): Promise<CallResult<StaffBooth>> {
      const companyId = c.staff.companyId;
      const b = input.booth;
      return guarded(companyId, async () => {
        const before = input.id === undefined ? undefined : await repo.booth(companyId, input.id);
        if (input.id !== undefined && !before) return notFound(c);
        if (!(await repo.showroom(companyId, b.showroom_id)))
          return fail(ErrorCode.BAD_REQUEST, c.t('server.content.badShowroom'));
        const productIds = [...new Set(b.product_ids)];
        const owned = new Set((await repo.companyProducts(companyId, productIds)).map((p) => p.id));
        if (productIds.some((p) => !owned.has(p)))
          return fail(ErrorCode.BAD_REQUEST, c.t('server.content.badProducts'));
        const picture = await pictureFor(b.picture, before?.picture ?? '', companyId, c);
        const values: Record<string, unknown> = {
          showroom_id: b.showroom_id,
          booth_number: b.booth_number,
          name: b.name,
          name_en: b.name_en,
          picture,
        };
        const beforeProducts = before
          ? (await repo.boothProducts(companyId, before.id)).map((p) => p.id)
          : [];
        const id = await repo.transaction(async (r) => {
          const now = clock.now();
          let rowId = input.id;
          if (rowId === undefined || !before)
            rowId = await r.insert('booths', {
              ...(values as { showroom_id: number; booth_number: string }),
              company_id: companyId,
              sort: await r.nextSort('booths', companyId, { column: 'showroom_id', value: b.showroom_id }),
              created_at: now,
              updated_at: now,
            });
          else {
            if (Number(before.showroom_id) !== b.showroom_id)
              values.sort = await r.nextSort('booths', companyId, {
                column: 'showroom_id',
                value: b.showroom_id,
              });
            await update(r, 'booths', companyId, rowId, input.updated_at, values, c);
          }
          await r.setBoothProducts(companyId, rowId, productIds);
          const after = await r.booth(companyId, rowId);
          await r.audit(
            entry(
              c,
              'staff_save_booth',
              `booth:${rowId}`,
              before ? { ...before, product_ids: beforeProducts } : null,
              after ? { ...after, product_ids: productIds } : null,
            ),
          );
          return rowId;
        });
        const saved = await boothOf(companyId, id, lang);
        return saved ? ok(saved, c.t('server.saved')) : notFound(c);
      });
    },

    async listCertificates(input: { kind: 'certificate' | 'inspection' }, c: StaffCaller, lang: Language) {
      const rows = await repo.certificates(c.staff.companyId, input.kind);
      return ok({ list: rows.map((r) => certificate(r, lang)) });
    },

    async saveCertificate(
      input: { id?: number | undefined; updated_at?: number | undefined; certificate: CertificateFields },
      c: StaffCaller,
      lang: Language,
    ): Promise<CallResult<StaffCertificate>> {
      const companyId = c.staff.companyId;
      const k = input.certificate;
      return guarded(companyId, async () => {
        const before =
          input.id === undefined ? undefined : (await repo.certificates(companyId, undefined, input.id))[0];
        if (input.id !== undefined && !before) return notFound(c);
        // A certificate has no factory; an inspection's is one of the company's own.
        const factoryId = k.kind === 'inspection' ? k.factory_id : null;
        if (factoryId !== null && !(await repo.factoryIsCompanys(companyId, factoryId)))
          return fail(ErrorCode.BAD_REQUEST, c.t('server.content.badFactory'));
        const had = before ? storedPictures(before.pictures, before.picture) : [];
        const pictures: string[] = [];
        for (const url of k.pictures)
          pictures.push(had.includes(url) ? url : await pictureFor(url, '', companyId, c));
        const values = {
          kind: k.kind,
          factory_id: factoryId,
          name: k.name || k.name_en,
          name_en: k.name_en,
          issuer: k.issuer,
          number: k.number,
          picture: pictures[0] ?? '',
          pictures: JSON.stringify(pictures),
          valid_from: k.valid_from,
          valid_until: k.valid_until,
        };
        const id = await repo.transaction(async (r) => {
          const now = clock.now();
          let rowId = input.id;
          const sortOfKind = () => r.nextSort('certificates', companyId, { column: 'kind', value: k.kind });
          if (rowId === undefined || !before)
            rowId = await r.insert('certificates', {
              ...values,
              company_id: companyId,
              sort: await sortOfKind(),
              created_at: now,
              updated_at: now,
            });
          else
            await update(
              r,
              'certificates',
              companyId,
              rowId,
              input.updated_at,
              // One moved to the other kind goes last there, as a new one does.
              before.kind === k.kind ? values : { ...values, sort: await sortOfKind() },
              c,
            );
          const [after] = await r.certificates(companyId, undefined, rowId);
          await r.audit(
            entry(
              c,
              'staff_save_certificate',
              `certificate:${rowId}`,
              before ? certificate(before, lang) : null,
              after ? certificate(after, lang) : null,
            ),
          );
          return rowId;
        });
        const [saved] = await repo.certificates(companyId, undefined, id);
        return saved ? ok(certificate(saved, lang), c.t('server.saved')) : notFound(c);
      });
    },

    async getAbout(c: StaffCaller) {
      return ok(await aboutOf(c.staff.companyId));
    },

    async saveAbout(
      input: { texts: AboutTexts; updated_at: number },
      c: StaffCaller,
    ): Promise<CallResult<StaffAbout>> {
      const companyId = c.staff.companyId;
      return guarded(companyId, async () => {
        const before = await aboutOf(companyId);
        if (before.updated_at !== input.updated_at) return stale(c);
        // Plain text (decision 0066): line ends made one kind, nothing else changed; buyers'
        // pages render it as text, never as markup.
        const texts = LANG_KEYS.map((lang) => ({
          lang,
          body: input.texts[lang].replace(/\r\n?/g, '\n'),
        }));
        await repo.transaction(async (r) => {
          // Every language keeps a row, empty or not, so the last save's stamp stays readable.
          await r.replaceAboutTexts(companyId, texts, nextStamp(before.updated_at));
          await r.audit(entry(c, 'staff_save_about', `about:${companyId}`, before.texts, input.texts));
        });
        return ok(await aboutOf(companyId), c.t('server.saved'));
      });
    },

    async listHotAreas(c: StaffCaller) {
      return ok({ list: (await repo.hotAreas(c.staff.companyId)).map(hotArea) });
    },

    async saveHotArea(
      input: { id?: number | undefined; updated_at?: number | undefined; hot_area: HotAreaFields },
      c: StaffCaller,
    ): Promise<CallResult<StaffHotArea>> {
      const companyId = c.staff.companyId;
      const names = input.hot_area.names;
      return guarded(companyId, async () => {
        const before = input.id === undefined ? undefined : await repo.hotArea(companyId, input.id);
        if (input.id !== undefined && !before) return notFound(c);
        const values: Record<string, unknown> = {};
        LANG_KEYS.forEach((key, i) => (values[AREA_NAME_COLUMNS[i] ?? 'area_name'] = names[key]));
        // The Chinese column is the one every other language falls back to: never left empty.
        values.area_name = names.zh || names.en;
        const id = await repo.transaction(async (r) => {
          const now = clock.now();
          let rowId = input.id;
          if (rowId === undefined || !before)
            rowId = await r.insert('hot_areas', {
              ...(values as { area_name: string }),
              company_id: companyId,
              sort: await r.nextSort('hot_areas', companyId),
              created_at: now,
              updated_at: now,
            });
          else await update(r, 'hot_areas', companyId, rowId, input.updated_at, values, c);
          const after = await r.hotArea(companyId, rowId);
          await r.audit(
            entry(
              c,
              'staff_save_hot_area',
              `hot_area:${rowId}`,
              before ? hotArea(before) : null,
              after ? hotArea(after) : null,
            ),
          );
          return rowId;
        });
        const saved = (await repo.hotAreas(companyId)).find((a) => a.id === id);
        return saved ? ok(hotArea(saved), c.t('server.saved')) : notFound(c);
      });
    },

    async getHotArea(input: { id: number }, c: StaffCaller, lang: Language) {
      const found = await rankingOf(c.staff.companyId, input.id, lang);
      return found ? ok(found) : notFound(c);
    },

    async addHotProducts(
      input: { area_id: number; product_ids: number[] },
      c: StaffCaller,
      lang: Language,
    ): Promise<CallResult<StaffHotAreaRanking>> {
      const companyId = c.staff.companyId;
      return guarded(companyId, async () => {
        if (!(await repo.hotArea(companyId, input.area_id))) return notFound(c);
        const productIds = [...new Set(input.product_ids)];
        const owned = new Set((await repo.companyProducts(companyId, productIds)).map((p) => p.id));
        if (productIds.some((p) => !owned.has(p)))
          return fail(ErrorCode.BAD_REQUEST, c.t('server.content.badProducts'));
        await repo.transaction(async (r) => {
          const added = await r.addHotProducts(companyId, input.area_id, productIds);
          await r.audit(
            entry(c, 'staff_add_hot_products', `hot_area:${input.area_id}`, null, { product_ids: added }),
          );
        });
        const ranking = await rankingOf(companyId, input.area_id, lang);
        return ranking ? ok(ranking, c.t('server.saved')) : notFound(c);
      });
    },

    async listFactories(input: { page: number; page_size: number; search: string }, c: StaffCaller) {
      const { rows, total } = await repo.factoriesPage(
        c.staff.companyId,
        input.search,
        input.page_size,
        (input.page - 1) * input.page_size,
      );
      return ok({ list: rows.map(factory), total, page: input.page, page_size: input.page_size });
    },

    async saveFactory(
      input: { id?: number | undefined; updated_at?: number | undefined; factory: FactoryFields },
      c: StaffCaller,
    ): Promise<CallResult<StaffFactory>> {
      const companyId = c.staff.companyId;
      const f = input.factory;
      return guarded(companyId, async () => {
        const before = input.id === undefined ? undefined : await repo.factory(companyId, input.id);
        if (input.id !== undefined && !before) return notFound(c);
        const values = { ...f, name: f.name || f.name_en };
        const id = await repo.transaction(async (r) => {
          const now = clock.now();
          let rowId = input.id;
          if (rowId === undefined || !before)
            rowId = await r.insert('factories', {
              ...values,
              company_id: companyId,
              created_at: now,
              updated_at: now,
            });
          else await update(r, 'factories', companyId, rowId, input.updated_at, values, c);
          const after = await r.factory(companyId, rowId);
          await r.audit(
            entry(
              c,
              'staff_save_factory',
              `factory:${rowId}`,
              before ? factory(before) : null,
              after ? factory(after) : null,
            ),
          );
          return rowId;
        });
        const saved = await repo.factory(companyId, id);
        return saved ? ok(factory(saved), c.t('server.saved')) : notFound(c);
      });
    },

    async order(
      input: { kind: OrderedKind; ids: number[] },
      c: StaffCaller,
    ): Promise<CallResult<{ ordered: number }>> {
      const companyId = c.staff.companyId;
      const ids = [...new Set(input.ids)];
      if (ids.length !== input.ids.length) return fail(ErrorCode.BAD_REQUEST, c.t('server.content.badOrder'));
      if (input.kind === 'hot_product') return guarded(companyId, () => rank(ids, c));
      const kind = KINDS[input.kind];
      return guarded(companyId, async () => {
        const owned = await repo.owned(kind.table, companyId, ids);
        if (owned.length !== ids.length) return notFound(c);
        if (kind.siblings && !(await kind.siblings(repo, companyId, ids)))
          return fail(ErrorCode.BAD_REQUEST, c.t('server.content.badOrder'));
        await repo.transaction(async (r) => {
          await r.reorder(kind.table, companyId, ids, clock.now());
          await r.audit(entry(c, 'staff_order_content', `${input.kind}s`, null, { ids }));
        });
        return ok({ ordered: ids.length }, c.t('server.content.ordered'));
      });
    },

    async remove(
      input: { kind: ContentKind; id: number },
      c: StaffCaller,
    ): Promise<CallResult<{ deleted: 1 }>> {
      const companyId = c.staff.companyId;
      return guarded(companyId, async () => {
        const kind = KINDS[input.kind];
        const before = await kind.row(repo, companyId, input.id);
        if (!before) return notFound(c);
        // A category's subcategories would go with it (cascade): they are moved or deleted first.
        if (input.kind === 'category' && (await repo.childCount(companyId, input.id)) > 0)
          return fail(ErrorCode.FAILED, c.t('server.content.hasChildren'));
        // A factory's products stay, without a factory (0001's set null); its inspections go with it.
        await repo.transaction(async (r) => {
          const removed = kind.remove
            ? await kind.remove(r, companyId, input.id)
            : await r.remove(kind.table, companyId, input.id);
          if (!removed) throw new Refused(notFound(c));
          await r.audit(entry(c, 'staff_delete_content', `${input.kind}:${input.id}`, before, null));
        });
        return ok({ deleted: 1 as const }, c.t('server.content.deleted'));
      });
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

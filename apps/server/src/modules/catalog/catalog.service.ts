import {
  type CallResponse,
  cartonVolume,
  displayedNumber,
  isExpired,
  type Language,
  type PriceBreak,
  type ProductCard,
  siteMoney,
  type WebsiteInfo,
} from '@vitrine/contract';
import type { z } from 'zod';
import type {
  flagListRequest,
  getHotRequest,
  getListRequest,
  newToyRequest,
  ProductDetail,
  ProductFlagFilter,
} from '@vitrine/contract';
import { ErrorCode, isEnglishMode, isPriceSort, type ProductSort } from '@vitrine/contract';
import type { Translate } from '@vitrine/i18n/all';
import { type CallResult, fail, ok } from '@vitrine/contract';
import type { Clock } from '../../platform/clock';
import { NO_SEARCH_LOG, type Searcher, type SearchReporter } from '../../platform/search-events';
import type { Storage } from '../../platform/storage';
import type { CatalogRepository, ProductQuery, ProductRow } from './catalog.repository';
import { type Keyword, parseKeyword, type TextFilter, type TextTotals } from './text-search';

const MONTH_MS = 30.44 * 24 * 3600 * 1000;

/** Text in the request's language, falling back to English, then Chinese. */
export const pickText = (local: string, english: string, chinese: string): string =>
  local.trim() || english.trim() || chinese;

const flag = (v: number): 0 | 1 => (v ? 1 : 0);

export interface CatalogServiceDeps {
  repo: CatalogRepository;
  storage: Pick<Storage, 'publicUrl'>;
  clock: Clock;
  /**
   * How long a list's total may be served from memory. Counting a large catalogue costs more
   * than reading a page, and totals change only when the catalogue does; pages are always fresh.
   */
  countCacheMs: number;
  /** Where buyers' keyword searches are told (the analytics' search log; decision 0058). */
  searchLog?: SearchReporter;
}

const HOUR_MS = 3600 * 1000;
const COUNT_CACHE_MAX = 5000;

/** A banner's titles by language; a malformed value (hand-edited) counts as none. */
function parseTitles(json: string): Record<string, string | undefined> {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * A product's price breaks as stored (0017: JSON, major units), ascending by quantity. Staff
 * saves check them; a malformed value (hand-edited) counts as none rather than failing a page.
 */
export function parsePriceBreaks(json: string): PriceBreak[] {
  try {
    const v: unknown = JSON.parse(json);
    if (!Array.isArray(v)) return [];
    return v
      .filter(
        (b): b is PriceBreak =>
          !!b &&
          typeof b === 'object' &&
          Number.isInteger((b as PriceBreak).from) &&
          Number.isFinite((b as PriceBreak).price) &&
          (b as PriceBreak).price > 0,
      )
      .map((b) => ({ from: b.from, price: b.price }))
      .sort((a, b) => a.from - b.from);
  } catch {
    return [];
  }
}

export function createCatalogService({
  repo,
  storage,
  clock,
  countCacheMs,
  searchLog = NO_SEARCH_LOG,
}: CatalogServiceDeps) {
  const counts = new Map<string, { at: number; totals: TextTotals; companyId: number }>();
  const keywords = new Map<string, { at: number; text: TextFilter | undefined; companyId: number }>();

  /**
   * A keyword's filter, kept as long as totals are: preparing a short one reads the index's
   * vocabulary (a few milliseconds), and what it finds changes only with the catalogue.
   */
  async function prepared(keyword: Keyword, companyId: number): Promise<TextFilter | undefined> {
    if (countCacheMs <= 0) return repo.prepareText(keyword, companyId);
    const key = JSON.stringify([companyId, keyword]);
    const now = clock.now();
    const hit = keywords.get(key);
    if (hit && now - hit.at < countCacheMs) return hit.text;
    const text = await repo.prepareText(keyword, companyId);
    if (keywords.size >= COUNT_CACHE_MAX) keywords.delete(keywords.keys().next().value as string);
    keywords.set(key, { at: now, text, companyId });
    return text;
  }

  /** A list's total (and, with a keyword, how many match a number exactly). */
  async function totalsOf(q: ProductQuery): Promise<TextTotals> {
    const count = async () => (q.text ? repo.countText(q) : { total: await repo.countProducts(q), exact: 0 });
    if (countCacheMs <= 0) return count();
    const { sort: _s, limit: _l, offset: _o, suffix: _x, nearPrice: _n, ...filters } = q;
    const key = JSON.stringify(filters);
    const now = clock.now();
    const hit = counts.get(key);
    if (hit && now - hit.at < countCacheMs) return hit.totals;
    const totals = await count();
    if (counts.size >= COUNT_CACHE_MAX) counts.delete(counts.keys().next().value as string);
    counts.set(key, { at: now, totals, companyId: q.companyId });
    return totals;
  }
  /** A product row shaped by the website's rules: number, price, trade term, volume, expiry. */
  function toCard(p: ProductRow, site: WebsiteInfo): ProductCard {
    return {
      id: p.id,
      number: displayedNumber(p, site.number_type),
      name: pickText(p.name_l, p.name_en, p.name),
      packing: pickText(p.packing_l, p.packing_en, p.packing),
      picture: p.picture_key ? storage.publicUrl(p.picture_key) : '',
      price: site.show_price ? p.exworks_price : null,
      money_unit: site.money_unit,
      trade_term: siteMoney(site).trade_term,
      carton: {
        length: p.carton_length,
        width: p.carton_width,
        height: p.carton_height,
        ...cartonVolume(p.carton_length, p.carton_width, p.carton_height),
      },
      carton_quantity: p.carton_quantity,
      gross_weight: p.gross_weight,
      net_weight: p.net_weight,
      purchase_number: p.purchase_number,
      category_id: p.category_id,
      factory_id: p.factory_id,
      flags: {
        is_new: flag(p.is_new),
        is_recommend: flag(p.is_recommend),
        is_spot: flag(p.is_spot),
        is_gcc: flag(p.is_gcc),
        is_cash_sale: flag(p.is_cash_sale),
        is_3d: flag(p.is_3d),
        is_hot: flag(p.is_hot),
      },
      is_expire: p.is_expire || isExpired(p, site.toy_type) ? 1 : 0,
      created_at: p.created_at,
      updated_at: p.updated_at,
      min_order_quantity: Number(p.min_order_quantity),
      // Hidden prices hide their breaks too: a break's price is a price.
      price_breaks: site.show_price ? parsePriceBreaks(p.price_breaks) : [],
      lead_time_days: Number(p.lead_time_days),
      hs_code: p.hs_code,
    };
  }

  type BoothRow = Awaited<ReturnType<CatalogRepository['booths']>>[number];
  const shapeBooth = (b: BoothRow, lang: Language) => ({
    id: b.id,
    showroom_id: b.showroom_id,
    booth_number: b.booth_number,
    name: isEnglishMode(lang) ? b.name_en || b.name : b.name,
    picture: b.picture || (b.first_picture ? storage.publicUrl(b.first_picture) : ''),
    product_count: Number(b.product_count ?? 0),
  });

  type ListInput = z.output<typeof getListRequest> & {
    area_id?: number | undefined;
    booth_id?: number | undefined;
  };

  async function list(
    input: ListInput,
    site: WebsiteInfo,
    lang: Language,
    text?: TextFilter,
  ): Promise<CallResult<CallResponse<'get_list'>>> {
    const categoryIds =
      input.category_id === undefined
        ? undefined
        : await repo.categoryWithChildren(site.company_id, input.category_id);
    const query: ProductQuery = {
      companyId: site.company_id,
      suffix: lang.suffix,
      categoryIds,
      // One definition of a new arrival (decision 0034): flagged new by the exporter. The months
      // narrow the new arrivals by entry date, so no month list holds a product without the badge
      // and none is longer than the list of all new arrivals.
      flag: input.new_months === undefined ? input.flag : 'new',
      // To the hour: "entered within N months" needs no finer cut, and the total can be cached.
      createdSince:
        input.new_months === undefined
          ? undefined
          : Math.floor((clock.now() - input.new_months * MONTH_MS) / HOUR_MS) * HOUR_MS,
      areaId: input.area_id,
      boothId: input.booth_id,
      text,
      sort: input.sort,
      limit: input.page_size,
      offset: (input.page - 1) * input.page_size,
    };
    let rows: ProductRow[];
    let total: number;
    if (text) {
      // The totals come first: they decide how the page is read, and none means no page.
      const totals = await totalsOf(query);
      total = totals.total;
      rows = total ? await repo.listProducts({ ...query, text: repo.settleText(text, totals) }) : [];
    } else {
      [rows, { total }] = await Promise.all([repo.listProducts(query), totalsOf(query)]);
    }
    return ok({
      list: rows.map((r) => toCard(r, site)),
      total,
      page: input.page,
      page_size: input.page_size,
    });
  }

  /**
   * A price sort where prices are hidden would reveal the order the exporter chose to hide
   * (issue 21, item 2): refused, as the showroom no longer offers it.
   */
  const hiddenPriceSort = (sort: ProductSort, site: WebsiteInfo, t: Translate) =>
    !site.show_price && isPriceSort(sort) ? fail(ErrorCode.FAILED, t('catalog.priceSortHidden')) : null;

  return {
    /**
     * Drops the company's cached totals and keyword filters: its catalogue changed in the console
     * (a booth's products, a category deleted), and buyers' next lists must count it (decision 0057).
     */
    forget(companyId: number) {
      for (const [key, hit] of counts) if (hit.companyId === companyId) counts.delete(key);
      for (const [key, hit] of keywords) if (hit.companyId === companyId) keywords.delete(key);
    },

    /**
     * get_list: a product list, searched by keyword when it has one. A buyer's search (a
     * searcher given) is told to the search log with its total, after the answer is made.
     */
    async getList(input: ListInput, site: WebsiteInfo, lang: Language, t: Translate, searcher?: Searcher) {
      const refused = hiddenPriceSort(input.sort, site, t);
      if (refused) return refused;
      const keyword = input.keyword ? parseKeyword(input.keyword, site.show_article_number === 1) : undefined;
      if (!keyword) return list(input, site, lang);
      const text = await prepared(keyword, site.company_id);
      // Too short to search is the buyer's typing, not a gap of the catalogue: not logged.
      if (!text) return fail(ErrorCode.FAILED, t('catalog.keywordTooShort', { keyword: keyword.name }));
      const answer = await list(input, site, lang, text);
      // The first page is the search; later pages are the same search read on.
      if (searcher && answer.ok && input.page === 1)
        searchLog({
          companyId: site.company_id,
          ...searcher,
          kind: 'text',
          query: input.keyword ?? '',
          results: answer.data.total,
          found: answer.data.total > 0,
        });
      return answer;
    },

    /** get_stock_toy, get_gcc_toy, …: the list of one flag. */
    flagList(
      flag: ProductFlagFilter,
      input: z.output<typeof flagListRequest>,
      site: WebsiteInfo,
      lang: Language,
      t: Translate,
    ) {
      const refused = hiddenPriceSort(input.sort, site, t);
      return refused ? Promise.resolve(refused) : list({ ...input, flag }, site, lang);
    },

    /** New arrivals: entered within the chosen months, or, without months, flagged new. */
    async newToys(input: z.output<typeof newToyRequest>, site: WebsiteInfo, lang: Language, t: Translate) {
      const refused = hiddenPriceSort(input.sort, site, t);
      if (refused) return refused;
      const { months, ...rest } = input;
      return list(months ? { ...rest, new_months: months } : { ...rest, flag: 'new' }, site, lang);
    },

    /** The hot products of a region (in the region's ranking first), or the hot products overall. */
    hot(input: z.output<typeof getHotRequest>, site: WebsiteInfo, lang: Language) {
      const { area_id, ...page } = input;
      return area_id === undefined
        ? list({ ...page, sort: 'popularity', flag: 'hot' }, site, lang)
        : list({ ...page, sort: 'popularity', area_id }, site, lang);
    },

    /**
     * Products by id, in the order asked; ids that are not the website's products are left out.
     * A cart's or a sample list's lines still answer
     * for products taken off (marked expired); `shownOnly` leaves those out, for answers that
     * offer products to a buyer (image search).
     */
    async byIds(ids: number[], site: WebsiteInfo, lang: Language, options: { shownOnly?: boolean } = {}) {
      const unique = [...new Set(ids)];
      const rows = await repo.listProducts({
        companyId: site.company_id,
        suffix: lang.suffix,
        ids: unique,
        shownOnly: options.shownOnly,
        sort: 'default',
        limit: unique.length,
        offset: 0,
      });
      const byId = new Map(rows.map((r) => [r.id, toCard(r, site)]));
      return ok(unique.flatMap((id) => byId.get(id) ?? []));
    },

    async figures(site: WebsiteInfo) {
      const f = await repo.figures(site.company_id);
      const n = (v: unknown) => Number(v ?? 0);
      return ok({
        total: n(f.total),
        categories: n(f.categories),
        flags: {
          new: n(f.new),
          recommend: n(f.recommend),
          spot: n(f.spot),
          gcc: n(f.gcc),
          cash_sale: n(f.cash_sale),
          '3d': n(f['3d']),
          hot: n(f.hot),
        },
      });
    },

    /** Recommended products for a product page: its category's first, then the others. */
    async recommendedFor(id: number, limit: number, site: WebsiteInfo, lang: Language) {
      const p = await repo.product(site.company_id, id, '');
      if (!p) return ok([]);
      const base = {
        companyId: site.company_id,
        suffix: lang.suffix,
        flag: 'recommend' as const,
        excludeId: id,
        sort: 'default' as const,
        offset: 0,
      };
      const same =
        p.category_id === null
          ? []
          : await repo.listProducts({ ...base, categoryIds: [p.category_id], limit });
      const rest =
        same.length >= limit ? [] : await repo.listProducts({ ...base, limit: limit + same.length });
      const seen = new Set<number>();
      const merged = [...same, ...rest].filter((r) => !seen.has(r.id) && seen.add(r.id)).slice(0, limit);
      return ok(merged.map((r) => toCard(r, site)));
    },

    /** Similar products: the same category, closest in price. */
    async similarTo(id: number, limit: number, site: WebsiteInfo, lang: Language) {
      const p = await repo.product(site.company_id, id, '');
      if (!p) return ok([]);
      const rows = await repo.listProducts({
        companyId: site.company_id,
        suffix: lang.suffix,
        categoryIds: p.category_id === null ? undefined : [p.category_id],
        excludeId: id,
        nearPrice: p.exworks_price,
        sort: 'default',
        limit,
        offset: 0,
      });
      return ok(rows.map((r) => toCard(r, site)));
    },

    async showrooms(site: WebsiteInfo, lang: Language) {
      const en = isEnglishMode(lang);
      const rows = await repo.showrooms(site.company_id);
      return ok(
        rows.map((r) => ({
          id: r.id,
          name: en ? r.name_en || r.name : r.name,
          address: en ? r.address_en || r.address : r.address,
          picture: r.picture,
          description: r.description,
          booth_count: Number(r.booth_count ?? 0),
        })),
      );
    },

    async booths(site: WebsiteInfo, lang: Language, showroomId?: number) {
      return ok((await repo.booths(site.company_id, showroomId)).map((b) => shapeBooth(b, lang)));
    },

    /** One booth, with its neighbours in the showroom for the previous/next buttons. */
    async booth(id: number, site: WebsiteInfo, lang: Language, t: Translate) {
      const all = await repo.booths(site.company_id);
      const at = all.findIndex((b) => b.id === id);
      const b = all[at];
      if (!b) return fail(ErrorCode.FAILED, t('catalog.boothNotFound'));
      const sameRoom = all.filter((x) => x.showroom_id === b.showroom_id);
      const i = sameRoom.indexOf(b);
      return ok({
        ...shapeBooth(b, lang),
        showroom: {
          id: b.showroom_id,
          name: isEnglishMode(lang) ? b.showroom_name_en || b.showroom_name : b.showroom_name,
        },
        previous_id: sameRoom[i - 1]?.id ?? null,
        next_id: sameRoom[i + 1]?.id ?? null,
      });
    },

    boothProducts(input: { id: number; page: number; page_size: number }, site: WebsiteInfo, lang: Language) {
      return list(
        { page: input.page, page_size: input.page_size, sort: 'default', booth_id: input.id },
        site,
        lang,
      );
    },

    /** Banners, titled in the buyer's language, else in English, else as first written. */
    async adverts(position: string, site: WebsiteInfo, lang: Language) {
      const rows = await repo.adverts(site.company_id, site.id, position, clock.now());
      return ok(
        rows.map(({ titles, ...a }) => {
          const byLang = parseTitles(titles);
          return { ...a, title: byLang[lang.key] || byLang.en || a.title };
        }),
      );
    },

    async hotAreas(site: WebsiteInfo, lang: Language) {
      const rows = await repo.hotAreas(site.company_id, lang.suffix);
      return ok(rows.map((a) => ({ id: a.id, name: pickText(a.name_l, a.area_name_en, a.area_name) })));
    },

    async detail(
      id: number,
      site: WebsiteInfo,
      lang: Language,
      t: Translate,
    ): Promise<CallResult<ProductDetail>> {
      const p = await repo.product(site.company_id, id, lang.suffix);
      if (!p) return fail(ErrorCode.FAILED, t('catalog.productNotFound'));
      const [pictures, categories, factory] = await Promise.all([
        repo.pictures(site.company_id, id),
        repo.categories(site.company_id, lang.suffix),
        p.factory_id === null ? undefined : repo.factory(site.company_id, p.factory_id),
      ]);
      const path: { id: number; name: string }[] = [];
      let node = categories.find((c) => c.id === p.category_id);
      while (node) {
        path.unshift({ id: node.id, name: pickText(node.name_l, node.name_en, node.name) });
        const parentId = node.parent_id;
        node = parentId === null ? undefined : categories.find((c) => c.id === parentId);
      }
      return ok({
        ...toCard(p, site),
        toy_number: p.toy_number,
        article_number: p.article_number,
        company_number: p.company_number,
        factory_number: site.show_article_number ? p.factory_number : '',
        inner_boxes: p.inner_boxes,
        pack: { length: p.pack_length, width: p.pack_width, height: p.pack_height },
        certification: p.certification,
        price_valid_until: site.show_price ? p.price_valid_until : null,
        stock_quantity: p.stock_quantity,
        remark: p.remark,
        description: p.description,
        video_url: p.video_url,
        model_url: p.model_url,
        category_path: path,
        factory: factory
          ? { id: factory.id, name: isEnglishMode(lang) ? factory.name_en || factory.name : factory.name }
          : null,
        pictures: pictures.map((f) => ({
          url: storage.publicUrl(f.storage_key),
          width: f.width,
          height: f.height,
        })),
      });
    },

    async pictures(id: number, site: WebsiteInfo, t: Translate) {
      const p = await repo.product(site.company_id, id, '');
      if (!p) return fail(ErrorCode.FAILED, t('catalog.productNotFound'));
      const pictures = await repo.pictures(site.company_id, id);
      return ok(
        pictures.map((f) => ({ url: storage.publicUrl(f.storage_key), width: f.width, height: f.height })),
      );
    },

    async categoryTree(site: WebsiteInfo, lang: Language, parentId?: number) {
      const rows = await repo.categories(site.company_id, lang.suffix);
      const shaped = rows.map((c) => ({
        id: c.id,
        parent_id: c.parent_id,
        name: pickText(c.name_l, c.name_en, c.name),
        picture: c.picture ? c.picture : '',
      }));
      const childrenOf = (id: number) =>
        shaped.filter((c) => c.parent_id === id).map((c) => ({ ...c, children: [] }));
      if (parentId !== undefined) return ok(childrenOf(parentId));
      return ok(
        shaped.filter((c) => c.parent_id === null).map((c) => ({ ...c, children: childrenOf(c.id) })),
      );
    },

    async parentCategories(site: WebsiteInfo, lang: Language) {
      const rows = await repo.categories(site.company_id, lang.suffix);
      return ok(
        rows
          .filter((c) => c.parent_id === null)
          .map((c) => ({
            id: c.id,
            parent_id: null,
            name: pickText(c.name_l, c.name_en, c.name),
            picture: c.picture,
          })),
      );
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

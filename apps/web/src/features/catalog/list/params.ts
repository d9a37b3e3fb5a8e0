import type { CallRequest, ProductFlagFilter, ProductSort } from '@vitrine/contract';
import type { ProductViewMode } from '../../../components/product';

// The contract's lists, copied as plain constants: importing them would pull the contract's
// zod schemas (and zod) into the first page's JavaScript. The checks below keep them in step.
export const PRODUCT_SORTS = [
  'default',
  'entry_time',
  'price_desc',
  'price_asc',
  'update_time',
  'popularity',
] as const;
/** The sorts that reveal the price order: not offered where the website hides prices. */
export const PRICE_SORTS: readonly ProductSort[] = ['price_desc', 'price_asc'];
export const PRODUCT_FLAG_FILTERS = ['new', 'recommend', 'spot', 'gcc', 'cash_sale', '3d', 'hot'] as const;
export const NEW_PRODUCT_MONTHS = [3, 6, 9, 12] as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when the contract's sorts, flags or months change without these lists. */
export const IN_STEP_WITH_CONTRACT: [
  Same<(typeof PRODUCT_SORTS)[number], ProductSort>,
  Same<(typeof PRODUCT_FLAG_FILTERS)[number], ProductFlagFilter>,
  Same<(typeof NEW_PRODUCT_MONTHS)[number], NonNullable<CallRequest<'get_new_toy'>['months']>>,
] = [true, true, true];

/**
 * The catalogue's filters, all in the address (so back, forward, reload and shared links keep
 * them): ?category=12&sort=price_asc&flag=new&months=6&mode=list&page=3&keyword=…
 */
export interface CatalogParams {
  category: number | null;
  sort: ProductSort;
  flag: ProductFlagFilter | null;
  /** Only with flag=new (or on the new-product area). */
  months: NewMonths | null;
  mode: ProductViewMode;
  page: number;
  /** Accepted for the search feature; not used by the list yet. */
  keyword: string;
  /** A buyer region (hot area): its top-selling products, as the home page's list shows them. */
  region: number | null;
}

export type NewMonths = (typeof NEW_PRODUCT_MONTHS)[number];

export const DEFAULT_PARAMS: CatalogParams = {
  category: null,
  sort: 'default',
  flag: null,
  months: null,
  mode: 'thumbnail',
  page: 1,
  keyword: '',
  region: null,
};

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

export function isNewMonths(n: number | null): n is NewMonths {
  return n !== null && (NEW_PRODUCT_MONTHS as readonly number[]).includes(n);
}

/** The sorts a website offers: the price sorts only where it shows prices (issue 21, item 2). */
export const sortsFor = (showPrice: boolean): readonly ProductSort[] =>
  showPrice ? PRODUCT_SORTS : PRODUCT_SORTS.filter((s) => !PRICE_SORTS.includes(s));

/**
 * Reads the filters from a query string; anything unknown, or a sort the website does not offer
 * (a price sort in a link from a showroom that shows prices), falls back to its default.
 */
export function parseCatalogParams(search: URLSearchParams, showPrice = true): CatalogParams {
  const months = positiveInt(search.get('months'));
  return {
    category: positiveInt(search.get('category')),
    sort: oneOf(sortsFor(showPrice), search.get('sort')) ?? 'default',
    flag: oneOf(PRODUCT_FLAG_FILTERS, search.get('flag')),
    months: isNewMonths(months) ? months : null,
    mode: search.get('mode') === 'list' ? 'list' : 'thumbnail',
    page: positiveInt(search.get('page')) ?? 1,
    keyword: (search.get('keyword') ?? '').slice(0, 100),
    region: positiveInt(search.get('region')),
  };
}

/** Writes filters as a query string, leaving out defaults (short, stable addresses). */
export function catalogSearch(params: Partial<CatalogParams>): URLSearchParams {
  const p = { ...DEFAULT_PARAMS, ...params };
  const out = new URLSearchParams();
  if (p.keyword) out.set('keyword', p.keyword);
  if (p.category !== null) out.set('category', String(p.category));
  if (p.flag !== null) out.set('flag', p.flag);
  if (p.region !== null) out.set('region', String(p.region));
  if (p.months !== null) out.set('months', String(p.months));
  if (p.sort !== 'default') out.set('sort', p.sort);
  if (p.mode !== 'thumbnail') out.set('mode', p.mode);
  if (p.page > 1) out.set('page', String(p.page));
  return out;
}

/** The address of the catalogue with these filters. */
export const catalogHref = (params: Partial<CatalogParams>, path = '/productDisplay'): string => {
  const q = catalogSearch(params).toString();
  return q ? `${path}?${q}` : path;
};

/** Products on a page of /productDisplay. */
export const CATALOG_PAGE_SIZE = 24;

/**
 * The get_list body of /productDisplay for these filters. The page and the router's early call
 * (features/catalog/early.ts) both build it here, so the page takes the early answer.
 */
export function catalogListBody(params: CatalogParams): Omit<CallRequest<'get_list'>, 'lang'> {
  const keyword = params.keyword.trim();
  return {
    page: params.page,
    page_size: CATALOG_PAGE_SIZE,
    sort: params.sort,
    ...(keyword ? { keyword } : {}),
    ...(params.category !== null ? { category_id: params.category } : {}),
    ...(params.flag !== null ? { flag: params.flag } : {}),
    ...(params.region !== null ? { area_id: params.region } : {}),
    ...(params.flag === 'new' && params.months !== null ? { new_months: params.months } : {}),
  };
}

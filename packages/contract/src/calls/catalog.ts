import { z } from 'zod';
import { baseRequest, zeroOne } from '../envelope';

export const PRODUCT_SORTS = [
  'default',
  'entry_time',
  'price_desc',
  'price_asc',
  'update_time',
  'popularity',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The sorts that reveal the price order: refused, and not offered, where prices are hidden. */
export const PRICE_SORTS = ['price_desc', 'price_asc'] as const satisfies readonly ProductSort[];
export const isPriceSort = (sort: ProductSort): boolean => (PRICE_SORTS as readonly string[]).includes(sort);

/** The flag filters of spec section 3; each maps to a product flag column. */
export const PRODUCT_FLAG_FILTERS = ['new', 'recommend', 'spot', 'gcc', 'cash_sale', '3d', 'hot'] as const;
export type ProductFlagFilter = (typeof PRODUCT_FLAG_FILTERS)[number];

/** New-product date filter, in months (spec section 9). */
export const NEW_PRODUCT_MONTHS = [3, 6, 9, 12] as const;

export const PAGE_SIZE_MAX = 60;

export const pageRequest = z.object({
  page: z.number().int().min(1).max(100_000).default(1).describe('1-based page number'),
  page_size: z.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});

export const productFlags = z.object({
  is_new: zeroOne,
  is_recommend: zeroOne,
  is_spot: zeroOne,
  is_gcc: zeroOne,
  is_cash_sale: zeroOne,
  is_3d: zeroOne,
  is_hot: zeroOne,
});

/** From this many pieces on, this unit price (major units, like `price`); decision 0059. */
export const priceBreak = z.object({
  from: z.number().int().describe('Pieces'),
  price: z.number().describe('Unit price from that many pieces on'),
});

/** A product as lists show it, already shaped by the website's rules and the request's language. */
export const productCard = z.object({
  id: z.number().int(),
  number: z.string().nullable().describe('The number to display per number_type; null when hidden'),
  name: z.string().describe("In the request's language, falling back to English, then Chinese"),
  packing: z.string(),
  picture: z.string().describe('URL of the main picture, empty when there is none'),
  price: z.number().nullable().describe('Ex-works unit price; null when the website hides prices'),
  money_unit: z.string(),
  trade_term: z.string().describe('EXW, FOB, CFR, CIF or empty'),
  carton: z.object({
    length: z.number(),
    width: z.number(),
    height: z.number(),
    cbm: z.number(),
    cuft: z.number(),
  }),
  carton_quantity: z.number().int().describe('Pieces per carton'),
  gross_weight: z.number().describe('kg per carton'),
  net_weight: z.number().describe('kg per carton'),
  purchase_number: z.number().int().describe('Default number of cartons when added to the cart'),
  category_id: z.number().int().nullable(),
  factory_id: z.number().int().nullable(),
  flags: productFlags,
  is_expire: zeroOne.describe("1 when expired by the flag or by the website's toy_type rule"),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  // The ordering facts (decision 0059). Optional because a sample record's lines keep the card
  // as it was at submission, and records from before the facts existed have none.
  min_order_quantity: z.number().int().optional().describe('Minimum order quantity in pieces; 0: none'),
  price_breaks: z
    .array(priceBreak)
    .optional()
    .describe('Unit prices by pieces, ascending; empty when there are none or prices are hidden'),
  lead_time_days: z.number().int().optional().describe('Production lead time in days; 0: not given'),
  hs_code: z.string().optional().describe('HS code, digits only (6, 8 or 10); empty when not given'),
});
export type ProductCard = z.infer<typeof productCard>;

/** Longest keyword get_list accepts; product names and numbers are far shorter. */
export const KEYWORD_MAX_LENGTH = 100;

export const getListRequest = baseRequest.extend(pageRequest.shape).extend({
  keyword: z
    .string()
    .trim()
    .max(KEYWORD_MAX_LENGTH)
    .optional()
    .describe(
      'Text search (decision 0021): product names in all 16 languages, ignoring case and accents, ' +
        'any part of a name also in Chinese, Japanese, Korean and Thai; toy, article and factory ' +
        'number (factory only when the website shows it), whole or in part, ignoring spaces, ' +
        'dashes and case. Exact number matches come first, then the chosen sort. Empty: no search. ' +
        'A keyword of one or two characters that occurs too often to search quickly may be ' +
        'refused (code -1, the tip asks for more characters).',
    ),
  category_id: z.number().int().positive().optional().describe('A category; a parent includes its children'),
  sort: z.enum(PRODUCT_SORTS).default('default'),
  flag: z.enum(PRODUCT_FLAG_FILTERS).optional(),
  area_id: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Only the products that sell in this buyer region (get_location_list), as get_hot's list"),
  new_months: z
    .union([z.literal(3), z.literal(6), z.literal(9), z.literal(12)])
    .optional()
    .describe('Only new arrivals (flagged new) entered within this many months'),
});

export const productPage = z.object({
  list: z.array(productCard),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const category = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  picture: z.string(),
});
export const categoryTree = z.array(category.extend({ children: z.array(category) }));

export const getParentCategoryRequest = baseRequest;
export const getCategoryRequest = baseRequest.extend({
  parent_id: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Children of this category; all, as a tree, when absent'),
});

/** The lists of one flag each (get_new_toy, get_stock_toy, …): a page, optionally within a category. */
export const flagListRequest = baseRequest.extend(pageRequest.shape).extend({
  category_id: z.number().int().positive().optional(),
  sort: z.enum(PRODUCT_SORTS).default('default'),
});
export const newToyRequest = flagListRequest.extend({
  months: z
    .union([z.literal(3), z.literal(6), z.literal(9), z.literal(12)])
    .optional()
    .describe('The products flagged new, entered within this many months; without it, all of them'),
});

export const productIdRequest = baseRequest.extend({ id: z.number().int().positive() });

export const productPicture = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** Everything the product page shows; labels without a value are empty strings or null. */
export const productDetail = productCard.extend({
  toy_number: z.string(),
  article_number: z.string(),
  company_number: z.string(),
  factory_number: z.string().describe('Empty unless the website shows factory numbers'),
  inner_boxes: z.number().int(),
  pack: z.object({ length: z.number(), width: z.number(), height: z.number() }),
  certification: z.string(),
  price_valid_until: z.number().int().nullable(),
  stock_quantity: z.number().int(),
  remark: z.string(),
  description: z.string(),
  video_url: z.string(),
  model_url: z.string().describe('glTF/GLB model of a 3D product, empty when there is none'),
  category_path: z.array(z.object({ id: z.number().int(), name: z.string() })),
  factory: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  pictures: z.array(productPicture),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const hotArea = z.object({ id: z.number().int(), name: z.string() });
export const getHotRequest = baseRequest.extend(pageRequest.shape).extend({
  area_id: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('A buyer region; without it, the hot products overall'),
});

export const getToyRequest = baseRequest.extend({
  ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(1000)
    .describe('Product ids, e.g. of a cart or shared products'),
});

export const toyDataResponse = z.object({
  total: z.number().int().describe('Products in the catalogue'),
  categories: z.number().int(),
  flags: z.object({
    new: z.number().int(),
    recommend: z.number().int(),
    spot: z.number().int(),
    gcc: z.number().int(),
    cash_sale: z.number().int(),
    '3d': z.number().int(),
    hot: z.number().int(),
  }),
});

export const relatedRequest = baseRequest.extend({
  id: z.number().int().positive().describe('The product whose related products are wanted'),
  limit: z.number().int().min(1).max(30).default(12),
});

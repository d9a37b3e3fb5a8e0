import { z } from 'zod';
import { baseRequest, zeroOne } from '../envelope';
import { normalizeHsCode } from '../totals';
import { LANG_KEYS, type LangKey } from '../languages';
import { PRODUCT_FLAG_FILTERS } from './catalog';
import { staffPageRequest } from './staff';

/**
 * The console's catalogue: products and their pictures (issue 18, decision 0050). Prices travel
 * in minor units of the website's currency (money_unit), as quotations do; the database keeps
 * the ex-works price in major units with four decimals.
 */
export const PRODUCT_LIMITS = {
  NAME_MAX: 300,
  PACKING_MAX: 200,
  NUMBER_MAX: 64,
  TEXT_MAX: 2000,
  DESCRIPTION_MAX: 20_000,
  PICTURES_MAX: 20,
  /** One picture's file, as staff_get_upload_credential allows it (jpg or png). */
  PICTURE_MAX_BYTES: 5 * 1024 * 1024,
  /** A product's 3D model (GLB): a toy's model with its textures fits well within it (decision 0060). */
  MODEL_MAX_BYTES: 20 * 1024 * 1024,
  /** Products one bulk action may touch: a console page at most, a few pages selected. */
  BULK_MAX: 500,
  /** Minor units: 99 999 999.99 in a two-decimal currency. */
  PRICE_MAX: 9_999_999_999,
  QUANTITY_MAX: 10_000_000,
  DIMENSION_MAX: 100_000,
  /** Price breaks a product may have: a short ladder, as price lists print them (decision 0059). */
  PRICE_BREAKS_MAX: 8,
  /** Production lead time: a year at most. */
  LEAD_TIME_MAX_DAYS: 365,
} as const;

/** Product lists of the console: everything, only what buyers see, or only what was taken off. */
export const PRODUCT_STATES = ['all', 'on_show', 'taken_off'] as const;
export const STAFF_PRODUCT_SORTS = [
  'updated',
  'newest',
  'oldest',
  'number',
  'price_asc',
  'price_desc',
] as const;
export type StaffProductSort = (typeof STAFF_PRODUCT_SORTS)[number];

/** The seven flags of spec section 3, by their column. */
export const PRODUCT_FLAG_FIELDS = [
  'is_new',
  'is_recommend',
  'is_spot',
  'is_gcc',
  'is_cash_sale',
  'is_3d',
  'is_hot',
] as const;
export type ProductFlagField = (typeof PRODUCT_FLAG_FIELDS)[number];

const id = z.number().int().positive();
const epochMs = z.number().int().describe('Epoch milliseconds');
const text = (max: number) => z.string().trim().max(max);
const count = z.number().int().min(0).max(PRODUCT_LIMITS.QUANTITY_MAX);
const size = z.number().min(0).max(PRODUCT_LIMITS.DIMENSION_MAX).describe('cm or kg, up to 2 decimals');

/** A text in each of the 16 languages, keyed by language (zh is the base column). */
const texts16 = (max: number) =>
  z.object(
    Object.fromEntries(LANG_KEYS.map((k) => [k, text(max).default('')])) as Record<
      LangKey,
      z.ZodDefault<z.ZodString>
    >,
  );

const httpUrl = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/\S+$/, 'a web address starting with http:// or https://'),
]);

/** A price break as staff edit it: from this many pieces on, this unit price in minor units. */
export const staffPriceBreak = z.object({
  from: z.number().int().min(2).max(PRODUCT_LIMITS.QUANTITY_MAX).describe('Pieces; at least 2'),
  price: z
    .number()
    .int()
    .min(1, 'a price above zero')
    .max(PRODUCT_LIMITS.PRICE_MAX)
    .describe("Unit price in minor units of the website's currency"),
});
export type StaffPriceBreak = z.infer<typeof staffPriceBreak>;

/** Whether breaks go up strictly by quantity (each `from` above the one before). */
export const breaksAscend = (breaks: readonly { from: number }[]): boolean =>
  breaks.every((b, i) => i === 0 || b.from > (breaks[i - 1]?.from ?? 0));

/** Every field of spec section 3 that staff edit, and the ordering facts of decision 0059. */
export const productFields = z
  .object({
    category_id: id.nullable().default(null),
    factory_id: id.nullable().default(null),
    toy_number: text(PRODUCT_LIMITS.NUMBER_MAX).default(''),
    article_number: text(PRODUCT_LIMITS.NUMBER_MAX).default(''),
    company_number: text(PRODUCT_LIMITS.NUMBER_MAX).default(''),
    factory_number: text(PRODUCT_LIMITS.NUMBER_MAX).default(''),
    names: texts16(PRODUCT_LIMITS.NAME_MAX),
    packing: texts16(PRODUCT_LIMITS.PACKING_MAX).describe('Packing method, per language'),
    purchase_number: z.number().int().min(1).max(PRODUCT_LIMITS.QUANTITY_MAX).default(1),
    order_box_type: z.number().int().min(0).max(9).default(0),
    price: z
      .number()
      .int()
      .min(0)
      .max(PRODUCT_LIMITS.PRICE_MAX)
      .default(0)
      .describe("Ex-works unit price in minor units of the website's currency"),
    price_valid_until: epochMs.nullable().default(null),
    stock_quantity: count.default(0),
    carton_quantity: count.default(0).describe('Pieces per carton'),
    inner_boxes: count.default(0),
    carton_length: size.default(0),
    carton_width: size.default(0),
    carton_height: size.default(0),
    pack_length: size.default(0),
    pack_width: size.default(0),
    pack_height: size.default(0),
    gross_weight: size.default(0),
    net_weight: size.default(0),
    certification: text(PRODUCT_LIMITS.TEXT_MAX).default(''),
    remark: text(PRODUCT_LIMITS.TEXT_MAX).default(''),
    description: z.string().max(PRODUCT_LIMITS.DESCRIPTION_MAX).default(''),
    // A video stored on this server (the demo's, an earlier upload) travels as its own path and
    // may only be kept as it is; a new one is a web address.
    video_url: z
      .union([
        httpUrl,
        z
          .string()
          .max(500)
          .regex(/^\/files\/\S+$/, 'a stored video, kept as it is'),
      ])
      .default(''),
    model_url: z
      .string()
      .max(500)
      .default('')
      .describe('The 3D model: kept, cleared, or a new GLB upload (staff_get_model_upload_credential)'),
    min_order_quantity: count.default(0).describe('Minimum order quantity in pieces; 0: none'),
    price_breaks: z
      .array(staffPriceBreak)
      .max(PRODUCT_LIMITS.PRICE_BREAKS_MAX)
      .default([])
      .describe('Unit prices by quantity in pieces, ascending by `from`; empty: one price for any quantity'),
    lead_time_days: z
      .number()
      .int()
      .min(0)
      .max(PRODUCT_LIMITS.LEAD_TIME_MAX_DAYS)
      .default(0)
      .describe('Production lead time in days; 0: not given'),
    hs_code: z
      .string()
      .max(20)
      .default('')
      .refine((v) => v.trim() === '' || normalizeHsCode(v) !== null, 'an HS code of 6, 8 or 10 digits')
      .transform((v) => (v.trim() === '' ? '' : (normalizeHsCode(v) ?? '')))
      .describe('HS code: 6, 8 or 10 digits, dots and spaces allowed (kept as digits)'),
    is_new: zeroOne.default(0),
    is_recommend: zeroOne.default(0),
    is_spot: zeroOne.default(0),
    is_gcc: zeroOne.default(0),
    is_cash_sale: zeroOne.default(0),
    is_3d: zeroOne.default(0),
    is_hot: zeroOne.default(0),
  })
  .refine((p) => p.names.zh !== '' || p.names.en !== '', {
    message: 'a name in Chinese or English',
    path: ['names', 'en'],
  })
  .refine((p) => p.net_weight <= p.gross_weight || p.gross_weight === 0, {
    message: 'the net weight cannot exceed the gross weight',
    path: ['net_weight'],
  })
  .refine((p) => breaksAscend(p.price_breaks), {
    message: 'price breaks must go up by quantity',
    path: ['price_breaks'],
  });
export type ProductFields = z.infer<typeof productFields>;

export const staffProductPicture = z.object({
  id: z.number().int().describe('The picture of the product (not its file)'),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const staffProduct = productFields.safeExtend({
  id: z.number().int(),
  taken_off_at: epochMs.nullable().describe('When the product was taken off the showroom; null: on show'),
  pictures: z.array(staffProductPicture).describe('In order; the first is the main picture'),
  money_unit: z.string(),
  price_exponent: z.number().int().describe('Decimals of money_unit: price / 10^exponent is the amount'),
  created_at: epochMs,
  updated_at: epochMs.describe('Send it back with a save: a newer one means someone else saved'),
});
export type StaffProduct = z.infer<typeof staffProduct>;

export const staffProductRow = z.object({
  id: z.number().int(),
  toy_number: z.string(),
  article_number: z.string(),
  factory_number: z.string(),
  name: z.string().describe("In the console's language, else English, else Chinese"),
  category_id: z.number().int().nullable(),
  category_name: z.string(),
  price: z.number().int().describe('Minor units of money_unit'),
  picture: z.string().describe('URL of the main picture, empty when none'),
  picture_count: z.number().int(),
  flags: z.array(z.enum(PRODUCT_FLAG_FIELDS)),
  missing_languages: z.array(z.enum(LANG_KEYS)).describe('Languages without a name'),
  taken_off_at: epochMs.nullable(),
  updated_at: epochMs,
});
export type StaffProductRow = z.infer<typeof staffProductRow>;

export const staffListProductsRequest = staffPageRequest.extend({
  search: text(100)
    .default('')
    .describe('A name in any language, or a toy, article or factory number (spaces and dashes ignored)'),
  category_id: id.optional().describe('This category and its subcategories'),
  flag: z.enum(PRODUCT_FLAG_FILTERS).optional(),
  state: z.enum(PRODUCT_STATES).default('all'),
  missing_language: z.enum(LANG_KEYS).optional().describe('Only products without a name in this language'),
  sort: z.enum(STAFF_PRODUCT_SORTS).default('updated'),
});

export const staffProductPage = z.object({
  list: z.array(staffProductRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  money_unit: z.string(),
  price_exponent: z.number().int(),
});

export const staffProductOptions = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      parent_id: z.number().int().nullable(),
      name: z.string(),
    }),
  ),
  factories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  money_unit: z.string(),
  price_exponent: z.number().int(),
});

export const staffSaveProductRequest = baseRequest.extend({
  id: id.optional().describe('Left out: a new product'),
  updated_at: epochMs.optional().describe('With an id: the updated_at the product was read with'),
  product: productFields,
});

export const staffSetProductPicturesRequest = baseRequest.extend({
  id,
  updated_at: epochMs.describe('The updated_at the product was read with'),
  pictures: z
    .array(
      z.union([
        z.object({ picture_id: id }).describe('A picture the product has, kept'),
        z.object({ url: z.string().max(500) }).describe('A new upload (staff_get_upload_credential)'),
      ]),
    )
    .max(PRODUCT_LIMITS.PICTURES_MAX)
    .describe('The pictures in their new order, the main one first; any left out are removed'),
});

/** The one type a product's 3D model is uploaded as: binary glTF 2.0 (decision 0060). */
export const MODEL_CONTENT_TYPE = 'model/gltf-binary';
export const staffModelUploadCredentialRequest = baseRequest.extend({
  content_type: z.literal(MODEL_CONTENT_TYPE).default(MODEL_CONTENT_TYPE).describe('A GLB file'),
});

export const BULK_PRODUCT_ACTIONS = [
  'set_flag',
  'clear_flag',
  'move',
  'take_off',
  'put_back',
  'delete',
] as const;
export const staffBulkProductsRequest = baseRequest.extend({
  ids: z.array(id).min(1).max(PRODUCT_LIMITS.BULK_MAX),
  action: z.enum(BULK_PRODUCT_ACTIONS),
  flag: z.enum(PRODUCT_FLAG_FIELDS).optional().describe('For set_flag and clear_flag'),
  category_id: id.nullable().optional().describe('For move; null: no category'),
});
export const staffBulkProductsResponse = z.object({
  changed: z.number().int().describe('Products of the company the action changed'),
});

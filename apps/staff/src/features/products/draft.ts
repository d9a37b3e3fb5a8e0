import {
  LANG_KEYS,
  type LangKey,
  formatHsCode,
  normalizeHsCode,
  PRODUCT_FLAG_FIELDS,
  PRODUCT_LIMITS,
  type ProductFields,
  type ProductFlagField,
  type StaffProduct,
} from '@vitrine/contract';
import { minorToMajorText, parseMajor } from '../../lib/money';

/**
 * The product editor's form: what staff type, as text, until it is checked and turned into the
 * contract's fields. Prices are typed in major units and sent in minor units (lib/money.ts).
 */

export const INTEGER_FIELDS = [
  'purchase_number',
  'stock_quantity',
  'carton_quantity',
  'inner_boxes',
] as const;
export const SIZE_FIELDS = [
  'carton_length',
  'carton_width',
  'carton_height',
  'pack_length',
  'pack_width',
  'pack_height',
  'gross_weight',
  'net_weight',
] as const;
export const TEXT_FIELDS = [
  'toy_number',
  'article_number',
  'company_number',
  'factory_number',
  'certification',
  'remark',
  'description',
  'video_url',
] as const;

type IntegerField = (typeof INTEGER_FIELDS)[number];
type SizeField = (typeof SIZE_FIELDS)[number];
type TextField = (typeof TEXT_FIELDS)[number];

export type ProductDraft = Record<IntegerField | SizeField | TextField, string> &
  Record<ProductFlagField, 0 | 1> & {
    category_id: string | null;
    factory_id: string | null;
    names: Record<LangKey, string>;
    packing: Record<LangKey, string>;
    order_box_type: string;
    price: string;
    /** YYYY-MM-DD, or empty. */
    price_valid_until: string;
    model_url: string;
    /** Pieces; '0' or '': none. */
    min_order_quantity: string;
    lead_time_days: string;
    hs_code: string;
    /** From (pieces) and unit price (major units), as typed. */
    price_breaks: { from: string; price: string }[];
  };

export type DraftError =
  | 'required'
  | 'number'
  | 'integer'
  | 'negative'
  | 'tooLarge'
  | 'decimals'
  | 'netOverGross'
  | 'url'
  | 'nameRequired'
  | 'date'
  | 'hsCode'
  | 'breakFromMin'
  | 'breaksOrder'
  | 'breakPricePositive';
export type DraftErrors = Partial<Record<keyof ProductDraft, DraftError>>;
export type BreakErrors = { from?: DraftError; price?: DraftError }[];

const empty16 = () => Object.fromEntries(LANG_KEYS.map((k) => [k, ''])) as Record<LangKey, string>;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function emptyDraft(): ProductDraft {
  return {
    category_id: null,
    factory_id: null,
    names: empty16(),
    packing: empty16(),
    order_box_type: '0',
    price: '',
    price_valid_until: '',
    model_url: '',
    min_order_quantity: '0',
    lead_time_days: '0',
    hs_code: '',
    price_breaks: [],
    purchase_number: '1',
    stock_quantity: '0',
    carton_quantity: '0',
    inner_boxes: '0',
    ...(Object.fromEntries(SIZE_FIELDS.map((f) => [f, '0'])) as Record<SizeField, string>),
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>),
    ...(Object.fromEntries(PRODUCT_FLAG_FIELDS.map((f) => [f, 0])) as Record<ProductFlagField, 0 | 1>),
  };
}

export function draftOf(p: StaffProduct): ProductDraft {
  return {
    category_id: p.category_id === null ? null : String(p.category_id),
    factory_id: p.factory_id === null ? null : String(p.factory_id),
    names: { ...p.names },
    packing: { ...p.packing },
    order_box_type: String(p.order_box_type),
    price: minorToMajorText(p.price, p.price_exponent),
    price_valid_until: p.price_valid_until === null ? '' : isoDay(p.price_valid_until),
    model_url: p.model_url,
    min_order_quantity: String(p.min_order_quantity),
    lead_time_days: String(p.lead_time_days),
    // Shown as customs papers write it; saved as its digits.
    hs_code: p.hs_code ? formatHsCode(p.hs_code) : '',
    price_breaks: p.price_breaks.map((b) => ({
      from: String(b.from),
      price: minorToMajorText(b.price, p.price_exponent),
    })),
    ...(Object.fromEntries(INTEGER_FIELDS.map((f) => [f, String(p[f])])) as Record<IntegerField, string>),
    ...(Object.fromEntries(SIZE_FIELDS.map((f) => [f, String(p[f])])) as Record<SizeField, string>),
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, p[f]])) as Record<TextField, string>),
    ...(Object.fromEntries(PRODUCT_FLAG_FIELDS.map((f) => [f, p[f]])) as Record<ProductFlagField, 0 | 1>),
  };
}

const NUMBER = /^\d+(\.\d+)?$/;

/** A whole number field's problem, if any. */
function integerError(text: string, max: number): DraftError | undefined {
  const v = text.trim();
  if (v === '') return 'required';
  if (!/^\d+$/.test(v)) return /^-/.test(v) ? 'negative' : 'integer';
  if (Number(v) > max) return 'tooLarge';
  return undefined;
}

/** A typed price's problem, if any. */
function priceError(text: string, exponent: number): DraftError | undefined {
  const price = parseMajor(text, exponent);
  if (!price.ok)
    return price.reason === 'empty'
      ? 'required'
      : price.reason === 'decimals'
        ? 'decimals'
        : price.reason === 'tooLarge'
          ? 'tooLarge'
          : /^-/.test(text.trim())
            ? 'negative'
            : 'number';
  return price.minor > PRODUCT_LIMITS.PRICE_MAX ? 'tooLarge' : undefined;
}

/**
 * Each price break's problems (decision 0059): a whole number of pieces of at least 2, above the
 * break before it (breaks go up by quantity), and a unit price above zero.
 */
export function breakErrors(d: ProductDraft, exponent: number): BreakErrors {
  return d.price_breaks.map((b, i) => {
    const e: { from?: DraftError; price?: DraftError } = {};
    const from = integerError(b.from, PRODUCT_LIMITS.QUANTITY_MAX);
    const before = Number(d.price_breaks[i - 1]?.from);
    if (from) e.from = from;
    else if (Number(b.from) < 2) e.from = 'breakFromMin';
    else if (i > 0 && Number.isFinite(before) && Number(b.from) <= before) e.from = 'breaksOrder';
    const price = priceError(b.price, exponent);
    if (price) e.price = price;
    else if (
      parseMajor(b.price, exponent).ok &&
      (parseMajor(b.price, exponent) as { minor: number }).minor === 0
    )
      e.price = 'breakPricePositive';
    return e;
  });
}

/** The draft's problems, field by field; none means it can be sent. */
export function draftErrors(d: ProductDraft, exponent: number): DraftErrors {
  const errors: DraftErrors = {};
  if (!d.names.zh.trim() && !d.names.en.trim()) errors.names = 'nameRequired';
  for (const f of INTEGER_FIELDS) {
    const v = d[f].trim();
    if (v === '') errors[f] = 'required';
    else if (!/^\d+$/.test(v)) errors[f] = /^-/.test(v) ? 'negative' : 'integer';
    else if (Number(v) > PRODUCT_LIMITS.QUANTITY_MAX) errors[f] = 'tooLarge';
    else if (f === 'purchase_number' && Number(v) < 1) errors[f] = 'required';
  }
  for (const f of SIZE_FIELDS) {
    const v = d[f].trim().replace(',', '.');
    if (v === '') errors[f] = 'required';
    else if (!NUMBER.test(v)) errors[f] = /^-/.test(v) ? 'negative' : 'number';
    else if (Number(v) > PRODUCT_LIMITS.DIMENSION_MAX) errors[f] = 'tooLarge';
  }
  const gross = Number(d.gross_weight.replace(',', '.'));
  const net = Number(d.net_weight.replace(',', '.'));
  if (!errors.net_weight && !errors.gross_weight && gross > 0 && net > gross)
    errors.net_weight = 'netOverGross';
  if (d.price.trim() !== '') {
    const price = parseMajor(d.price, exponent);
    if (!price.ok)
      errors.price =
        price.reason === 'empty'
          ? 'required'
          : price.reason === 'decimals'
            ? 'decimals'
            : price.reason === 'tooLarge'
              ? 'tooLarge'
              : /^-/.test(d.price.trim())
                ? 'negative'
                : 'number';
    else if (price.minor > PRODUCT_LIMITS.PRICE_MAX) errors.price = 'tooLarge';
  }
  if (d.video_url.trim() && !/^https?:\/\/\S+$/.test(d.video_url.trim())) errors.video_url = 'url';
  const moq = integerError(d.min_order_quantity, PRODUCT_LIMITS.QUANTITY_MAX);
  if (moq) errors.min_order_quantity = moq;
  const lead = integerError(d.lead_time_days, PRODUCT_LIMITS.LEAD_TIME_MAX_DAYS);
  if (lead) errors.lead_time_days = lead;
  if (d.hs_code.trim() && normalizeHsCode(d.hs_code) === null) errors.hs_code = 'hsCode';
  // One entry for all the rows (the count and the focus); each row shows its own.
  const rows = breakErrors(d, exponent)
    .flatMap((e) => [e.from, e.price])
    .filter(Boolean);
  if (rows[0]) errors.price_breaks = rows[0];
  if (d.price_valid_until && Number.isNaN(Date.parse(`${d.price_valid_until}T00:00:00Z`)))
    errors.price_valid_until = 'date';
  return errors;
}

/** The contract's fields of a draft without errors. */
export function fieldsOf(d: ProductDraft, exponent: number): ProductFields {
  const price = d.price.trim() === '' ? { ok: true as const, minor: 0 } : parseMajor(d.price, exponent);
  return {
    category_id: d.category_id === null ? null : Number(d.category_id),
    factory_id: d.factory_id === null ? null : Number(d.factory_id),
    names: Object.fromEntries(LANG_KEYS.map((k) => [k, d.names[k].trim()])) as Record<LangKey, string>,
    packing: Object.fromEntries(LANG_KEYS.map((k) => [k, d.packing[k].trim()])) as Record<LangKey, string>,
    order_box_type: Number(d.order_box_type) || 0,
    price: price.ok ? price.minor : 0,
    price_valid_until: d.price_valid_until ? Date.parse(`${d.price_valid_until}T00:00:00Z`) : null,
    model_url: d.model_url,
    min_order_quantity: Number(d.min_order_quantity) || 0,
    lead_time_days: Number(d.lead_time_days) || 0,
    hs_code: d.hs_code.trim() ? (normalizeHsCode(d.hs_code) ?? '') : '',
    price_breaks: d.price_breaks.map((b) => {
      const price = parseMajor(b.price, exponent);
      return { from: Number(b.from), price: price.ok ? price.minor : 0 };
    }),
    ...(Object.fromEntries(INTEGER_FIELDS.map((f) => [f, Number(d[f])])) as Record<IntegerField, number>),
    ...(Object.fromEntries(SIZE_FIELDS.map((f) => [f, Number(d[f].replace(',', '.'))])) as Record<
      SizeField,
      number
    >),
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, d[f].trim()])) as Record<TextField, string>),
    ...(Object.fromEntries(PRODUCT_FLAG_FIELDS.map((f) => [f, d[f]])) as Record<ProductFlagField, 0 | 1>),
  };
}

/** Languages of the 16 whose name is still empty. */
export const missingNames = (d: ProductDraft): LangKey[] => LANG_KEYS.filter((k) => !d.names[k].trim());

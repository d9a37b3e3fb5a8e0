import {
  LANG_KEYS,
  type LangKey,
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
  | 'date';
export type DraftErrors = Partial<Record<keyof ProductDraft, DraftError>>;

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
    ...(Object.fromEntries(INTEGER_FIELDS.map((f) => [f, String(p[f])])) as Record<IntegerField, string>),
    ...(Object.fromEntries(SIZE_FIELDS.map((f) => [f, String(p[f])])) as Record<SizeField, string>),
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, p[f]])) as Record<TextField, string>),
    ...(Object.fromEntries(PRODUCT_FLAG_FIELDS.map((f) => [f, p[f]])) as Record<ProductFlagField, 0 | 1>),
  };
}

const NUMBER = /^\d+(\.\d+)?$/;

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

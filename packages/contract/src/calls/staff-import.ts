import { z } from 'zod';
import { baseRequest } from '../envelope';
import { LANGUAGES, type LangKey } from '../languages';
import { type ProductFields, productFields } from './staff-products';
import { staffPageRequest } from './staff';

/**
 * The catalogue import (issue 18 item 2, decision 0055): a spreadsheet (xlsx or CSV) and zips of
 * pictures, uploaded with the staff's upload credential (purpose `import`), mapped column by
 * column, checked in a dry run, then stored row by row in the background. Every product goes
 * through the console's own product calls (staff_save_product, staff_set_product_pictures).
 */
export const IMPORT_LIMITS = {
  SHEET_MAX_BYTES: 20 * 1024 * 1024,
  ZIP_MAX_BYTES: 100 * 1024 * 1024,
  /** Zips of one import: 10 000 pictures of ~30 kB are three or four. */
  ZIPS_MAX: 20,
  ROWS_MAX: 20_000,
  COLUMNS_MAX: 200,
  /** A zip bomb's marks: too many entries, too many bytes once inflated, too well compressed. */
  ZIP_ENTRIES_MAX: 20_000,
  ZIP_ENTRY_MAX_BYTES: 20 * 1024 * 1024,
  ZIP_TOTAL_MAX_BYTES: 2 * 1024 * 1024 * 1024,
  /** Photos barely compress (JPEG, PNG, WebP are compressed already); 100:1 is a bomb. */
  ZIP_RATIO_MAX: 100,
  PREVIEW_ROWS: 5,
} as const;

export const IMPORT_SHEET_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
] as const;
export const IMPORT_ZIP_TYPE = 'application/zip';
export const IMPORT_TYPES = [...IMPORT_SHEET_TYPES, IMPORT_ZIP_TYPE] as const;

/**
 * How a cell becomes a field: text as is; numbers (integer or decimal, in the field's range);
 * a price in the website's currency (major units, read as decimal text); a flag (1/0, yes/no,
 * 是/否); a date (YYYY-MM-DD or a date cell); a category or factory by name or id; picture file
 * names (separated by commas, semicolons or new lines).
 */
export const IMPORT_KINDS = [
  'text',
  'integer',
  'decimal',
  'price',
  'flag',
  'date',
  'category',
  'factory',
  'price_breaks',
  'pictures',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A spreadsheet column of the import: the field it fills and the headers it is known by. */
export interface ImportColumn {
  /** The column's key in a mapping (also its header in the template, after the labels). */
  key: string;
  kind: ImportKind;
  /** The product field it fills; names and packing: `names.<lang>`, `packing.<lang>`. */
  field: keyof ProductFields | `names.${LangKey}` | `packing.${LangKey}` | 'pictures';
  label: { en: string; zh: string };
  /** Other headers exporters use for it, matched when guessing a mapping. */
  aliases?: readonly string[];
}

/** The fields of ProductFields that are one column each, with how they read. */
type ScalarRow = Omit<ImportColumn, 'field' | 'key'> & { field: keyof ProductFields };

/**
 * ONE ROW PER PRODUCT FIELD. A field added to productFields gets a row here and is at once in
 * the template, the mapping, the dry run and the run (staff-import.test.ts fails until it has).
 */
const SCALAR_COLUMNS: readonly ScalarRow[] = [
  {
    field: 'toy_number',
    kind: 'text',
    label: { en: 'Toy number', zh: '货号' },
    aliases: ['item no', 'item number', 'item #', 'sku', 'model', 'model no', '型号', '产品编号', '编号'],
  },
  {
    field: 'article_number',
    kind: 'text',
    label: { en: 'Article number', zh: '款号' },
    aliases: ['article no', 'art no', 'article', '条码', '商品编号'],
  },
  { field: 'company_number', kind: 'text', label: { en: 'Company number', zh: '公司编号' } },
  {
    field: 'factory_number',
    kind: 'text',
    label: { en: 'Factory number', zh: '工厂货号' },
    aliases: ['factory no', 'factory item no', '厂号', '出厂货号'],
  },
  {
    field: 'category_id',
    kind: 'category',
    label: { en: 'Category', zh: '分类' },
    aliases: ['类别', '类目'],
  },
  {
    field: 'factory_id',
    kind: 'factory',
    label: { en: 'Factory', zh: '工厂' },
    aliases: ['supplier', '供应商', '厂商'],
  },
  {
    field: 'purchase_number',
    kind: 'integer',
    label: { en: 'Purchase number', zh: '起订数' },
    aliases: ['moq unit'],
  },
  { field: 'order_box_type', kind: 'integer', label: { en: 'Order box type', zh: '订箱方式' } },
  {
    field: 'price',
    kind: 'price',
    label: { en: 'Price', zh: '价格' },
    aliases: ['unit price', 'exw price', 'ex-works price', 'fob price', '单价', '出厂价'],
  },
  { field: 'price_valid_until', kind: 'date', label: { en: 'Price valid until', zh: '价格有效期' } },
  {
    field: 'stock_quantity',
    kind: 'integer',
    label: { en: 'Stock quantity', zh: '库存' },
    aliases: ['stock', '库存数量'],
  },
  {
    field: 'carton_quantity',
    kind: 'integer',
    label: { en: 'Carton quantity', zh: '装箱数' },
    aliases: ['qty/ctn', 'pcs/ctn', 'pcs per carton', '外箱装量', '箱装数'],
  },
  {
    field: 'inner_boxes',
    kind: 'integer',
    label: { en: 'Inner boxes', zh: '内盒数' },
    aliases: ['inner', '内盒'],
  },
  {
    field: 'carton_length',
    kind: 'decimal',
    label: { en: 'Carton length', zh: '外箱长' },
    aliases: ['ctn l', '箱长'],
  },
  {
    field: 'carton_width',
    kind: 'decimal',
    label: { en: 'Carton width', zh: '外箱宽' },
    aliases: ['ctn w', '箱宽'],
  },
  {
    field: 'carton_height',
    kind: 'decimal',
    label: { en: 'Carton height', zh: '外箱高' },
    aliases: ['ctn h', '箱高'],
  },
  { field: 'pack_length', kind: 'decimal', label: { en: 'Pack length', zh: '包装长' } },
  { field: 'pack_width', kind: 'decimal', label: { en: 'Pack width', zh: '包装宽' } },
  { field: 'pack_height', kind: 'decimal', label: { en: 'Pack height', zh: '包装高' } },
  {
    field: 'gross_weight',
    kind: 'decimal',
    label: { en: 'Gross weight', zh: '毛重' },
    aliases: ['g.w.', 'gw'],
  },
  { field: 'net_weight', kind: 'decimal', label: { en: 'Net weight', zh: '净重' }, aliases: ['n.w.', 'nw'] },
  {
    field: 'certification',
    kind: 'text',
    label: { en: 'Certification', zh: '认证' },
    aliases: ['certificate', '证书'],
  },
  {
    field: 'remark',
    kind: 'text',
    label: { en: 'Remark', zh: '备注' },
    aliases: ['remarks', 'note', 'notes'],
  },
  {
    field: 'description',
    kind: 'text',
    label: { en: 'Description', zh: '描述' },
    aliases: ['详情', '产品描述'],
  },
  {
    field: 'video_url',
    kind: 'text',
    label: { en: 'Video', zh: '视频' },
    aliases: ['video url', '视频链接'],
  },
  // Ordering facts (decision 0059). Price breaks read as "24: 1.20; 48: 1.10" (pieces: unit price).
  {
    field: 'min_order_quantity',
    kind: 'integer',
    label: { en: 'Minimum order (pieces)', zh: '最小起订量（件）' },
    aliases: ['moq', 'min order', 'min order qty', 'minimum order quantity', '起订量', '最小起订量'],
  },
  {
    field: 'price_breaks',
    kind: 'price_breaks',
    label: { en: 'Price breaks', zh: '阶梯价' },
    aliases: ['tier prices', 'quantity prices', 'volume prices', '阶梯价格', '批量价'],
  },
  {
    field: 'lead_time_days',
    kind: 'integer',
    label: { en: 'Lead time (days)', zh: '生产周期（天）' },
    aliases: ['lead time', 'production time', 'delivery time', '交期', '生产周期'],
  },
  {
    field: 'hs_code',
    kind: 'text',
    label: { en: 'HS code', zh: '海关编码' },
    aliases: ['hs', 'hts', 'hts code', 'customs code', '商品编码', 'hs编码'],
  },
  { field: 'is_new', kind: 'flag', label: { en: 'New arrival', zh: '新品' } },
  { field: 'is_recommend', kind: 'flag', label: { en: 'Recommended', zh: '推荐' } },
  { field: 'is_spot', kind: 'flag', label: { en: 'Spot', zh: '现货' } },
  { field: 'is_gcc', kind: 'flag', label: { en: 'GCC', zh: 'GCC认证' } },
  { field: 'is_cash_sale', kind: 'flag', label: { en: 'Cash sale', zh: '现金销售' } },
  { field: 'is_3d', kind: 'flag', label: { en: '3D', zh: '3D展示' } },
  { field: 'is_hot', kind: 'flag', label: { en: 'Hot', zh: '热销' } },
];

/**
 * Fields of ProductFields the import leaves alone, and why: names and packing have a column
 * per language (below); a 3D model arrives with its own upload, never from a spreadsheet.
 */
export const IMPORT_SKIPPED_FIELDS = ['names', 'packing', 'model_url'] as const;

const ZH_LANGUAGE: Record<LangKey, string> = {
  zh: '中文',
  en: '英语',
  es: '西班牙语',
  ru: '俄语',
  ar: '阿拉伯语',
  he: '希伯来语',
  pl: '波兰语',
  fr: '法语',
  id: '印尼语',
  ja: '日语',
  ko: '韩语',
  th: '泰语',
  pt: '葡萄牙语',
  vi: '越南语',
  fil: '菲律宾语',
  de: '德语',
};
const EN_LANGUAGE: Record<LangKey, string> = {
  zh: 'Chinese',
  en: 'English',
  es: 'Spanish',
  ru: 'Russian',
  ar: 'Arabic',
  he: 'Hebrew',
  pl: 'Polish',
  fr: 'French',
  id: 'Indonesian',
  ja: 'Japanese',
  ko: 'Korean',
  th: 'Thai',
  pt: 'Portuguese',
  vi: 'Vietnamese',
  fil: 'Filipino',
  de: 'German',
};

const perLanguage = (
  what: 'names' | 'packing',
  en: string,
  zh: string,
  aliases: (key: LangKey) => readonly string[],
): ImportColumn[] =>
  LANGUAGES.map((l) => ({
    key: `${what === 'names' ? 'name' : 'packing'}_${l.key}`,
    kind: 'text' as const,
    field: `${what}.${l.key}` as const,
    label: { en: `${en} (${EN_LANGUAGE[l.key]})`, zh: `${zh}（${ZH_LANGUAGE[l.key]}）` },
    aliases: aliases(l.key),
  }));

/** Every column of the import, in the template's order. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  ...SCALAR_COLUMNS.slice(0, 4).map((c) => ({ ...c, key: c.field })),
  ...perLanguage('names', 'Name', '名称', (k) =>
    k === 'zh'
      ? ['中文名称', '品名', '产品名称', '中文品名', 'chinese name']
      : k === 'en'
        ? ['name', 'english name', 'product name', 'description en', '英文名称', '英文品名']
        : [],
  ),
  ...perLanguage('packing', 'Packing', '包装', (k) =>
    k === 'zh' ? ['包装方式', '中文包装'] : k === 'en' ? ['packing', 'packaging', '英文包装'] : [],
  ),
  ...SCALAR_COLUMNS.slice(4).map((c) => ({ ...c, key: c.field })),
  {
    key: 'pictures',
    kind: 'pictures',
    field: 'pictures',
    label: { en: 'Pictures', zh: '图片' },
    aliases: ['picture', 'photo', 'photos', 'image', 'images', '图片文件', '照片'],
  },
];

export const IMPORT_COLUMN_KEYS = IMPORT_COLUMNS.map((c) => c.key);

/** The template's header of a column: both labels, then its key, so any of them maps back. */
export const importHeader = (c: ImportColumn): string => `${c.label.zh} ${c.label.en} [${c.key}]`;

/** Which spreadsheet column (0-based) fills each import column; left out: not imported. */
export const importMapping = z
  .record(
    z.string().max(64),
    z
      .number()
      .int()
      .min(0)
      .max(IMPORT_LIMITS.COLUMNS_MAX - 1),
  )
  .describe('Import column key → 0-based spreadsheet column');
export type ImportMapping = z.infer<typeof importMapping>;

/** Why a row, or a file, was refused; the console words it. */
export const IMPORT_ERROR_CODES = [
  'empty_row',
  'name_required',
  'number_required',
  'duplicate_number',
  'not_a_number',
  'not_an_integer',
  'out_of_range',
  'too_long',
  'bad_flag',
  'bad_date',
  'bad_url',
  'bad_hs_code',
  'bad_price_breaks',
  'unknown_category',
  'unknown_factory',
  'net_over_gross',
  'picture_missing',
  'picture_not_image',
  'picture_too_large',
  'too_many_pictures',
  'save_refused',
  // A file's (the spreadsheet's or a zip's):
  'sheet_unreadable',
  'sheet_empty',
  'too_many_rows',
  'too_many_columns',
  'zip_unreadable',
  'zip_too_many_entries',
  'zip_too_large',
  'zip_ratio',
  'entry_bad_path',
  'entry_too_large',
  'entry_ratio',
  'picture_unmatched',
  'no_name_column',
  'no_number_column',
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

export const importProblem = z.object({
  code: z.enum(IMPORT_ERROR_CODES),
  column: z.string().describe('The import column (or the file) it concerns; empty: the whole row'),
  value: z.string().describe('What the cell or entry said (cut at 100 characters)'),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const IMPORT_STATUSES = ['new', 'checking', 'checked', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importJob = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  sheet_type: z.enum(['xlsx', 'csv']),
  headers: z.array(z.string()).describe("The spreadsheet's own headers, in order"),
  preview: z.array(z.array(z.string())).describe('The first rows, as text, for the mapping step'),
  mapping: importMapping,
  file_problems: z.array(importProblem).describe("Refusals of the files as a whole or of a zip's entries"),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  to_create: z.number().int().describe('Dry run: rows that would create a product'),
  to_update: z.number().int().describe('Dry run: rows that would update one (same number)'),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.number().int().describe('Rows refused'),
  pictures_total: z.number().int(),
  pictures_done: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

export const importRow = z.object({
  line: z.number().int().describe("The spreadsheet's line (the header is line 1)"),
  status: z.enum(['pending', 'error', 'skipped', 'done']),
  action: z.enum(['create', 'update', '']),
  toy_number: z.string(),
  article_number: z.string(),
  name: z.string(),
  pictures: z.number().int(),
  product_id: z.number().int().nullable(),
  problems: z.array(importProblem),
});
export type ImportRow = z.infer<typeof importRow>;

export const staffImportTemplateRequest = baseRequest;
export const staffImportTemplate = z.object({
  url: z.string().describe('The template workbook (xlsx): one column per field, one per language'),
  file_name: z.string(),
});

export const staffImportUploadCredentialRequest = baseRequest.extend({
  content_type: z.enum(IMPORT_TYPES).describe('xlsx, CSV or a zip of pictures'),
});

export const staffCreateImportRequest = baseRequest.extend({
  sheet_url: z.string().max(500).describe('The spreadsheet (staff_get_import_upload_credential)'),
  zip_urls: z.array(z.string().max(500)).max(IMPORT_LIMITS.ZIPS_MAX).default([]),
  file_name: z.string().trim().max(200).default(''),
});

export const staffCheckImportRequest = baseRequest.extend({
  id: z.number().int().positive(),
  mapping: importMapping,
});

export const staffRunImportRequest = baseRequest.extend({ id: z.number().int().positive() });

export const staffGetImportRequest = staffPageRequest.extend({
  id: z.number().int().positive(),
  only_problems: z.boolean().default(true).describe('Only rows refused or skipped'),
});
export const staffImportDetail = z.object({
  job: importJob,
  rows: z.array(importRow),
  rows_matching: z.number().int().describe('Rows of the filter, for paging'),
});

export const staffListImportsRequest = baseRequest;
export const staffImportList = z.object({ list: z.array(importJob) });

/** The field a column fills: its zod schema in productFields (for ranges and lengths). */
export function importFieldSchema(c: ImportColumn): z.ZodType | undefined {
  const shape = productFields.shape as Record<string, z.ZodType>;
  if (c.field === 'pictures') return undefined;
  const [head, lang] = c.field.split('.');
  const s = shape[head ?? ''];
  if (!lang) return s;
  const inner = s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>)[lang] : undefined;
  return inner;
}

export { SCALAR_COLUMNS as IMPORT_FIELD_COLUMNS };

import {
  breaksAscend,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  type ImportColumn,
  type ImportErrorCode,
  importFieldSchema,
  type ImportMapping,
  type ImportProblem,
  toMinor,
} from '@vitrine/contract';
import chardet from 'chardet';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { availableParallelism } from 'node:os';
import {
  PICTURE_WIDTHS,
  pictureVariantBytes,
  storePictureVariants,
  variantKey,
} from '../../plugins/picture-variants';
import sharp from 'sharp';
import {
  type ImageCheckOptions,
  pictureKey,
  pictureSha,
  reencodeImage,
  sniffImageType,
  type StoredPictureFile,
} from '../../platform/image-content';
import { LocalDiskStorage } from '../../platform/storage';

/**
 * The import's CPU work, run in a worker process (import.worker.ts, decision 0078) so the thread answering
 * buyers never parses a spreadsheet, inflates a zip or re-encodes a picture (decision 0055).
 * Every function takes plain data and answers plain data; tests call them inline.
 */

export type SheetType = 'xlsx' | 'csv';

export type SheetRead =
  { ok: true; headers: string[]; rows: string[][] } | { ok: false; code: ImportErrorCode; value?: string };

const cut = (s: string) => (s.length > 100 ? `${s.slice(0, 99)}…` : s);

/** A cell of exceljs as the text a person sees (dates as YYYY-MM-DD, formulas by their result). */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'string') return v;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    if ('error' in v) return '';
  }
  return String(v as unknown);
}

/** The code pages Excel saves "CSV" in on a Chinese (mainland, Taiwan, Hong Kong) or Japanese Windows. */
const LEGACY_CSV: { chardet: string; decoder: string }[] = [
  { chardet: 'GB18030', decoder: 'gb18030' },
  { chardet: 'Big5', decoder: 'big5' },
  { chardet: 'Shift_JIS', decoder: 'shift_jis' },
];

/**
 * Text in one of LEGACY_CSV's code pages: of those that decode it without a wrong byte, the one
 * chardet's statistics (the frequent characters of each language) rank highest; GB18030, most
 * exporters' own, when they do not tell (a few characters give them too little to go on).
 */
function legacyText(bytes: Buffer): string {
  const ranked = new Map(chardet.analyse(bytes).map((m) => [m.name as string, m.confidence]));
  let best = { decoder: 'gb18030', confidence: 10 };
  let text: string | null = null;
  for (const page of LEGACY_CSV) {
    const confidence = ranked.get(page.chardet) ?? 0;
    if (confidence <= best.confidence && text !== null) continue;
    try {
      const decoded = new TextDecoder(page.decoder, { fatal: true }).decode(bytes);
      if (text === null || confidence > best.confidence) {
        best = { decoder: page.decoder, confidence: Math.max(confidence, best.confidence) };
        text = decoded;
      }
    } catch {
      // Not this code page: it has a byte that cannot be there.
    }
  }
  return text ?? new TextDecoder('gb18030').decode(bytes);
}

/** The decoded text of a CSV: UTF-8 (with or without its mark), UTF-16 with its mark, else a legacy code page. */
export function csvText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Excel on a Chinese or Japanese Windows saves "CSV" in the system's code page.
    return legacyText(bytes);
  }
}

/** Comma, semicolon (Excel in much of Europe) or tab: whichever the header line has most of. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length] as const);
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

/** The spreadsheet as a header line and rows of text; trailing empty rows and columns dropped. */
export async function readSheet(bytes: Uint8Array, type: SheetType): Promise<SheetRead> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let table: string[][];
  try {
    if (type === 'csv') {
      const text = csvText(buffer);
      table = parseCsv(text, {
        delimiter: delimiterOf(text),
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: false,
        bom: true,
        to_line: IMPORT_LIMITS.ROWS_MAX + 2,
      }) as string[][];
    } else {
      // An xlsx is a zip: the same bomb checks as the pictures' before exceljs inflates it.
      const zip = await listZip({ bytes });
      if (!zip.ok) return { ok: false, code: zip.code };
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(buffer as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      if (!sheet) return { ok: false, code: 'sheet_empty' };
      if (sheet.actualRowCount > IMPORT_LIMITS.ROWS_MAX + 1) return { ok: false, code: 'too_many_rows' };
      table = [];
      sheet.eachRow({ includeEmpty: true }, (row, n) => {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        table[n - 1] = values.map((v) => cellText(v).trim());
      });
      for (let i = 0; i < table.length; i++) table[i] ??= [];
    }
  } catch (e) {
    return { ok: false, code: 'sheet_unreadable', value: cut(String((e as Error).message ?? e)) };
  }
  const isEmpty = (r: string[] | undefined) => !r || r.every((c) => String(c ?? '').trim() === '');
  while (table.length > 0 && isEmpty(table[table.length - 1])) table.pop();
  // The header is the first line with anything in it.
  while (table.length > 0 && isEmpty(table[0])) table.shift();
  const [head, ...rows] = table;
  if (!head) return { ok: false, code: 'sheet_empty' };
  if (rows.length > IMPORT_LIMITS.ROWS_MAX) return { ok: false, code: 'too_many_rows' };
  const headers = head.map((h) => String(h ?? '').trim());
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  if (headers.length > IMPORT_LIMITS.COLUMNS_MAX) return { ok: false, code: 'too_many_columns' };
  return {
    ok: true,
    headers,
    rows: rows.map((r) => Array.from({ length: headers.length }, (_, i) => String(r[i] ?? '').trim())),
  };
}

/** Lower case, without spaces, punctuation or the template's [key]. */
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/\[[a-z0-9_]+\]/g, '')
    .replace(/[\s_\-.:：#/()（）[\]]+/g, '');

/**
 * A mapping guessed from the headers: the template's own (its `[key]`), else a label in
 * English or Chinese, or one of the names exporters give the column. Each header fills one
 * column at most; the first match wins.
 */
export function guessMapping(headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const used = new Set<number>();
  const take = (key: string, index: number) => {
    if (mapping[key] !== undefined || used.has(index)) return;
    mapping[key] = index;
    used.add(index);
  };
  // The template's keys first: they are exact.
  headers.forEach((h, i) => {
    const key = /\[([a-z0-9_]+)\]\s*$/.exec(h)?.[1];
    if (key && IMPORT_COLUMNS.some((c) => c.key === key)) take(key, i);
  });
  const names = (c: ImportColumn) =>
    new Set([c.key, c.label.en, c.label.zh, `${c.label.zh}${c.label.en}`, ...(c.aliases ?? [])].map(norm));
  for (const c of IMPORT_COLUMNS) {
    const known = names(c);
    headers.forEach((h, i) => {
      if (known.has(norm(h))) take(c.key, i);
    });
  }
  return mapping;
}

export interface Named {
  id: number;
  names: string[];
}

export interface CheckRowsInput {
  rows: string[][];
  mapping: ImportMapping;
  categories: Named[];
  factories: Named[];
  /** The website's currency: prices are read in it. */
  moneyUnit: string;
}

export interface CheckedRow {
  /** The spreadsheet's line: the header is line 1. */
  line: number;
  empty: boolean;
  /** The mapped cells as product fields: `names.en`, `price`, … (cells left empty are absent). */
  fields: Record<string, unknown>;
  /** File names the pictures column gives. */
  pictureNames: string[];
  toyNumber: string;
  articleNumber: string;
  /** A name in Chinese or English (a new product needs one). */
  hasName: boolean;
  name: string;
  problems: ImportProblem[];
}

const FLAG_TRUE = new Set(['1', 'y', 'yes', 'true', 'x', '✓', '√', '是', '有', 'on']);
const FLAG_FALSE = new Set(['0', 'n', 'no', 'false', '否', '无', '', 'off', '-']);

/** A number as people type it: `12.5`, `12,5` (one comma, no point), ` 1 200 `. */
function numberOf(text: string): number | null {
  let t = text.replace(/[\s\u00a0]/g, '');
  if (/^-?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

function dateOf(text: string): number | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms : null;
}

const byName = (list: Named[], text: string): number | null => {
  const wanted = text.trim().toLowerCase();
  const id = /^#?(\d+)$/.exec(wanted)?.[1];
  for (const item of list) {
    if (id !== undefined && item.id === Number(id)) return item.id;
    if (item.names.some((n) => n && n.trim().toLowerCase() === wanted)) return item.id;
  }
  return null;
};

/** A typed price (currency signs and codes allowed, a decimal comma too) in minor units. */
function priceOf(text: string, input: CheckRowsInput): number | null {
  const plain = text.replace(/[\s\u00a0$¥€£]/g, '').replace(/^(usd|cny|rmb|eur)/i, '');
  try {
    return toMinor(plain.replace(/^(\d+),(\d+)$/, '$1.$2'), input.moneyUnit);
  } catch {
    return null;
  }
}

/** One cell as its field's value, or why not. */
function readCell(
  c: ImportColumn,
  text: string,
  input: CheckRowsInput,
): { ok: true; value: unknown } | { ok: false; code: ImportErrorCode } {
  const schema = importFieldSchema(c);
  const checked = (value: unknown, code: ImportErrorCode): ReturnType<typeof readCell> => {
    if (!schema) return { ok: true, value };
    const r = schema.safeParse(value);
    if (r.success) return { ok: true, value: r.data };
    const issue = r.error.issues[0];
    if (issue?.code === 'too_big' && typeof value === 'string') return { ok: false, code: 'too_long' };
    if (issue?.code === 'too_big' || issue?.code === 'too_small') return { ok: false, code: 'out_of_range' };
    return { ok: false, code };
  };
  switch (c.kind) {
    case 'text':
      return checked(
        text,
        c.field === 'video_url' ? 'bad_url' : c.field === 'hs_code' ? 'bad_hs_code' : 'too_long',
      );
    case 'price_breaks': {
      // "24: 1.20; 48: 1.10" — pieces, then the unit price; `=` or `@` also separate them.
      const breaks: { from: number; price: number }[] = [];
      for (const part of text
        .split(/[;；\n\r|]+/)
        .map((x) => x.trim())
        .filter(Boolean)) {
        const m = /^(\d+)\s*\+?\s*(?:pcs|pieces|件)?\s*[:：=@]\s*(.+)$/i.exec(part);
        if (!m) return { ok: false, code: 'bad_price_breaks' };
        const price = priceOf(m[2] ?? '', input);
        if (price === null) return { ok: false, code: 'bad_price_breaks' };
        breaks.push({ from: Number(m[1]), price });
      }
      return breaksAscend(breaks)
        ? checked(breaks, 'bad_price_breaks')
        : { ok: false, code: 'bad_price_breaks' };
    }
    case 'integer': {
      const n = numberOf(text);
      if (n === null) return { ok: false, code: 'not_a_number' };
      if (!Number.isInteger(n)) return { ok: false, code: 'not_an_integer' };
      return checked(n, 'out_of_range');
    }
    case 'decimal': {
      const n = numberOf(text);
      if (n === null) return { ok: false, code: 'not_a_number' };
      return checked(Math.round(n * 100) / 100, 'out_of_range');
    }
    case 'price': {
      const minor = priceOf(text, input);
      return minor === null ? { ok: false, code: 'not_a_number' } : checked(minor, 'not_a_number');
    }
    case 'flag': {
      const t = text.toLowerCase();
      if (FLAG_TRUE.has(t)) return { ok: true, value: 1 };
      if (FLAG_FALSE.has(t)) return { ok: true, value: 0 };
      return { ok: false, code: 'bad_flag' };
    }
    case 'date': {
      const d = dateOf(text);
      return d === null ? { ok: false, code: 'bad_date' } : checked(d, 'bad_date');
    }
    case 'category': {
      const id = byName(input.categories, text);
      return id === null ? { ok: false, code: 'unknown_category' } : { ok: true, value: id };
    }
    case 'factory': {
      const id = byName(input.factories, text);
      return id === null ? { ok: false, code: 'unknown_factory' } : { ok: true, value: id };
    }
    case 'pictures':
      return {
        ok: true,
        value: text
          .split(/[,;，；\n\r|]+/)
          .map((s) => s.trim())
          .filter(Boolean),
      };
  }
}

/**
 * Every row read with the mapping: its fields, or what is wrong with each cell. Empty cells
 * leave a field as it is (an update keeps it, a new product takes the default). A number used
 * by an earlier row is refused, so two rows never fight over one product.
 */
export function checkRows(input: CheckRowsInput): CheckedRow[] {
  const columns = IMPORT_COLUMNS.filter((c) => input.mapping[c.key] !== undefined);
  const seen = new Set<string>();
  return input.rows.map((cells, i) => {
    const line = i + 2;
    const fields: Record<string, unknown> = {};
    const problems: ImportProblem[] = [];
    let pictureNames: string[] = [];
    const empty = cells.every((v) => v.trim() === '');
    if (empty)
      return {
        line,
        empty,
        fields,
        pictureNames,
        toyNumber: '',
        articleNumber: '',
        hasName: false,
        name: '',
        problems: [{ code: 'empty_row', column: '', value: '' }],
      };
    for (const c of columns) {
      const text = (cells[input.mapping[c.key] ?? -1] ?? '').trim();
      if (text === '') continue;
      const read = readCell(c, text, input);
      if (!read.ok) {
        problems.push({ code: read.code, column: c.key, value: cut(text) });
        continue;
      }
      if (c.kind === 'pictures') pictureNames = read.value as string[];
      else fields[c.field] = read.value;
    }
    const toyNumber = String(fields.toy_number ?? '');
    const articleNumber = String(fields.article_number ?? '');
    if (!toyNumber && !articleNumber)
      problems.push({ code: 'number_required', column: 'toy_number', value: '' });
    const key = toyNumber ? `t:${toyNumber}` : `a:${articleNumber}`;
    if ((toyNumber || articleNumber) && seen.has(key))
      problems.push({
        code: 'duplicate_number',
        column: toyNumber ? 'toy_number' : 'article_number',
        value: cut(toyNumber || articleNumber),
      });
    seen.add(key);
    const gross = fields.gross_weight;
    const net = fields.net_weight;
    if (typeof gross === 'number' && typeof net === 'number' && gross > 0 && net > gross)
      problems.push({ code: 'net_over_gross', column: 'net_weight', value: String(net) });
    const zh = String(fields['names.zh'] ?? '');
    const en = String(fields['names.en'] ?? '');
    return {
      line,
      empty,
      fields,
      pictureNames,
      toyNumber,
      articleNumber,
      hasName: zh !== '' || en !== '',
      name: en || zh,
      problems,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Zips

export interface ZipEntryRef {
  /** The entry's full name in the zip (after the path checks). */
  name: string;
}

export type ZipListing =
  | { ok: true; entries: ZipEntryRef[]; problems: ImportProblem[] }
  | { ok: false; code: ImportErrorCode; value?: string };

/** What a picture of an import must be: a photo (JPEG, PNG, WebP or GIF), at least 16 px a side. */
export const IMPORT_PICTURE_LIMITS: ImageCheckOptions = {
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  maxBytes: IMPORT_LIMITS.ZIP_ENTRY_MAX_BYTES,
  minSide: 16,
};

const IMAGE_NAME = /\.(jpe?g|png|webp|gif)$/i;

/** An entry's name: UTF-8 when the zip says so, else UTF-8 if it reads as such, else GB18030. */
function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  if (typeof raw === 'string') return raw;
  if (entry.generalPurposeBitFlag & 0x800) return raw.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    // Windows' own zip tool in Chinese writes names in the system's code page.
    return new TextDecoder('gb18030').decode(raw);
  }
}

/** Why an entry's name is refused: absolute, `..`, a drive letter, a control character. */
export function badEntryPath(name: string): boolean {
  const unix = name.replace(/\\/g, '/');
  return (
    yauzl.validateFileName(unix) !== null ||
    /^[a-z]:/i.test(unix) ||
    unix.split('/').includes('..') ||
    [...unix].some((ch) => ch.charCodeAt(0) < 0x20)
  );
}

const openZip = (source: { path: string } | { bytes: Uint8Array }) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    const options = {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    } as yauzl.Options;
    const done = (err: Error | null, zip?: yauzl.ZipFile) => (err || !zip ? reject(err) : resolve(zip));
    if ('path' in source) yauzl.open(source.path, options, done);
    else
      yauzl.fromBuffer(
        Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength),
        options,
        done,
      );
  });

/** Every entry of a zip, read from its central directory (nothing is inflated). */
function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const list: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      list.push(e);
      zip.readEntry();
    });
    zip.on('end', () => resolve(list));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/**
 * A zip's pictures, with the marks of a zip bomb refused before anything is inflated: too many
 * entries or too many bytes once inflated refuse the zip; an entry too large, too well
 * compressed or with a path outside the zip (`../../x.jpg`, `/etc/x`, `C:\x`) is refused alone
 * and never read. Entries that are not pictures (a readme, macOS's `__MACOSX/`) are skipped.
 */
export async function listZip(source: { path: string } | { bytes: Uint8Array }): Promise<ZipListing> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(source);
  } catch (e) {
    return { ok: false, code: 'zip_unreadable', value: cut(String((e as Error).message ?? e)) };
  }
  try {
    if (zip.entryCount > IMPORT_LIMITS.ZIP_ENTRIES_MAX)
      return { ok: false, code: 'zip_too_many_entries', value: String(zip.entryCount) };
    let all: yauzl.Entry[];
    try {
      all = await entriesOf(zip);
    } catch (e) {
      return { ok: false, code: 'zip_unreadable', value: cut(String((e as Error).message ?? e)) };
    }
    const total = all.reduce((sum, e) => sum + e.uncompressedSize, 0);
    if (total > IMPORT_LIMITS.ZIP_TOTAL_MAX_BYTES)
      return { ok: false, code: 'zip_too_large', value: String(total) };
    const compressed = all.reduce((sum, e) => sum + e.compressedSize, 0);
    if (compressed > 0 && total / compressed > IMPORT_LIMITS.ZIP_RATIO_MAX && total > 1024 * 1024)
      return { ok: false, code: 'zip_ratio', value: `${Math.round(total / compressed)}:1` };
    const entries: ZipEntryRef[] = [];
    const problems: ImportProblem[] = [];
    for (const e of all) {
      const name = entryName(e);
      if (name.endsWith('/')) continue;
      if (badEntryPath(name)) {
        problems.push({ code: 'entry_bad_path', column: 'zip', value: cut(name) });
        continue;
      }
      const base = name.split('/').pop() ?? '';
      if (name.startsWith('__MACOSX/') || base.startsWith('._') || !IMAGE_NAME.test(base)) continue;
      if (e.uncompressedSize > IMPORT_LIMITS.ZIP_ENTRY_MAX_BYTES) {
        problems.push({ code: 'entry_too_large', column: 'zip', value: cut(name) });
        continue;
      }
      if (e.compressedSize > 0 && e.uncompressedSize / e.compressedSize > IMPORT_LIMITS.ZIP_RATIO_MAX) {
        problems.push({ code: 'entry_ratio', column: 'zip', value: cut(name) });
        continue;
      }
      entries.push({ name });
    }
    return { ok: true, entries, problems };
  } finally {
    zip.close();
  }
}

/** An entry's bytes, inflated with its declared size enforced (a lying header fails). */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size > IMPORT_LIMITS.ZIP_ENTRY_MAX_BYTES) {
          stream.destroy(new Error('entry too large'));
          return;
        }
        chunks.push(c);
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });
}

/** An entry's first `max` bytes (or all of it, when shorter), inflating no further. */
function readEntryHead(zip: yauzl.ZipFile, entry: yauzl.Entry, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => resolve(Buffer.concat(chunks).subarray(0, max));
      stream.on('data', (c: Buffer) => {
        chunks.push(c);
        size += c.length;
        if (size >= max) {
          stream.removeAllListeners();
          stream.on('error', () => undefined);
          stream.destroy();
          done();
        }
      });
      stream.on('end', done);
      stream.on('error', reject);
    });
  });
}

/** How much of a picture the dry run inflates: a JPEG's dimensions follow its EXIF (64 KB at most). */
const HEAD_BYTES = 96 * 1024;

/**
 * The dry run's look at pictures (decision 0067): each entry's head is inflated and must start
 * as a JPEG, PNG, WebP or GIF whose header the decoder reads. Cheap (nothing is decoded), so a
 * file that is no picture or whose header is broken is named before the run; a picture broken
 * further in is still found by the run's re-encoding. Answers the names that are no picture.
 */
export async function sniffPictures(path: string, names: readonly string[]): Promise<string[]> {
  const { zip, byName } = await openForReading(path);
  const bad: string[] = [];
  for (const name of names) {
    const entry = byName.get(name);
    if (!entry) continue;
    let head: Buffer;
    try {
      head = await readEntryHead(zip, entry, HEAD_BYTES);
    } catch {
      bad.push(name);
      continue;
    }
    const type = sniffImageType(head);
    if (!type || !IMPORT_PICTURE_LIMITS.types.includes(type)) {
      bad.push(name);
      continue;
    }
    const whole = entry.uncompressedSize <= head.length;
    const header = await sharp(head, { failOn: 'none' })
      .metadata()
      .then((m) => Boolean(m.width && m.height))
      .catch(() => false);
    // A head cut short may end before a JPEG's dimensions: only a whole file is judged by them.
    if (!header && whole) bad.push(name);
  }
  return bad;
}

// A zip is opened once for the batches of one run: its central directory is read once.
const openZips = new Map<string, Promise<{ zip: yauzl.ZipFile; byName: Map<string, yauzl.Entry> }>>();
const OPEN_ZIPS_MAX = 4;

function openForReading(path: string) {
  let open = openZips.get(path);
  if (!open) {
    open = (async () => {
      const zip = await openZip({ path });
      const byName = new Map<string, yauzl.Entry>();
      for (const e of await entriesOf(zip)) byName.set(entryName(e), e);
      return { zip, byName };
    })();
    open.catch(() => openZips.delete(path));
    openZips.set(path, open);
    while (openZips.size > OPEN_ZIPS_MAX) {
      const [oldest] = openZips.keys();
      if (oldest === undefined) break;
      void openZips
        .get(oldest)
        ?.then((z) => z.zip.close())
        .catch(() => undefined);
      openZips.delete(oldest);
    }
  }
  return open;
}

/** Lets go of a zip the worker keeps open (its file is about to be deleted). */
export async function closeZip(path: string): Promise<void> {
  const open = openZips.get(path);
  openZips.delete(path);
  if (open) (await open.catch(() => null))?.zip.close();
}

export type ExtractedPicture =
  | ({ name: string; ok: true; type: string; width: number; height: number } & (
      | {
          bytes: Uint8Array;
          /** Its WebP widths, in PICTURE_WIDTHS' order. */
          variants: Uint8Array[];
        }
      /** Written to the local disk already, with its widths (PictureFiles). */
      | { stored: StoredPictureFile }
    ))
  | { name: string; ok: false; code: ImportErrorCode };

/**
 * Where the worker writes the pictures itself, when the storage is the local disk: the thread
 * answering buyers then neither receives a picture's five files (original and widths) through the
 * worker's channel nor writes them, it only records them (decision 0080). S3 keeps the bytes
 * handed back and stored by the answering thread: its credentials stay there.
 */
export interface PictureFiles {
  root: string;
  companyId: number;
}

/**
 * How many pictures of a batch are worked on at once: one fewer than the cores, at least one,
 * so a core is always left to the thread answering buyers (decision 0064).
 */
export const PICTURES_AT_ONCE = Math.max(1, availableParallelism() - 1);

/**
 * The bytes in memory of their own, so the worker can hand them over (handedOverBytes): sharp's
 * output lives in memory Node cannot move between threads and would be copied again on the
 * thread that answers buyers. Copying here costs the worker's thread instead.
 */
const ownCopy = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

/**
 * Pictures of a zip by entry name, each inflated (its size enforced), decoded and re-encoded
 * (decision 0032) — what is stored is only what the decoder understood — and given its WebP
 * widths from that one decode (decision 0067), PICTURES_AT_ONCE at a time; in the names' order.
 */
export async function extractPictures(
  path: string,
  names: readonly string[],
  limits: ImageCheckOptions,
  files?: PictureFiles,
): Promise<ExtractedPicture[]> {
  const { zip, byName } = await openForReading(path);
  const disk = files ? { storage: new LocalDiskStorage(files.root), companyId: files.companyId } : null;
  const one = async (name: string): Promise<ExtractedPicture> => {
    const entry = byName.get(name);
    if (!entry || badEntryPath(name)) return { name, ok: false, code: 'picture_missing' };
    let bytes: Buffer;
    try {
      bytes = await readEntry(zip, entry);
    } catch {
      return { name, ok: false, code: 'entry_too_large' };
    }
    const clean = await reencodeImage(bytes, limits);
    if (!clean.ok)
      return {
        name,
        ok: false,
        code: clean.reason === 'tooLarge' ? 'picture_too_large' : 'picture_not_image',
      };
    const read = { name, ok: true, type: clean.type, width: clean.width, height: clean.height } as const;
    if (disk) {
      const sha256 = pictureSha(clean.bytes);
      const key = pictureKey(disk.companyId, sha256, clean.type);
      const [original, ...widths] = await Promise.all(
        [key, ...PICTURE_WIDTHS.map((w) => variantKey(w, key))].map((k) => disk.storage.exists(k)),
      );
      if (!original) await disk.storage.put(key, clean.bytes, clean.type);
      // The same picture imported again (a file sent twice) has its widths already.
      if (!widths.every(Boolean))
        await storePictureVariants(disk.storage, key, await pictureVariantBytes(clean.bytes));
      return { ...read, stored: { sha256, size: clean.bytes.length } };
    }
    const variants = await pictureVariantBytes(clean.bytes);
    return { ...read, bytes: ownCopy(clean.bytes), variants: variants.map(ownCopy) };
  };
  const out: ExtractedPicture[] = new Array(names.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PICTURES_AT_ONCE, names.length) }, async () => {
      while (next < names.length) {
        const i = next++;
        out[i] = await one(names[i] as string);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------
// The template

/** The template workbook: a header per column (both labels and the key), frozen, an example row. */
export async function buildTemplate(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Vitrine';
  const sheet = book.addWorksheet('products', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({
    header: `${c.label.zh} ${c.label.en} [${c.key}]`,
    key: c.key,
    width: Math.max(14, Math.min(40, c.label.en.length + c.label.zh.length + c.key.length)),
  }));
  sheet.getRow(1).font = { bold: true };
  // Text columns stay text, so a toy number like 00123 keeps its zeros.
  IMPORT_COLUMNS.forEach((c, i) => {
    if (c.kind === 'text' || c.kind === 'pictures') sheet.getColumn(i + 1).numFmt = '@';
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A job of the worker. */
export type ImportWork =
  | { kind: 'sheet'; bytes: Uint8Array; type: SheetType }
  | { kind: 'check'; input: CheckRowsInput }
  | { kind: 'zip'; path: string }
  | { kind: 'pictures'; path: string; names: string[]; limits: ImageCheckOptions; files?: PictureFiles }
  | { kind: 'sniff'; path: string; names: string[] }
  | { kind: 'close'; path: string }
  | { kind: 'template' };

export async function runImportWork(job: ImportWork): Promise<unknown> {
  switch (job.kind) {
    case 'sheet':
      return readSheet(job.bytes, job.type);
    case 'check':
      return checkRows(job.input);
    case 'zip':
      return listZip({ path: job.path });
    case 'pictures':
      return extractPictures(job.path, job.names, job.limits, job.files);
    case 'sniff':
      return sniffPictures(job.path, job.names);
    case 'close':
      return closeZip(job.path);
    case 'template':
      return buildTemplate();
  }
}

/**
 * The bytes of a job's result that a worker thread hands over to the main thread rather than
 * copy: the pictures, original and widths, which the worker drops once sent (decision 0074). A
 * worker process (0078) copies them through its channel all the same.
 */
export function handedOverBytes(result: unknown, job: ImportWork): Uint8Array[] {
  if (job.kind !== 'pictures') return [];
  return (result as ExtractedPicture[]).flatMap((p) =>
    p.ok && 'bytes' in p ? [p.bytes, ...p.variants] : [],
  );
}

/** Runs the import's work: in a worker process (main.ts) or inline (tests, `npm run dev`). */
export type ImportWorker = <J extends ImportWork>(job: J) => Promise<WorkResult<J>>;
export type WorkResult<J extends ImportWork> = J extends { kind: 'sheet' }
  ? SheetRead
  : J extends { kind: 'check' }
    ? CheckedRow[]
    : J extends { kind: 'zip' }
      ? ZipListing
      : J extends { kind: 'pictures' }
        ? ExtractedPicture[]
        : J extends { kind: 'sniff' }
          ? string[]
          : J extends { kind: 'template' }
            ? Buffer | Uint8Array
            : undefined;

export const inlineImportWork: ImportWorker = (job) => runImportWork(job) as never;

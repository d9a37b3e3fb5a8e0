import { lineTotalMinor, parseMajor } from '../../lib/money';

/**
 * The quotation editor's working copy: every cell as the text the clerk typed, so a half-typed
 * "12." is kept as typed and judged, not silently rounded. Numbers are made from it only to
 * total and to save.
 */
export interface DraftLine {
  /** The saved line's id. */
  id: number;
  quantity: string;
  unit: string;
  boxes: string;
  inner_boxes: string;
  packaging: string;
  specifications: string;
  remark: string;
  price: string;
}

export type LineField = Exclude<keyof DraftLine, 'id'>;

/** The cells a clerk edits, in the order of the table's columns (Enter and arrows follow it). */
export const LINE_FIELDS: readonly LineField[] = [
  'quantity',
  'unit',
  'boxes',
  'inner_boxes',
  'packaging',
  'specifications',
  'remark',
  'price',
];

export type LineError =
  | 'required'
  | 'wholeNumber'
  | 'atLeastOne'
  | 'invalid'
  | 'decimals'
  | 'tooLarge'
  | 'tooLong';

export interface Limits {
  maxQuantity: number;
  maxText: number;
}

const WHOLE = /^\d+$/;

function wholeNumber(text: string, min: number, max: number): LineError | null {
  const t = text.trim();
  if (t === '') return 'required';
  if (!WHOLE.test(t)) return 'wholeNumber';
  const n = Number(t);
  if (n < min) return 'atLeastOne';
  if (n > max) return 'tooLarge';
  return null;
}

/** What is wrong with each cell of a line, if anything, for a currency of `exponent` decimals. */
export function lineErrors(line: DraftLine, exponent: number, limits: Limits): Partial<Record<LineField, LineError>> {
  const errors: Partial<Record<LineField, LineError>> = {};
  const quantity = wholeNumber(line.quantity, 1, limits.maxQuantity);
  if (quantity) errors.quantity = quantity;
  const boxes = wholeNumber(line.boxes, 0, limits.maxQuantity);
  if (boxes) errors.boxes = boxes;
  const inner = wholeNumber(line.inner_boxes, 0, limits.maxQuantity);
  if (inner) errors.inner_boxes = inner;
  if (line.unit.trim() === '') errors.unit = 'required';
  for (const f of ['unit', 'packaging', 'specifications', 'remark'] as const)
    if (line[f].length > limits.maxText) errors[f] = 'tooLong';
  const price = parseMajor(line.price, exponent);
  if (!price.ok) errors.price = price.reason === 'empty' ? 'required' : price.reason;
  return errors;
}

/** The line's total in minor units, or null while its price or quantity cannot be read. */
export function lineTotal(line: DraftLine, exponent: number): number | null {
  const price = parseMajor(line.price, exponent);
  const q = line.quantity.trim();
  if (!price.ok || !WHOLE.test(q)) return null;
  return lineTotalMinor(price.minor, Number(q));
}

export interface DraftTotals {
  lines: number;
  boxes: number;
  quantity: number;
  /** Minor units of the lines that can be read. */
  amount: number;
  /** Lines whose total cannot be worked out yet (a bad price or quantity). */
  unreadable: number;
}

export function draftTotals(lines: readonly DraftLine[], exponent: number): DraftTotals {
  const totals: DraftTotals = { lines: lines.length, boxes: 0, quantity: 0, amount: 0, unreadable: 0 };
  for (const line of lines) {
    if (WHOLE.test(line.boxes.trim())) totals.boxes += Number(line.boxes);
    if (WHOLE.test(line.quantity.trim())) totals.quantity += Number(line.quantity);
    const total = lineTotal(line, exponent);
    if (total === null) totals.unreadable += 1;
    else totals.amount += total;
  }
  return totals;
}

export type HeaderError = 'required' | 'percent' | 'pastDate' | 'tooLong';

export interface DraftHeader {
  currency: string;
  trade_term: string;
  deposit_percent: string;
  /** yyyy-mm-dd, or '' for none. */
  valid_until: string;
  bank_account: string;
  remark: string;
}

export function headerErrors(
  header: DraftHeader,
  today: string,
  limits: { maxBank: number; maxRemark: number },
): Partial<Record<keyof DraftHeader, HeaderError>> {
  const errors: Partial<Record<keyof DraftHeader, HeaderError>> = {};
  if (!header.currency) errors.currency = 'required';
  const p = header.deposit_percent.trim();
  if (!/^\d{1,3}$/.test(p) || Number(p) > 100) errors.deposit_percent = 'percent';
  if (header.valid_until && header.valid_until < today) errors.valid_until = 'pastDate';
  if (header.bank_account.trim() === '') errors.bank_account = 'required';
  else if (header.bank_account.length > limits.maxBank) errors.bank_account = 'tooLong';
  if (header.remark.length > limits.maxRemark) errors.remark = 'tooLong';
  return errors;
}

import { ORDER_LIMITS, type OrderDetail, type OrderLine, minorUnitsOf } from '@vitrine/contract';
import type { CallBody } from '../../lib/api';
import type { LineProduct } from './LinesTable';
import { lineTotalMinor, minorToMajorText, parseMajor } from '../../lib/money';

/**
 * The quotation editor's working copy: every cell as the text the clerk typed, so a half-typed
 * "12." is kept as typed and judged, not silently rounded. Numbers are made from it only to
 * total and to save.
 */
export interface DraftLine {
  /** The saved line's id. */
  id: number;
  /** PCS, SET or CTN: pieces and sets count boxes × pieces per box, CTN counts boxes. */
  unit: string;
  boxes: string;
  pieces_per_box: string;
  inner_boxes: string;
  packaging: string;
  specifications: string;
  remark: string;
  price: string;
}

export type LineField = Exclude<keyof DraftLine, 'id'>;

/** The cells a clerk edits, in the order of the table's columns (Enter and arrows follow it). */
export const LINE_FIELDS: readonly LineField[] = [
  'unit',
  'boxes',
  'pieces_per_box',
  'inner_boxes',
  'packaging',
  'specifications',
  'remark',
  'price',
];

export type LineError =
  'required' | 'wholeNumber' | 'atLeastOne' | 'invalid' | 'decimals' | 'tooLarge' | 'tooLong';

/** The contract's bounds (quotationLineInput). */
export interface Limits {
  maxBoxes: number;
  maxPiecesPerBox: number;
  maxPackaging: number;
  maxSpecifications: number;
  maxRemark: number;
  maxUnitPrice: number;
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
export function lineErrors(
  line: DraftLine,
  exponent: number,
  limits: Limits,
): Partial<Record<LineField, LineError>> {
  const errors: Partial<Record<LineField, LineError>> = {};
  const boxes = wholeNumber(line.boxes, 1, limits.maxBoxes);
  if (boxes) errors.boxes = boxes;
  const pieces = wholeNumber(line.pieces_per_box, 1, limits.maxPiecesPerBox);
  if (pieces) errors.pieces_per_box = pieces;
  const inner = wholeNumber(line.inner_boxes, 0, limits.maxBoxes);
  if (inner) errors.inner_boxes = inner;
  if (line.unit.trim() === '') errors.unit = 'required';
  if (line.packaging.trim().length > limits.maxPackaging) errors.packaging = 'tooLong';
  if (line.specifications.trim().length > limits.maxSpecifications) errors.specifications = 'tooLong';
  if (line.remark.trim().length > limits.maxRemark) errors.remark = 'tooLong';
  const price = parseMajor(line.price, exponent);
  if (!price.ok) errors.price = price.reason === 'empty' ? 'required' : price.reason;
  else if (price.minor > limits.maxUnitPrice) errors.price = 'tooLarge';
  return errors;
}

/** The purchase quantity: cartons for CTN, else cartons × pieces per carton; null while unreadable. */
export function purchaseQuantity(line: DraftLine): number | null {
  const boxes = line.boxes.trim();
  const pieces = line.pieces_per_box.trim();
  if (!WHOLE.test(boxes)) return null;
  if (line.unit === 'CTN') return Number(boxes);
  return WHOLE.test(pieces) ? Number(boxes) * Number(pieces) : null;
}

/** The line's total in minor units, or null while its price or quantity cannot be read. */
export function lineTotal(line: DraftLine, exponent: number): number | null {
  const price = parseMajor(line.price, exponent);
  const quantity = purchaseQuantity(line);
  if (!price.ok || quantity === null) return null;
  return lineTotalMinor(price.minor, quantity);
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
    totals.quantity += purchaseQuantity(line) ?? 0;
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
  /** yyyy-mm-dd, or '' for none. */
  estimated_ship_date: string;
  account_info: string;
  remark: string;
}

export function headerErrors(
  header: DraftHeader,
  today: string,
  limits: { maxAccountInfo: number; maxRemark: number },
): Partial<Record<keyof DraftHeader, HeaderError>> {
  const errors: Partial<Record<keyof DraftHeader, HeaderError>> = {};
  if (!header.currency) errors.currency = 'required';
  const p = header.deposit_percent.trim();
  if (!/^\d{1,3}$/.test(p) || Number(p) > 100) errors.deposit_percent = 'percent';
  if (header.valid_until && header.valid_until < today) errors.valid_until = 'pastDate';
  if (header.estimated_ship_date && header.estimated_ship_date < today)
    errors.estimated_ship_date = 'pastDate';
  if (header.account_info.trim() === '') errors.account_info = 'required';
  else if (header.account_info.trim().length > limits.maxAccountInfo) errors.account_info = 'tooLong';
  if (header.remark.trim().length > limits.maxRemark) errors.remark = 'tooLong';
  return errors;
}

/**
 * The contract's bounds of a quotation (quotationLineInput, quotationHeaderInput), checked in the
 * browser so a mistake is shown at its cell; draft.test.ts holds them against the schemas.
 */
export const QUOTE_LIMITS = {
  maxBoxes: 99_999,
  maxPiecesPerBox: 1_000_000,
  maxPackaging: 300,
  maxSpecifications: 500,
  maxRemark: ORDER_LIMITS.REMARK_MAX,
  maxUnitPrice: 1e12,
  maxAccountInfo: ORDER_LIMITS.ACCOUNT_INFO_MAX,
} as const;

/** Epoch ms → the yyyy-mm-dd of a date input, in local time; '' for none. */
export function toDateInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** yyyy-mm-dd → epoch ms at the start of that local day; null for none. */
export function fromDateInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
}

/** A saved quotation as the editor's working copy (removed lines are the buyer's, not shown here). */
export function toDraft(
  order: OrderDetail,
  lines: readonly OrderLine[],
): { header: DraftHeader; lines: DraftLine[] } {
  const exponent = minorUnitsOf(order.currency);
  return {
    header: {
      currency: order.currency,
      trade_term: order.trade_term,
      deposit_percent: String(order.deposit_percent),
      valid_until: toDateInput(order.valid_until),
      estimated_ship_date: toDateInput(order.estimated_ship_date),
      account_info: order.account_info,
      remark: order.remark,
    },
    lines: lines
      .filter((l) => !l.removed)
      .map((l) => ({
        id: l.id,
        unit: l.purchase_unit,
        boxes: String(l.boxes),
        pieces_per_box: String(l.pieces_per_box),
        inner_boxes: String(l.inner_boxes),
        packaging: l.packaging,
        specifications: l.specifications,
        remark: l.remark,
        price: minorToMajorText(l.unit_price, exponent),
      })),
  };
}

/**
 * The working copy as staff_update_quotation's body: every kept line in full, and the lines the
 * clerk removed by id. Only a valid draft is saved, so every cell reads.
 */
export function toUpdateRequest(
  id: number,
  state: { header: DraftHeader; lines: readonly DraftLine[] },
  savedLineIds: readonly number[],
): CallBody<'staff_update_quotation'> {
  const { header } = state;
  const exponent = minorUnitsOf(header.currency);
  const kept = new Set(state.lines.map((l) => l.id));
  return {
    id,
    currency: header.currency as OrderDetail['currency'],
    trade_term: header.trade_term as OrderDetail['trade_term'],
    deposit_percent: Number(header.deposit_percent),
    valid_until: fromDateInput(header.valid_until),
    estimated_ship_date: fromDateInput(header.estimated_ship_date),
    account_info: header.account_info.trim(),
    remark: header.remark.trim(),
    lines: state.lines.map((l) => {
      const price = parseMajor(l.price, exponent);
      if (!price.ok) throw new Error(`line ${l.id}: unreadable price`);
      return {
        id: l.id,
        purchase_unit: l.unit as OrderLine['purchase_unit'],
        boxes: Number(l.boxes),
        pieces_per_box: Number(l.pieces_per_box),
        inner_boxes: Number(l.inner_boxes),
        packaging: l.packaging.trim(),
        specifications: l.specifications.trim(),
        remark: l.remark.trim(),
        unit_price: price.minor,
      };
    }),
    remove_line_ids: savedLineIds.filter((lineId) => !kept.has(lineId)),
  };
}

/** What a line shows beside its cells, and the buyer's answer to it. */
export function lineProduct(line: OrderLine, answered: boolean): LineProduct {
  const state = line.removed
    ? 'removed'
    : line.boxes !== line.quoted_boxes
      ? 'changed'
      : line.line_status === 'confirmed'
        ? 'confirmed'
        : 'pending';
  return {
    picture: line.picture || null,
    number: line.number || null,
    name: line.name,
    answer: answered ? { state, quotedBoxes: line.quoted_boxes } : undefined,
  };
}

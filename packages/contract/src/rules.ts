import { TRADE_TERMS } from './constants';

/**
 * Domain rules the server and the browser both apply, kept here so they cannot drift.
 */

/** The expiry signals of a product, as sync_toy answers them (spec section 4). */
export interface ExpirySignals {
  removed_time: number | null;
  stop_time: number | null;
  is_set_hide: number;
  is_website_hide: number;
}

/**
 * Whether a product counts as expired for a website of the given toy_type (spec section 4):
 * type 1 when removed_time or stop_time is set; type 2 when is_set_hide or removed_time is set;
 * type 3 when removed_time is not the zero date or is_website_hide is set. A missing time (null)
 * and the zero date (0) both mean "not set".
 */
export function isExpired(p: ExpirySignals, toyType: number): boolean {
  const removed = !!p.removed_time;
  switch (toyType) {
    case 1:
      return removed || !!p.stop_time;
    case 2:
      return removed || !!p.is_set_hide;
    case 3:
      return removed || !!p.is_website_hide;
    default:
      return removed;
  }
}

/** Cubic feet in one cubic metre. */
export const CUFT_PER_CBM = 35.3147;

/** Carton volume from its length, width and height in cm: cubic metres and cubic feet. */
export function cartonVolume(
  lengthCm: number,
  widthCm: number,
  heightCm: number,
): { cbm: number; cuft: number } {
  const cbm = (lengthCm * widthCm * heightCm) / 1_000_000;
  return { cbm: Math.round(cbm * 10_000) / 10_000, cuft: Math.round(cbm * CUFT_PER_CBM * 100) / 100 };
}

/** The product number a website shows: number_type 1 toy number, 2 hidden, 3 article number, otherwise the id. */
export function displayedNumber(
  p: { id: number; toy_number: string; article_number: string },
  numberType: number,
): string | null {
  switch (numberType) {
    case 1:
      return p.toy_number || String(p.id);
    case 2:
      return null;
    case 3:
      return p.article_number || String(p.id);
    default:
      return String(p.id);
  }
}

/** What a website's settings say about money: whether prices show, the currency, the trade term. */
export function siteMoney(site: { show_price: number; money_unit: string; trade_terms: number }) {
  return {
    show_price: site.show_price,
    money_unit: site.money_unit,
    trade_term: TRADE_TERMS[site.trade_terms as keyof typeof TRADE_TERMS] ?? '',
  };
}

/** Shipping containers and the volume a selection may fill in each (spec issue: 33, 67, 76 cbm). */
export const CONTAINERS = [
  { type: '20GP', capacity_cbm: 33 },
  { type: '40GP', capacity_cbm: 67 },
  { type: '40HQ', capacity_cbm: 76 },
] as const;

/** One price break: from this many pieces on, this unit price (the catalogue's major units). */
export interface PriceBreak {
  from: number;
  price: number;
}

/** What one cart line needs of its product to be totalled. */
export interface TotallableProduct {
  price: number | null;
  money_unit: string;
  trade_term: string;
  carton_quantity: number;
  gross_weight: number;
  carton: { cbm: number; cuft: number };
  /**
   * Price breaks by pieces, ascending by `from` (decision 0059). Absent in products shaped
   * before the breaks existed (a record's older lines): the unit price then holds for any number.
   */
  price_breaks?: readonly PriceBreak[] | undefined;
  /** The minimum order quantity in pieces; 0 or absent: none. */
  min_order_quantity?: number | undefined;
}

/**
 * The unit price at a number of pieces: the price of the last break whose `from` it reaches,
 * else the product's own price. A hidden price (null) stays hidden whatever the breaks say.
 */
export function unitPriceAt(
  price: number | null,
  breaks: readonly PriceBreak[] | undefined,
  pieces: number,
): number | null {
  if (price === null) return null;
  let unit = price;
  let reached = 0;
  // Not assuming the order: a hand-edited or older list still picks the highest break reached.
  for (const b of breaks ?? []) {
    if (pieces >= b.from && b.from >= reached) {
      unit = b.price;
      reached = b.from;
    }
  }
  return unit;
}

const round = (v: number, places: number): number => {
  const f = 10 ** places;
  return Math.round(v * f) / f;
};

/**
 * What `ctn` cartons of a product amount to. The price is per piece, so the line's price is the
 * unit price at that many pieces (its price break, decision 0059) × pieces per carton × cartons;
 * a product without a carton quantity counts as one piece per carton rather than as free
 * (decision 0013). Weight and volume are per carton. `below_moq` says the pieces do not reach
 * the product's minimum order quantity.
 */
export function lineTotals(p: TotallableProduct, ctn: number) {
  const pieces = Math.max(1, p.carton_quantity) * ctn;
  const unit = unitPriceAt(p.price, p.price_breaks, pieces);
  return {
    pieces,
    unit_price: unit,
    total_price: unit === null ? null : round(unit * pieces, 2),
    total_weight: round(p.gross_weight * ctn, 3),
    total_cbm: round(p.carton.cbm * ctn, 4),
    total_cuft: round(p.carton.cuft * ctn, 2),
    below_moq: (p.min_order_quantity ?? 0) > pieces,
  };
}

/** The fewest cartons that reach a minimum order quantity in pieces (1 when there is none). */
export function cartonsForQuantity(p: Pick<TotallableProduct, 'carton_quantity'>, pieces: number): number {
  return Math.max(1, Math.ceil(pieces / Math.max(1, p.carton_quantity)));
}

/** A cart line: the product, its cartons and what they amount to. */
export function cartLineOf<P extends TotallableProduct>(product: P, ctn: number, addedAt: number) {
  return { product, ctn, added_at: addedAt, ...lineTotals(product, ctn) };
}

/** How full a volume would make one of each kind of container, and how many it needs. */
export function fillContainers(cbm: number) {
  return CONTAINERS.map((c) => ({
    type: c.type,
    capacity_cbm: c.capacity_cbm,
    fill: round(cbm / c.capacity_cbm, 4),
    containers: cbm > 0 ? Math.ceil(cbm / c.capacity_cbm - 1e-9) : 0,
  }));
}

/** Grand totals of a selection, and how full it would make each kind of container. */
export function selectionTotals(
  lines: readonly { product: TotallableProduct; ctn: number }[],
  site: { show_price: number; money_unit: string; trade_term: string },
) {
  let ctn = 0;
  let pieces = 0;
  let price = 0;
  let weight = 0;
  let cbm = 0;
  let belowMoq = 0;
  for (const l of lines) {
    const t = lineTotals(l.product, l.ctn);
    if (t.below_moq) belowMoq++;
    ctn += l.ctn;
    pieces += t.pieces;
    price += t.total_price ?? 0;
    weight += t.total_weight;
    cbm += t.total_cbm;
  }
  cbm = round(cbm, 4);
  return {
    lines: lines.length,
    ctn,
    pieces,
    price: site.show_price ? round(price, 2) : null,
    money_unit: site.money_unit,
    trade_term: site.trade_term,
    weight: round(weight, 3),
    cbm,
    // From the total, as a record recomputes it, so cart and record never differ by a rounding.
    cuft: round(cbm * CUFT_PER_CBM, 2),
    containers: fillContainers(cbm),
    below_moq: belowMoq,
  };
}

/**
 * An HS code as typed ("9503.00.90", "9503 00 90") in the digits kept (95030090): 6, 8 or 10
 * digits (the international six and a national extension). Null when it is not one.
 */
export function normalizeHsCode(text: string): string | null {
  const digits = text.replace(/[\s.]/g, '');
  return /^(\d{6}|\d{8}|\d{10})$/.test(digits) ? digits : null;
}

/** An HS code's digits as customs papers write them: 9503.00, 9503.00.90, 9503.00.90.00. */
export function formatHsCode(digits: string): string {
  return digits.length < 6
    ? digits
    : [digits.slice(0, 4), ...(digits.slice(4).match(/\d{1,2}/g) ?? [])].join('.');
}

/** The i18n keys (under `cart.`) of what is wrong with a sample submission form. */
export type SampleFormProblem =
  'companyNameRequired' | 'contactRequired' | 'emailRequired' | 'emailInvalid' | 'contactWayRequired';

/** A pragmatic address check: one @, a dot in the domain, no spaces (the server sends no mail). */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const isValidEmail = (email: string): boolean => EMAIL.test(email.trim());

/**
 * The rules of spec section 5 for a sample submission, field by field, in the order the form
 * shows them: company name, contact, email (required and valid), and at least one way to be
 * contacted (an email or a phone number).
 */
export function checkSampleForm(form: {
  company_name: string;
  contact: string;
  email: string;
  phone?: string | undefined;
}): { field: 'company_name' | 'contact' | 'email' | 'phone'; problem: SampleFormProblem }[] {
  const problems: { field: 'company_name' | 'contact' | 'email' | 'phone'; problem: SampleFormProblem }[] =
    [];
  if (!form.company_name.trim()) problems.push({ field: 'company_name', problem: 'companyNameRequired' });
  if (!form.contact.trim()) problems.push({ field: 'contact', problem: 'contactRequired' });
  const email = form.email.trim();
  if (!email) problems.push({ field: 'email', problem: 'emailRequired' });
  else if (!isValidEmail(email)) problems.push({ field: 'email', problem: 'emailInvalid' });
  if (!email && !form.phone?.trim()) problems.push({ field: 'phone', problem: 'contactWayRequired' });
  return problems;
}

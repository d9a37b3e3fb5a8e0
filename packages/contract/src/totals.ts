import { CUFT_PER_CBM } from './rules';

/**
 * What a selection amounts to: a line's pieces, price (at its price break), weight and volume,
 * and the grand totals — the one rule the server's cart, the browser's cart and a sample
 * record's stored lines all apply (decisions 0013, 0059). Kept apart from rules.ts so that only
 * the pages that total a selection load it: rules.ts is in every buyer page's first load.
 */

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
 * The price break a number of pieces reaches: the last whose `from` it reaches, or undefined
 * when it reaches none (the product's own price holds). What the cart and the workbook name as
 * the break applied, and what unitPriceAt prices at, so the two never disagree.
 */
export function breakReached(
  breaks: readonly PriceBreak[] | undefined,
  pieces: number,
): PriceBreak | undefined {
  let reached: PriceBreak | undefined;
  // Not assuming the order: a hand-edited or older list still picks the highest break reached.
  for (const b of breaks ?? []) if (pieces >= b.from && b.from >= (reached?.from ?? 0)) reached = b;
  return reached;
}

/**
 * The unit price at a number of pieces: the price of the break it reaches, else the product's
 * own price. A hidden price (null) stays hidden whatever the breaks say.
 */
export function unitPriceAt(
  price: number | null,
  breaks: readonly PriceBreak[] | undefined,
  pieces: number,
): number | null {
  if (price === null) return null;
  return breakReached(breaks, pieces)?.price ?? price;
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

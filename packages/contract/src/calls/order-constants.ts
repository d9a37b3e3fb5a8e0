/**
 * The orders contract's plain lists and limits, apart from its zod schemas (orders.ts), so that a
 * web app that shows or checks them imports this module alone and does not carry the schemas.
 */

/** Every status of a quotation or order. draft is the exporter's only; buyers never see it. */
export const ORDER_STATUSES = [
  'draft',
  'quoted',
  'pending_payment',
  'paid',
  'pending_final_payment',
  'pending_shipment',
  'shipped',
  'closed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The quotation side of the record (spec: to be confirmed / confirmed). */
export const QUOTATION_STATUSES = ['draft', 'quoted'] as const satisfies readonly OrderStatus[];
/** The order side of the record, past its quotation, in the order an order goes through them. */
export const CONFIRMED_ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'pending_final_payment',
  'pending_shipment',
  'shipped',
  'closed',
] as const satisfies readonly OrderStatus[];

/** Purchase units of a line: PCS and SET count pieces (boxes × pieces per box), CTN counts boxes. */
export const PURCHASE_UNITS = ['PCS', 'SET', 'CTN'] as const;
export type PurchaseUnit = (typeof PURCHASE_UNITS)[number];

export const ORDER_TRADE_TERMS = ['', 'EXW', 'FOB', 'CFR', 'CIF'] as const;

export const ORDER_LIMITS = {
  /** Payment voucher (spec sections 5 and 9): png or jpg, at most 10 MB. */
  VOUCHER_MAX_BYTES: 10 * 1024 * 1024,
  VOUCHER_TYPES: ['image/jpeg', 'image/png'] as const,
  /** An attachment (annex) of an order: a picture or a PDF, at most 20 MB. */
  ANNEX_MAX_BYTES: 20 * 1024 * 1024,
  ANNEX_TYPES: ['image/jpeg', 'image/png', 'application/pdf'] as const,
  LINES_MAX: 1000,
  PAGE_SIZE_MAX: 100,
  REMARK_MAX: 2000,
  ACCOUNT_INFO_MAX: 2000,
  REASON_MAX: 500,
} as const;

/** The console's order-list views. */
export const STAFF_ORDER_VIEWS = ['all', 'quotations', 'orders', 'vouchers'] as const;

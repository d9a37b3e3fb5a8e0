import type { OrderDetail, OrderStatus, PurchaseUnit } from '@vitrine/contract';

/**
 * The orders contract's lists and limits the console shows or checks. They are defined beside
 * the zod schemas (calls/orders.ts), and importing them from there would bring the schemas, and
 * zod, into the console's bundle; constants.test.ts holds these copies to the contract.
 */
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
] as const satisfies readonly OrderStatus[];

export const ORDER_TRADE_TERMS = [
  '',
  'EXW',
  'FOB',
  'CFR',
  'CIF',
] as const satisfies readonly OrderDetail['trade_term'][];

export const PURCHASE_UNITS = ['PCS', 'SET', 'CTN'] as const satisfies readonly PurchaseUnit[];

export const STAFF_ORDER_VIEWS = ['all', 'quotations', 'orders', 'vouchers'] as const;

export const ORDER_LIMITS = {
  ANNEX_MAX_BYTES: 20 * 1024 * 1024,
  ANNEX_TYPES: ['image/jpeg', 'image/png', 'application/pdf'] as const,
  REMARK_MAX: 2000,
  ACCOUNT_INFO_MAX: 2000,
  REASON_MAX: 500,
} as const;

import { z } from 'zod';
import { ORDER_CURRENCIES } from '../constants';
import { baseRequest, zeroOne } from '../envelope';
import {
  ORDER_LIMITS,
  ORDER_STATUSES,
  ORDER_TRADE_TERMS,
  type OrderStatus,
  PURCHASE_UNITS,
  STAFF_ORDER_VIEWS,
} from './order-constants';

export * from './order-constants';

/**
 * Quotations and orders (issue 16, spec sections 3, 4, 5 and 9; decision 0029). One record
 * goes from a quotation the exporter drafts to a closed order; its `status` is one state
 * machine (ORDER_TRANSITIONS). Amounts are integers in the currency's minor unit (money.ts:
 * CURRENCY_MINOR_UNITS, formatMinor); times are epoch milliseconds.
 */

/** The buyer's order-list filter (spec section 4): all, confirmed, to be confirmed. */
export const ORDER_LIST_FILTERS = ['all', 'confirmed', 'to_be_confirmed'] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];

/** Who acts on an order: the buyer (a logged-in customer) or the exporter's staff (owner or sales). */
export const ORDER_ACTORS = ['buyer', 'staff'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** The payment parts of an order (spec section 4). */
export const PAYMENT_PARTS = ['deposit', 'balance'] as const;
export type PaymentPart = (typeof PAYMENT_PARTS)[number];

/**
 * Every event of the state machine. Events whose `to` equals their `from` change the record,
 * not its status (a voucher sent, a line edited), but are allowed only in their statuses too.
 */
export const ORDER_EVENTS = [
  'edit_quotation',
  'send',
  'withdraw',
  'edit_lines',
  'confirm',
  'submit_deposit_voucher',
  'reject_deposit_voucher',
  'confirm_deposit',
  'request_balance',
  'submit_balance_voucher',
  'reject_balance_voucher',
  'confirm_balance',
  'ready_to_ship',
  'set_ship_date',
  'attach',
  'ship',
  'close',
  'cancel',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

export interface OrderTransition {
  event: OrderEvent;
  from: readonly OrderStatus[];
  /** The status afterwards; 'same' keeps the status the record was in. */
  to: OrderStatus | 'same';
  by: readonly OrderActor[];
}

const LIVE_ORDER = ['pending_payment', 'paid', 'pending_final_payment', 'pending_shipment'] as const;

/**
 * The whole state machine as data (decision 0029): an event is allowed only from its statuses
 * and only to its actors. The server applies it (with the guards it names in its decision:
 * a voucher waiting for a review, a balance left to pay); the apps read it to offer only what
 * is allowed.
 *
 * draft --send--> quoted --confirm (buyer)--> pending_payment (deposit due; the buyer sends a
 * voucher, staff confirm or reject it) --confirm_deposit--> paid (deposit received, in
 * production) --request_balance--> pending_final_payment (balance due, voucher as above)
 * --confirm_balance--> pending_shipment --ship--> shipped --close--> closed. With nothing left
 * to pay after the deposit (100 %), paid --ready_to_ship--> pending_shipment.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { event: 'edit_quotation', from: ['draft'], to: 'same', by: ['staff'] },
  { event: 'send', from: ['draft'], to: 'quoted', by: ['staff'] },
  { event: 'withdraw', from: ['quoted'], to: 'draft', by: ['staff'] },
  { event: 'edit_lines', from: ['quoted'], to: 'same', by: ['buyer'] },
  { event: 'confirm', from: ['quoted'], to: 'pending_payment', by: ['buyer'] },
  { event: 'submit_deposit_voucher', from: ['pending_payment'], to: 'same', by: ['buyer'] },
  { event: 'reject_deposit_voucher', from: ['pending_payment'], to: 'same', by: ['staff'] },
  { event: 'confirm_deposit', from: ['pending_payment'], to: 'paid', by: ['staff'] },
  { event: 'request_balance', from: ['paid'], to: 'pending_final_payment', by: ['staff'] },
  { event: 'submit_balance_voucher', from: ['pending_final_payment'], to: 'same', by: ['buyer'] },
  { event: 'reject_balance_voucher', from: ['pending_final_payment'], to: 'same', by: ['staff'] },
  { event: 'confirm_balance', from: ['pending_final_payment'], to: 'pending_shipment', by: ['staff'] },
  { event: 'ready_to_ship', from: ['paid'], to: 'pending_shipment', by: ['staff'] },
  { event: 'set_ship_date', from: ['draft', 'quoted', ...LIVE_ORDER], to: 'same', by: ['staff'] },
  {
    event: 'attach',
    from: ['draft', 'quoted', ...LIVE_ORDER, 'shipped'],
    to: 'same',
    by: ['buyer', 'staff'],
  },
  { event: 'ship', from: ['pending_shipment'], to: 'shipped', by: ['staff'] },
  { event: 'close', from: ['shipped'], to: 'closed', by: ['staff'] },
  // A buyer may decline a quotation or cancel an order nothing has been paid on; money
  // received makes cancelling the exporter's decision.
  { event: 'cancel', from: ['quoted', 'pending_payment'], to: 'cancelled', by: ['buyer', 'staff'] },
  {
    event: 'cancel',
    from: ['draft', 'paid', 'pending_final_payment', 'pending_shipment'],
    to: 'cancelled',
    by: ['staff'],
  },
];

/** The status an event leads to from a status, for an actor; null when the machine refuses it. */
export function nextStatus(status: OrderStatus, event: OrderEvent, actor: OrderActor): OrderStatus | null {
  const t = ORDER_TRANSITIONS.find(
    (x) => x.event === event && x.from.includes(status) && x.by.includes(actor),
  );
  if (!t) return null;
  return t.to === 'same' ? status : t.to;
}

/** The events an actor may start from a status (guards aside). */
export const eventsFrom = (status: OrderStatus, actor: OrderActor): OrderEvent[] => [
  ...new Set(
    ORDER_TRANSITIONS.filter((t) => t.from.includes(status) && t.by.includes(actor)).map((t) => t.event),
  ),
];

// --- shared shapes ----------------------------------------------------------------------------

const id = z.number().int().positive();
const epochMs = z.number().int().describe('Epoch milliseconds');
const minor = z
  .number()
  .int()
  .describe('Integer amount in the minor unit of the currency (CURRENCY_MINOR_UNITS)');

export const VOUCHER_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const orderVoucher = z.object({
  id: z.number().int(),
  part: z.enum(PAYMENT_PARTS),
  status: z.enum(VOUCHER_STATUSES).describe('pending: waiting for the exporter to check the receipt'),
  amount: minor.describe('The amount of the part when the voucher was sent'),
  currency: z.string(),
  url: z.string().describe('The re-encoded picture, as stored'),
  width: z.number().int(),
  height: z.number().int(),
  submitted_at: epochMs,
  reviewed_at: epochMs.nullable(),
  reviewed_by: z.string().describe("The staff member's name; empty until reviewed"),
  reason: z.string().describe('Why it was rejected; empty otherwise'),
});
export type OrderVoucher = z.infer<typeof orderVoucher>;

export const orderAttachment = z.object({
  id: z.number().int(),
  file_name: z.string(),
  url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.enum(ORDER_ACTORS),
  uploaded_by_name: z.string(),
  created_at: epochMs,
});
export type OrderAttachment = z.infer<typeof orderAttachment>;

export const orderHistoryEntry = z.object({
  id: z.number().int(),
  event: z.enum([...ORDER_EVENTS, 'create']),
  from_status: z.enum(ORDER_STATUSES).nullable().describe('Null for the creation'),
  to_status: z.enum(ORDER_STATUSES),
  actor: z.enum(ORDER_ACTORS),
  actor_name: z.string(),
  note: z.string().describe('A rejection reason, a cancellation note, what changed'),
  created_at: epochMs,
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

/** A quotation or order as lists show it (spec section 3's header fields). */
export const orderSummary = z.object({
  id: z.number().int(),
  order_number: z
    .string()
    .describe('Per company: Q + day + counter, kept once the quotation becomes an order'),
  status: z.enum(ORDER_STATUSES),
  confirm_status: z.enum(['to_be_confirmed', 'confirmed']).describe('to_be_confirmed while a quotation'),
  currency: z.enum(ORDER_CURRENCIES),
  trade_term: z.enum(ORDER_TRADE_TERMS),
  order_amount: minor.describe('Sum of the line amounts'),
  deposit_percent: z.number().int().min(0).max(100),
  deposit_amount: minor,
  balance_amount: minor.describe('order_amount - deposit_amount'),
  total_products: z.number().int().describe('Lines (products)'),
  total_boxes: z.number().int().describe('Cartons'),
  total_quantity: z.number().int().describe('Procurement quantity: the purchase quantities added up'),
  created_at: epochMs.describe('Initiation time'),
  updated_at: epochMs.describe('Last change of any kind (a status, a voucher, a review)'),
  modified_at: epochMs.describe('Last change of the lines or the terms'),
  sent_at: epochMs.nullable(),
  confirmed_at: epochMs.nullable(),
  valid_until: epochMs.nullable().describe("The quotation's validity"),
  estimated_ship_date: epochMs.nullable(),
  pending_vouchers: z.number().int().describe('Vouchers waiting for the exporter to check'),
  unviewed_lines: z.number().int().describe('Lines the buyer has not seen yet'),
  customer_id: z.number().int(),
  customer_name: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderDetail = orderSummary.extend({
  account_info: z.string().describe("The exporter's bank account information for the transfer"),
  remark: z.string(),
  pi_number: z.string().describe('Proforma invoice number, per company; empty until the buyer confirms'),
  sample_id: z.number().int().nullable().describe('The sample list the quotation was made from'),
  sample_number: z.string(),
  /** What is due now: the part the buyer is to pay, or null. */
  payment_due: z.enum(PAYMENT_PARTS).nullable(),
  vouchers: z.array(orderVoucher).describe('Newest first'),
  attachments: z.array(orderAttachment),
  history: z.array(orderHistoryEntry).describe('Oldest first: every transition with its time and actor'),
  proforma: z.object({
    available: z.boolean().describe('A proforma invoice exists once the buyer confirmed'),
    pi_number: z.string(),
  }),
  actions: z
    .array(z.enum([...ORDER_EVENTS]))
    .describe("The events the caller may start now (the machine's table and its guards)"),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** A line as quoted (spec section 3's order line); it keeps its own copy of the product. */
export const orderLine = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable().describe('Null once the product left the catalogue'),
  picture: z.string(),
  number: z.string().describe('The product number as quoted'),
  name: z.string().describe("In the request's language when the quoted copy has it"),
  purchase_quantity: z.number().int(),
  purchase_unit: z.enum(PURCHASE_UNITS),
  boxes: z.number().int(),
  inner_boxes: z.number().int(),
  pieces_per_box: z.number().int(),
  packaging: z.string(),
  specifications: z.string(),
  remark: z.string(),
  unit_price: minor.describe('Per purchase unit'),
  amount: minor.describe('unit_price × purchase_quantity'),
  carton_cbm: z.number(),
  gross_weight: z.number().describe('kg per carton'),
  line_status: z.enum(['to_be_confirmed', 'confirmed']),
  viewed: zeroOne.describe('1 once the buyer has seen the line'),
  quoted_boxes: z
    .number()
    .int()
    .describe('Boxes as the exporter quoted them; differs when the buyer changed them'),
  removed: zeroOne.describe('1 when the buyer deleted the line (staff see it; buyers do not)'),
});
export type OrderLine = z.infer<typeof orderLine>;

export const orderLineTotals = z.object({
  products: z.number().int(),
  boxes: z.number().int(),
  quantity: z.number().int(),
  amount: minor,
  cbm: z.number(),
  weight: z.number(),
  currency: z.enum(ORDER_CURRENCIES),
});

const pageRequest = {
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(ORDER_LIMITS.PAGE_SIZE_MAX).default(20),
};
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

export const orderPage = pageOf(orderSummary);
export const orderLinePage = pageOf(orderLine).extend({ totals: orderLineTotals });

const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/)
  .describe('Chosen once per action by the client; a retry with the same key answers as the first');

// --- buyer calls --------------------------------------------------------------------------------

export const orderIdRequest = baseRequest.extend({ id });
export const orderPageRequest = baseRequest.extend(pageRequest);
export const orderLinesRequest = orderIdRequest.extend({
  page: pageRequest.page,
  page_size: z.number().int().min(1).max(ORDER_LIMITS.LINES_MAX).default(ORDER_LIMITS.LINES_MAX),
});

export const getOrderListRequest = orderPageRequest.extend({
  filter: z.enum(ORDER_LIST_FILTERS).default('all'),
  status: z.enum(ORDER_STATUSES).optional().describe('Narrows to one status'),
});

export const UPDATE_CONFIRM_ACTIONS = [
  'confirm_lines',
  'set_boxes',
  'delete_lines',
  'confirm_order',
  'decline_order',
] as const;

export const updateConfirmOrderRequest = orderIdRequest.extend({
  action: z
    .enum(UPDATE_CONFIRM_ACTIONS)
    .describe(
      'confirm_lines, set_boxes, delete_lines: batch actions on line_ids (a selection is required); ' +
        'confirm_order: the buyer accepts the quotation (it becomes an order, deposit due); decline_order: cancels it',
    ),
  line_ids: z.array(id).max(ORDER_LIMITS.LINES_MAX).default([]),
  boxes: z.number().int().min(1).max(99_999).optional().describe('For set_boxes'),
  idempotency_key: idempotencyKey.optional().describe('For confirm_order and decline_order'),
});

export const submitOrderVoucherRequest = orderIdRequest.extend({
  part: z.enum(PAYMENT_PARTS),
  url: z
    .string()
    .min(1)
    .max(1000)
    .describe("file_url of a picture uploaded with get_temp_auth, purpose 'voucher'"),
  idempotency_key: idempotencyKey,
});

export const uploadOrderAnnexRequest = orderIdRequest.extend({
  url: z
    .string()
    .min(1)
    .max(1000)
    .describe("file_url of a file uploaded with get_temp_auth, purpose 'annex'"),
  file_name: z.string().trim().min(1).max(200),
});

export const proformaResponse = z.object({
  url: z
    .string()
    .describe(
      'A signed link to the PDF, good for 5 minutes (decision 0041): follow it at once, ask again later',
    ),
  filename: z.string(),
  pi_number: z.string(),
  size: z.number().int(),
});

export const orderCountsResponse = z.object({
  to_confirm: z.number().int().describe('Quotations waiting for the buyer'),
  by_status: z.record(z.enum(ORDER_STATUSES), z.number().int()).describe('Orders per status (draft never)'),
  payment_due: z.number().int().describe('Orders waiting for a deposit or balance voucher from the buyer'),
});

/** /inventory (decision 0030): what the buyer ordered, per product, across orders. */
export const inventoryItem = z.object({
  product_id: z.number().int().nullable(),
  number: z.string(),
  name: z.string(),
  picture: z.string(),
  orders: z.number().int().describe('Orders (past confirmation, not cancelled) with the product'),
  boxes_ordered: z.number().int(),
  boxes_shipped: z.number().int().describe('In orders shipped or closed'),
  boxes_outstanding: z.number().int(),
  quantity_ordered: z.number().int(),
  last_ordered_at: epochMs,
});
export const getInventoryRequest = orderPageRequest.extend({
  filter: z.enum(['all', 'outstanding']).default('all'),
});
export const inventoryPage = pageOf(inventoryItem);

// --- staff calls --------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max);

export const quotationHeaderInput = z.object({
  currency: z.enum(ORDER_CURRENCIES),
  trade_term: z.enum(ORDER_TRADE_TERMS),
  deposit_percent: z.number().int().min(0).max(100),
  valid_until: epochMs.nullable(),
  account_info: text(ORDER_LIMITS.ACCOUNT_INFO_MAX),
  remark: text(ORDER_LIMITS.REMARK_MAX),
  estimated_ship_date: epochMs.nullable(),
});

export const staffCreateQuotationRequest = baseRequest.extend({
  sample_id: id.describe("The sample list to quote; its lines are copied with the catalogue's prices"),
  ...quotationHeaderInput.partial().shape,
});

export const quotationLineInput = z.object({
  id,
  purchase_unit: z.enum(PURCHASE_UNITS).optional(),
  boxes: z.number().int().min(1).max(99_999).optional(),
  inner_boxes: z.number().int().min(0).max(99_999).optional(),
  pieces_per_box: z.number().int().min(1).max(1_000_000).optional(),
  packaging: text(300).optional(),
  specifications: text(500).optional(),
  remark: text(ORDER_LIMITS.REMARK_MAX).optional(),
  unit_price: minor.min(0).max(1e12).optional(),
});

export const staffUpdateQuotationRequest = baseRequest.extend({
  id,
  ...quotationHeaderInput.partial().shape,
  lines: z.array(quotationLineInput).max(ORDER_LIMITS.LINES_MAX).default([]),
  remove_line_ids: z.array(id).max(ORDER_LIMITS.LINES_MAX).default([]),
});

export const staffListOrdersRequest = baseRequest.extend({
  ...pageRequest,
  view: z
    .enum(STAFF_ORDER_VIEWS)
    .default('all')
    .describe(
      'quotations: draft and quoted; orders: past confirmation; vouchers: a voucher waits for review',
    ),
  status: z.enum(ORDER_STATUSES).optional(),
  customer_id: id.optional(),
  date_from: epochMs.optional().describe('Created at or after'),
  date_to: epochMs.optional().describe('Created before'),
  search: text(100).default('').describe('Part of the order number or the customer name'),
});

export const staffOrderResponse = z.object({
  order: orderDetail,
  lines: z.array(orderLine).describe("Every line, the buyer's removed ones included (removed: 1)"),
  totals: orderLineTotals,
});

export const staffReviewVoucherRequest = baseRequest.extend({
  voucher_id: id,
  decision: z.enum(['confirm', 'reject']),
  reason: text(ORDER_LIMITS.REASON_MAX).default('').describe('Required to reject; the buyer sees it'),
});

export const staffSetShipDateRequest = baseRequest.extend({ id, estimated_ship_date: epochMs.nullable() });

export const staffAttachOrderFileRequest = baseRequest.extend({
  id,
  url: z
    .string()
    .min(1)
    .max(1000)
    .describe('file_url of a file uploaded with staff_get_order_upload_credential'),
  file_name: text(200).min(1),
});

/** confirm_deposit here is for an order without a deposit (0 %); a paid deposit is confirmed by reviewing its voucher. */
export const STAFF_ADVANCE_EVENTS = [
  'send',
  'confirm_deposit',
  'withdraw',
  'request_balance',
  'ready_to_ship',
  'ship',
  'close',
  'cancel',
] as const satisfies readonly OrderEvent[];

export const staffAdvanceOrderRequest = baseRequest.extend({
  id,
  event: z.enum(STAFF_ADVANCE_EVENTS),
  note: text(ORDER_LIMITS.REASON_MAX).default(''),
});

export const staffOrderCounts = z.object({
  new_vouchers: z.number().int().describe('Vouchers waiting for a review: the badge of the navigation'),
  drafts: z.number().int(),
  quoted: z.number().int().describe('Quotations waiting for buyers'),
  to_ship: z.number().int().describe('Orders in pending_shipment'),
});

export const staffOrderUploadCredentialRequest = baseRequest.extend({
  content_type: z.enum(ORDER_LIMITS.ANNEX_TYPES),
});

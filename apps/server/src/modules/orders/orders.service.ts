import { createHash } from 'node:crypto';
import {
  type CallResponse,
  type CallResult,
  ErrorCode,
  fail,
  isOrderCurrency,
  minorToDecimal,
  minorUnitsOf,
  ok,
  type OrderActor,
  type OrderCurrency,
  type OrderDetail,
  type OrderEvent,
  type OrderLine,
  type OrderListFilter,
  ORDER_STATUSES,
  CONFIRMED_ORDER_STATUSES,
  DEFAULT_LANGUAGE,
  isEnglishMode,
  languageByKey,
  type OrderStatus,
  type OrderSummary,
  type PaymentPart,
  type ProductCard,
  type PurchaseUnit,
  splitDeposit,
  toMinor,
  TRADE_TERMS,
  type WebsiteInfo,
  unitPriceAt,
} from '@vitrine/contract';
import type { Translate } from '@vitrine/i18n/all';
import type { MessageKey } from '@vitrine/i18n';
import type { z } from 'zod';
import type {
  quotationLineInput,
  staffCreateQuotationRequest,
  staffListOrdersRequest,
  staffUpdateQuotationRequest,
  updateConfirmOrderRequest,
} from '@vitrine/contract';
import sharp from 'sharp';
import { staffAuditEntry } from '../../db/audit';
import type { Clock } from '../../platform/clock';
import type { StaffCaller } from '../../platform/context';
import type { Storage } from '../../platform/storage';
import { allowedEvents, decide, type GuardRefusal, type OrderFacts } from './orders.machine';
import type { NewEvent, OrdersRepository } from './orders.repository';
import { ProformaBusyError } from './proforma/proforma.service';

/** A picture an order call takes from the company's uploads, checked by its content. */
export type UploadedPicture =
  | {
      ok: true;
      bytes: Buffer;
      type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
      width: number;
      height: number;
    }
  | { ok: false; reason: string };
/** A file an attachment takes: a picture or a PDF, checked by its content. */
export type UploadedFile =
  { ok: true; key: string; bytes: Buffer; type: string } | { ok: false; reason: string };

/** What happened to an order, for whoever listens (app.ts puts it on the bus for the sockets). */
export interface OrderChange {
  companyId: number;
  orderId: number;
  customerId: number;
  status: OrderStatus;
  event: OrderEvent | 'create';
  at: number;
}

/** The order as the proforma invoice shows it: the order, its kept lines, who it is from and to. */
export interface ProformaOrder {
  companyId: number;
  order: OrderDetail;
  lines: OrderLine[];
  /** The caller's language (a LangKey): the labels and number formats. */
  lang: string;
  seller: {
    /** The main name first (Chinese in Chinese, else the English one), then the other. */
    names: string[];
    address: string[];
    phone: string;
    email: string;
    /** The company's logo as stored (its URL); '' for none. */
    logo: string;
  };
  buyer: { company: string; contact: string; phone: string; email: string };
}

/**
 * The proforma renderer (orders.proforma.ts): makes the PDF off the request thread or takes it
 * from its cache, and answers a short-lived link to it. Rejects with ProformaBusyError when it
 * has as many documents to draw as it takes.
 */
export interface ProformaPort {
  document(input: ProformaOrder): Promise<{ url: string; filename: string; size: number }>;
}

export interface OrdersServiceDeps {
  repo: OrdersRepository;
  clock: Clock;
  storage: Storage;
  /** A voucher upload of the company, checked as a png or jpg of at most 10 MB (uploads provides it). */
  readVoucher(url: string, companyId: number): Promise<UploadedPicture>;
  /** An attachment upload of the company (uploads provides it). */
  readAnnex(url: string, companyId: number): Promise<UploadedFile>;
  /** Absent until the proforma renderer is wired (app.ts): the download then says it is not available. */
  proforma?: ProformaPort | undefined;
  /** Called after every committed change (app.ts publishes it on the bus). */
  onChange?: ((change: OrderChange) => void) | undefined;
}

/** Who acts: a customer of a company, or a staff member. */
export interface BuyerCaller {
  companyId: number;
  websiteId: number;
  customerId: number;
  customerName: string;
  t: Translate;
  lang: string;
}

type OrderRow = NonNullable<Awaited<ReturnType<OrdersRepository['one']>>>;
type LineRow = Awaited<ReturnType<OrdersRepository['lines']>>[number];
type Repo = OrdersRepository;

const DAY_MS = 24 * 3600 * 1000;
/** A quotation is valid for 30 days unless the exporter says otherwise. */
const DEFAULT_VALIDITY_MS = 30 * DAY_MS;
const DEFAULT_DEPOSIT_PERCENT = 30;

export const lineQuantity = (unit: PurchaseUnit, boxes: number, piecesPerBox: number): number =>
  unit === 'CTN' ? boxes : boxes * piecesPerBox;

/** A minor amount in another currency's minor unit, keeping the number shown (no exchange rate). */
export const rescaleMinor = (minor: number, from: string, to: string): number => {
  const shift = minorUnitsOf(to) - minorUnitsOf(from);
  return shift >= 0 ? minor * 10 ** shift : Math.round(minor / 10 ** -shift);
};

/** Ends a transaction early with an answer: a refusal, or a replay whose twin already wrote. */
class Refused extends Error {
  constructor(readonly result: CallResult<never> | CallResult<{ changed: false }>) {
    super('refused');
  }
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; message?: string } | null;
  return err?.code === '23505' || /UNIQUE constraint failed/.test(String(err?.message ?? ''));
};

const VOUCHER_TIPS: Record<string, MessageKey> = {
  notFound: 'api.orders.voucher.notFound',
  empty: 'api.orders.voucher.notImage',
  notImage: 'api.orders.voucher.notImage',
  wrongType: 'api.orders.voucher.wrongType',
  tooLarge: 'api.orders.voucher.tooLarge',
  unreadable: 'api.orders.voucher.unreadable',
  tooSmall: 'api.orders.voucher.unreadable',
  badAspect: 'api.orders.voucher.badAspect',
};

const BUYER_GUARD_TIPS: Record<GuardRefusal | 'notAllowed', MessageKey> = {
  notAllowed: 'api.orders.notAllowed',
  noLines: 'api.orders.noLines',
  expired: 'api.orders.expired',
  accountInfoRequired: 'api.orders.notAllowed',
  voucherPending: 'api.orders.voucherPending',
  noVoucher: 'api.orders.notAllowed',
  depositDue: 'api.orders.notAllowed',
  balanceLeft: 'api.orders.notAllowed',
  nothingToPay: 'api.orders.notAllowed',
};

export function createOrdersService(deps: OrdersServiceDeps) {
  const { repo, clock, storage } = deps;

  const summaryOf = (r: OrderRow): OrderSummary => ({
    id: Number(r.id),
    order_number: r.order_number,
    status: r.status as OrderStatus,
    confirm_status: r.confirmed_at === null ? 'to_be_confirmed' : 'confirmed',
    currency: (isOrderCurrency(r.currency) ? r.currency : 'USD') as OrderCurrency,
    trade_term: (r.trade_term || '') as OrderSummary['trade_term'],
    order_amount: Number(r.order_amount_minor),
    deposit_percent: Number(r.deposit_percent),
    deposit_amount: Number(r.deposit_amount_minor),
    balance_amount: Number(r.balance_amount_minor),
    total_products: Number(r.total_products),
    total_boxes: Number(r.total_boxes),
    total_quantity: Number(r.total_quantity),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    modified_at: Number(r.modified_at),
    sent_at: r.sent_at === null ? null : Number(r.sent_at),
    confirmed_at: r.confirmed_at === null ? null : Number(r.confirmed_at),
    valid_until: r.valid_until === null ? null : Number(r.valid_until),
    estimated_ship_date: r.estimated_ship_date === null ? null : Number(r.estimated_ship_date),
    pending_vouchers: r.pending_vouchers,
    unviewed_lines: r.unviewed_lines,
    customer_id: Number(r.customer_id),
    customer_name: r.customer_name,
  });

  const snapshotOf = (l: LineRow): Partial<ProductCard> => {
    try {
      return JSON.parse(l.snapshot) as Partial<ProductCard>;
    } catch {
      return {};
    }
  };

  const lineOf = (l: LineRow): OrderLine => {
    const snap = snapshotOf(l);
    return {
      id: Number(l.id),
      product_id: l.product_id === null ? null : Number(l.product_id),
      picture: snap.picture ?? '',
      number: snap.number ?? '',
      name: snap.name ?? '',
      purchase_quantity: Number(l.purchase_quantity),
      purchase_unit: l.purchase_unit as PurchaseUnit,
      boxes: Number(l.boxes),
      inner_boxes: Number(l.inner_boxes),
      pieces_per_box: Number(l.pieces_per_box),
      packaging: l.packaging,
      specifications: l.specifications,
      remark: l.remark,
      unit_price: Number(l.unit_price_minor),
      amount: Number(l.amount_minor),
      carton_cbm: snap.carton?.cbm ?? 0,
      gross_weight: snap.gross_weight ?? 0,
      line_status: l.line_status === 'confirmed' ? 'confirmed' : 'to_be_confirmed',
      viewed: l.viewed ? 1 : 0,
      quoted_boxes: Number(l.quoted_boxes),
      removed: l.removed_at === null ? 0 : 1,
    };
  };

  const totalsOf = (lines: OrderLine[], currency: OrderCurrency) => {
    const kept = lines.filter((l) => !l.removed);
    return {
      products: kept.length,
      boxes: kept.reduce((s, l) => s + l.boxes, 0),
      quantity: kept.reduce((s, l) => s + l.purchase_quantity, 0),
      amount: kept.reduce((s, l) => s + l.amount, 0),
      cbm: Math.round(kept.reduce((s, l) => s + l.carton_cbm * l.boxes, 0) * 10_000) / 10_000,
      weight: Math.round(kept.reduce((s, l) => s + l.gross_weight * l.boxes, 0) * 100) / 100,
      currency,
    };
  };

  async function factsOf(r: Repo, row: OrderRow): Promise<OrderFacts> {
    const [lines, deposit, balance] = await Promise.all([
      r.lineTotals(Number(row.company_id), Number(row.id)),
      r.pendingVoucher(Number(row.company_id), Number(row.id), 'deposit'),
      r.pendingVoucher(Number(row.company_id), Number(row.id), 'balance'),
    ]);
    return {
      status: row.status as OrderStatus,
      lines: lines.products,
      deposit: Number(row.deposit_amount_minor),
      balance: Number(row.balance_amount_minor),
      pendingVoucher: { deposit: !!deposit, balance: !!balance },
      accountInfo: row.account_info,
      validUntil: row.valid_until === null ? null : Number(row.valid_until),
      now: clock.now(),
    };
  }

  async function detailOf(r: Repo, row: OrderRow, actor: OrderActor): Promise<OrderDetail> {
    const companyId = Number(row.company_id);
    const id = Number(row.id);
    const [vouchers, attachments, events, facts] = await Promise.all([
      r.vouchers(companyId, id),
      r.attachments(companyId, id),
      r.events(companyId, id),
      factsOf(r, row),
    ]);
    const summary = summaryOf(row);
    const status = summary.status;
    return {
      ...summary,
      account_info: row.account_info,
      remark: row.remark,
      pi_number: row.pi_number,
      sample_id: row.sample_id === null ? null : Number(row.sample_id),
      sample_number: row.sample_number ?? '',
      payment_due:
        status === 'pending_payment' ? 'deposit' : status === 'pending_final_payment' ? 'balance' : null,
      vouchers: vouchers.map((v) => ({
        id: Number(v.id),
        part: v.part as PaymentPart,
        status: v.status as 'pending' | 'confirmed' | 'rejected',
        amount: Number(v.amount_minor),
        currency: v.currency,
        url: storage.publicUrl(v.storage_key),
        width: Number(v.width),
        height: Number(v.height),
        submitted_at: Number(v.submitted_at),
        reviewed_at: v.reviewed_at === null ? null : Number(v.reviewed_at),
        reviewed_by: v.reviewed_by_name,
        reason: v.reason,
      })),
      attachments: attachments.map((a) => ({
        id: Number(a.id),
        file_name: a.file_name,
        url: storage.publicUrl(a.storage_key),
        content_type: a.content_type,
        size: Number(a.size),
        uploaded_by: a.uploaded_by === 'staff' ? 'staff' : 'buyer',
        uploaded_by_name: a.uploaded_by_name,
        created_at: Number(a.created_at),
      })),
      history: events.map((e) => ({
        id: Number(e.id),
        event: e.event as OrderEvent | 'create',
        from_status: (e.from_status as OrderStatus | null) ?? null,
        to_status: e.to_status as OrderStatus,
        actor: e.actor === 'staff' ? 'staff' : 'buyer',
        actor_name: e.actor_name,
        note: e.note,
        created_at: Number(e.created_at),
      })),
      proforma: { available: row.pi_number !== '', pi_number: row.pi_number },
      actions: allowedEvents(actor, facts),
    };
  }

  /** Sums the kept lines into the order's totals and amounts (deposit + balance = amount exactly). */
  async function recompute(r: Repo, row: OrderRow, now: number, percent = Number(row.deposit_percent)) {
    const companyId = Number(row.company_id);
    const totals = await r.lineTotals(companyId, Number(row.id));
    const { deposit, balance } = splitDeposit(totals.amount, percent);
    const currency = row.currency;
    await r.moveOrder(companyId, Number(row.id), row.status, {
      order_amount_minor: totals.amount,
      deposit_amount_minor: deposit,
      balance_amount_minor: balance,
      // 0001's decimal columns carry the same amounts, for anything that still reads them.
      order_amount: Number(minorToDecimal(totals.amount, currency)),
      deposit_amount: Number(minorToDecimal(deposit, currency)),
      balance_amount: Number(minorToDecimal(balance, currency)),
      total_products: totals.products,
      total_boxes: totals.boxes,
      total_quantity: totals.quantity,
      modified_at: now,
      updated_at: now,
    });
  }

  const changed = (
    row: { company_id: number; id: number; customer_id: number },
    status: OrderStatus,
    event: OrderChange['event'],
  ) => {
    try {
      deps.onChange?.({
        companyId: Number(row.company_id),
        orderId: Number(row.id),
        customerId: Number(row.customer_id),
        status,
        event,
        at: clock.now(),
      });
    } catch {
      // A listener's fault never undoes a committed change.
    }
  };

  interface Actor {
    type: OrderActor;
    id: number;
    name: string;
  }

  /**
   * Applies one event of the machine in the caller's transaction: the status moves only from
   * the status read (compare and set), and the history gets the entry. When another request
   * moved the order first by the same event (a retry, a double click, a concurrent twin), the
   * answer is the same as the first's: `replayed`.
   */
  async function transition(
    r: Repo,
    row: OrderRow,
    event: OrderEvent,
    actor: Actor,
    opts: {
      note?: string;
      requestKey?: string | null;
      patch?: Record<string, unknown>;
      refuse: (reason: string) => CallResult<never>;
    },
  ): Promise<{ replayed: boolean; to: OrderStatus }> {
    const companyId = Number(row.company_id);
    const id = Number(row.id);
    if (opts.requestKey) {
      const done = await r.eventByKey(companyId, id, opts.requestKey);
      if (done) {
        if (done.event !== event) throw new Refused(opts.refuse('notAllowed'));
        return { replayed: true, to: done.to_status as OrderStatus };
      }
    }
    const decision = decide(event, actor.type, await factsOf(r, row));
    if (!decision.ok) {
      throw new Refused(opts.refuse(decision.reason));
    }
    const now = clock.now();
    const moved = await r.moveOrder(companyId, id, row.status, {
      status: decision.to,
      updated_at: now,
      ...opts.patch,
    });
    if (!moved) {
      const fresh = await r.one(companyId, id);
      const last = await r.lastEvent(companyId, id);
      if (fresh && last && last.event === event && last.actor === actor.type && fresh.status === decision.to)
        return { replayed: true, to: decision.to };
      throw new Refused(opts.refuse('conflict'));
    }
    const entry: NewEvent = {
      event,
      from_status: row.status,
      to_status: decision.to,
      actor: actor.type,
      actor_id: actor.id,
      actor_name: actor.name,
      note: opts.note ?? '',
      request_key: opts.requestKey ?? null,
      created_at: now,
    };
    await r.insertEvent(companyId, id, entry);
    return { replayed: false, to: decision.to };
  }

  /** Runs work in one transaction; a refusal thrown inside rolls it back and becomes the answer. */
  async function inTransaction<T>(work: (r: Repo) => Promise<CallResult<T>>): Promise<CallResult<T>> {
    try {
      return await repo.transaction(work);
    } catch (e) {
      if (e instanceof Refused) return e.result as CallResult<T>;
      throw e;
    }
  }

  // --- the buyer's side ------------------------------------------------------------------------

  const buyerRefusal = (t: Translate) => (reason: string) =>
    fail(
      reason === 'conflict' ? ErrorCode.CONFLICT : ErrorCode.FAILED,
      reason === 'conflict'
        ? t('api.orders.conflict')
        : t(BUYER_GUARD_TIPS[reason as GuardRefusal] ?? 'api.orders.notAllowed'),
    );

  /**
   * The buyer's own order (never a draft, never another customer's or company's); `locked` within
   * a transaction that changes it, so a twin request waits for it (decision 0082).
   */
  async function buyerOrder(r: Repo, b: BuyerCaller, id: number, locked = false): Promise<OrderRow | null> {
    const row = await (locked ? r.locked(b.companyId, id) : r.one(b.companyId, id));
    return row && Number(row.customer_id) === b.customerId && row.status !== 'draft' ? row : null;
  }
  const buyerActor = (b: BuyerCaller): Actor => ({ type: 'buyer', id: b.customerId, name: b.customerName });
  const notFound = (b: BuyerCaller) => fail(ErrorCode.FAILED, b.t('api.orders.notFound'));

  async function buyerDetail(b: BuyerCaller, id: number, tip?: string): Promise<CallResult<OrderDetail>> {
    const row = await buyerOrder(repo, b, id);
    if (!row) return notFound(b);
    return ok(await detailOf(repo, row, 'buyer'), tip);
  }

  async function linePage(
    companyId: number,
    row: OrderRow,
    includeRemoved: boolean,
    page: number,
    pageSize: number,
  ) {
    const id = Number(row.id);
    const [rows, all] = await Promise.all([
      repo.lines(companyId, id, includeRemoved, pageSize, (page - 1) * pageSize),
      repo.lines(companyId, id, includeRemoved, 100_000, 0),
    ]);
    const currency = summaryOf(row).currency;
    return {
      list: rows.map(lineOf),
      total: all.length,
      page,
      page_size: pageSize,
      totals: totalsOf(all.map(lineOf), currency),
    };
  }

  /** Re-encodes a checked voucher picture (same format, orientation applied, metadata dropped). */
  async function reencode(p: Extract<UploadedPicture, { ok: true }>) {
    const image = sharp(p.bytes, { failOn: 'error' }).rotate();
    const bytes =
      p.type === 'image/png'
        ? await image.png({ compressionLevel: 9 }).toBuffer()
        : await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    const meta = await sharp(bytes).metadata();
    return {
      bytes,
      type: p.type === 'image/png' ? 'image/png' : 'image/jpeg',
      width: meta.width ?? p.width,
      height: meta.height ?? p.height,
    };
  }

  return {
    /** get_order_list and get_confirm_order_list. */
    async buyerList(
      b: BuyerCaller,
      input: { page: number; page_size: number; filter: OrderListFilter; status?: OrderStatus | undefined },
    ): Promise<CallResult<CallResponse<'get_order_list'>>> {
      const { rows, total } = await repo.buyerList(
        b.companyId,
        b.customerId,
        input.filter,
        input.status,
        input.page_size,
        (input.page - 1) * input.page_size,
      );
      return ok({ list: rows.map(summaryOf), total, page: input.page, page_size: input.page_size });
    },

    /** get_order_detail and get_confirm_order_Info. */
    detail: (b: BuyerCaller, id: number) => buyerDetail(b, id),

    /** get_order_toy_list; get_confirm_order_toy also marks the lines it answers as viewed. */
    async buyerLines(
      b: BuyerCaller,
      input: { id: number; page: number; page_size: number },
      markViewed: boolean,
    ): Promise<CallResult<CallResponse<'get_order_toy_list'>>> {
      const row = await buyerOrder(repo, b, input.id);
      if (!row) return notFound(b);
      const page = await linePage(b.companyId, row, false, input.page, input.page_size);
      if (markViewed) {
        const unseen = page.list.filter((l) => !l.viewed).map((l) => l.id);
        if (unseen.length && row.status === 'quoted')
          await repo.markLinesViewed(b.companyId, input.id, unseen);
      }
      return ok(page);
    },

    /** update_confirm_order: batch line actions, or confirming / declining the quotation. */
    async updateConfirm(
      b: BuyerCaller,
      input: z.output<typeof updateConfirmOrderRequest>,
    ): Promise<CallResult<OrderDetail>> {
      const t = b.t;
      const refuse = buyerRefusal(t);
      const result = await inTransaction<{
        tip: string;
        status: OrderStatus;
        event: OrderEvent;
        changed: boolean;
      }>(async (r) => {
        const row = await buyerOrder(r, b, input.id, true);
        if (!row) return notFound(b);
        const actor = buyerActor(b);
        const now = clock.now();
        if (input.action === 'confirm_order' || input.action === 'decline_order') {
          const event: OrderEvent = input.action === 'confirm_order' ? 'confirm' : 'cancel';
          let patch: Record<string, unknown> = {};
          if (event === 'confirm') {
            const year = new Date(now).getUTCFullYear();
            // Taken only when this request is the one that confirms (a replay takes none).
            const pending = await r.eventByKey(b.companyId, input.id, input.idempotency_key ?? '');
            if (!pending && row.status === 'quoted') {
              const n = await r.nextNumber(b.companyId, `PI${year}`);
              patch = {
                confirmed_at: now,
                pi_number: `PI${year}-${String(n).padStart(5, '0')}`,
                modified_at: now,
              };
            }
          }
          const moved = await transition(r, row, event, actor, {
            requestKey: input.idempotency_key ?? null,
            patch,
            refuse,
          });
          if (!moved.replayed && event === 'confirm') {
            const kept = await r.lines(b.companyId, input.id, false, 100_000, 0);
            for (const l of kept)
              if (l.line_status !== 'confirmed')
                await r.updateLine(b.companyId, input.id, Number(l.id), {
                  line_status: 'confirmed',
                  updated_at: now,
                });
          }
          return ok({
            tip: t(event === 'confirm' ? 'api.orders.confirmed' : 'api.orders.declined'),
            status: moved.to,
            event,
            changed: !moved.replayed,
          });
        }
        // Batch actions on lines: each needs a selection (spec section 5).
        if (input.line_ids.length === 0)
          throw new Refused(fail(ErrorCode.FAILED, t('api.orders.selectionRequired')));
        if (input.action === 'set_boxes' && input.boxes === undefined)
          throw new Refused(fail(ErrorCode.FAILED, t('api.orders.boxesRequired')));
        const ids = await r.lineIdsOf(b.companyId, input.id, [...new Set(input.line_ids)]);
        if (ids.length !== new Set(input.line_ids).size)
          throw new Refused(fail(ErrorCode.FAILED, t('api.orders.lineNotFound')));
        await transition(r, row, 'edit_lines', actor, {
          refuse,
          note: `${input.action}: ${ids.length}`,
          patch: { modified_at: now },
        });
        const lines = new Map(
          (await r.lines(b.companyId, input.id, false, 100_000, 0)).map((l) => [Number(l.id), l]),
        );
        for (const lineId of ids) {
          const l = lines.get(lineId);
          if (!l) continue;
          if (input.action === 'confirm_lines')
            await r.updateLine(b.companyId, input.id, lineId, { line_status: 'confirmed', updated_at: now });
          if (input.action === 'delete_lines')
            await r.updateLine(b.companyId, input.id, lineId, { removed_at: now, updated_at: now });
          if (input.action === 'set_boxes' && input.boxes !== undefined) {
            const quantity = lineQuantity(
              l.purchase_unit as PurchaseUnit,
              input.boxes,
              Number(l.pieces_per_box),
            );
            await r.updateLine(b.companyId, input.id, lineId, {
              boxes: input.boxes,
              purchase_quantity: quantity,
              amount_minor: quantity * Number(l.unit_price_minor),
              updated_at: now,
            });
          }
        }
        const fresh = await r.one(b.companyId, input.id);
        if (fresh) await recompute(r, fresh, now);
        return ok({
          tip: t('api.orders.linesUpdated'),
          status: row.status as OrderStatus,
          event: 'edit_lines',
          changed: true,
        });
      });
      if (!result.ok) return result;
      const after = await buyerOrder(repo, b, input.id);
      if (!after) return notFound(b);
      if (result.data.changed) changed(after, result.data.status, result.data.event);
      return ok(await detailOf(repo, after, 'buyer'), result.data.tip);
    },

    /** submit_order_voucher: the picture checked by content, re-encoded, stored, then recorded. */
    async submitVoucher(
      b: BuyerCaller,
      input: { id: number; part: PaymentPart; url: string; idempotency_key: string },
    ): Promise<CallResult<OrderDetail>> {
      const t = b.t;
      const row = await buyerOrder(repo, b, input.id);
      if (!row) return notFound(b);
      const replay = await repo.voucherByKey(b.companyId, input.idempotency_key);
      if (replay) {
        return Number(replay.order_id) === input.id && replay.part === input.part
          ? buyerDetail(b, input.id, t('api.orders.voucherSent'))
          : fail(ErrorCode.FAILED, t('api.orders.notAllowed'));
      }
      const event: OrderEvent =
        input.part === 'deposit' ? 'submit_deposit_voucher' : 'submit_balance_voucher';
      const early = decide(event, 'buyer', await factsOf(repo, row));
      if (!early.ok) {
        // A twin with the same key may have landed since the look-up above.
        if (await repo.voucherByKey(b.companyId, input.idempotency_key))
          return buyerDetail(b, input.id, t('api.orders.voucherSent'));
        return buyerRefusal(t)(early.reason);
      }

      const upload = await deps.readVoucher(input.url, b.companyId);
      if (!upload.ok)
        return fail(ErrorCode.FAILED, t(VOUCHER_TIPS[upload.reason] ?? 'api.orders.voucher.unreadable'));
      const picture = await reencode(upload);
      const sha = createHash('sha256').update(picture.bytes).digest('hex');
      const key = `c${b.companyId}/vouchers/${sha}.${picture.type === 'image/png' ? 'png' : 'jpg'}`;
      await storage.put(key, picture.bytes, picture.type);
      const now = clock.now();

      let result: CallResult<{ changed: boolean }>;
      try {
        result = await inTransaction<{ changed: boolean }>(async (r) => {
          const fresh = await buyerOrder(r, b, input.id, true);
          if (!fresh) return notFound(b);
          const fileId = await r.fileFor({
            company_id: b.companyId,
            storage_key: key,
            sha256: sha,
            content_type: picture.type,
            size: picture.bytes.length,
            width: picture.width,
            height: picture.height,
            original_name: '',
            created_at: now,
          });
          const refuse = buyerRefusal(t);
          const facts = await factsOf(r, fresh);
          const decision = decide(event, 'buyer', facts);
          if (!decision.ok) {
            if (await r.voucherByKey(b.companyId, input.idempotency_key)) return ok({ changed: false });
            throw new Refused(refuse(decision.reason));
          }
          // The machine first, while no voucher of the part waits (its guard reads that).
          await transition(r, fresh, event, buyerActor(b), {
            refuse,
            requestKey: `voucher-${input.idempotency_key}`,
          });
          const inserted = await r.insertVoucher({
            company_id: b.companyId,
            order_id: input.id,
            part: input.part,
            status: 'pending',
            amount_minor: Number(
              input.part === 'deposit' ? fresh.deposit_amount_minor : fresh.balance_amount_minor,
            ),
            currency: fresh.currency,
            file_id: fileId,
            width: picture.width,
            height: picture.height,
            customer_id: b.customerId,
            idempotency_key: input.idempotency_key,
            submitted_at: now,
          });
          // A twin with the same key wrote first: undo this one's history entry, answer as the twin.
          if (!inserted) throw new Refused(ok({ changed: false as const }));
          return ok({ changed: true });
        });
      } catch (e) {
        // Two different vouchers of one part racing: the database keeps one waiting, the other is told.
        if (!isUniqueViolation(e)) throw e;
        result = (await repo.voucherByKey(b.companyId, input.idempotency_key))
          ? ok({ changed: false })
          : fail(ErrorCode.FAILED, t('api.orders.voucherPending'));
      }
      if (!result.ok) return result;
      const after = await buyerOrder(repo, b, input.id);
      if (!after) return notFound(b);
      if (result.data.changed) changed(after, after.status as OrderStatus, event);
      return ok(await detailOf(repo, after, 'buyer'), t('api.orders.voucherSent'));
    },

    /** upload_order_annex: a file of the buyer's uploads attached to the order. */
    async buyerAttach(
      b: BuyerCaller,
      input: { id: number; url: string; file_name: string },
    ): Promise<CallResult<OrderDetail>> {
      const row = await buyerOrder(repo, b, input.id);
      if (!row) return notFound(b);
      const file = await deps.readAnnex(input.url, b.companyId);
      if (!file.ok) return fail(ErrorCode.FAILED, b.t('api.orders.annexRefused'));
      const r = await attach(row, file, input.file_name, buyerActor(b), buyerRefusal(b.t));
      if (!r.ok) return r;
      return buyerDetail(b, input.id, b.t('api.orders.annexAdded'));
    },

    /** get_order_counts: the personal center's counts. */
    async buyerCounts(b: BuyerCaller): Promise<CallResult<CallResponse<'get_order_counts'>>> {
      const rows = await repo.buyerCounts(b.companyId, b.customerId);
      const by = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
      for (const r of rows)
        if ((ORDER_STATUSES as readonly string[]).includes(r.status)) by[r.status as OrderStatus] = r.n;
      return ok({
        to_confirm: by.quoted ?? 0,
        by_status: by,
        payment_due: (by.pending_payment ?? 0) + (by.pending_final_payment ?? 0),
      });
    },

    /** get_inventory (decision 0030). */
    async inventory(
      b: BuyerCaller,
      input: { page: number; page_size: number; filter: 'all' | 'outstanding' },
    ): Promise<CallResult<CallResponse<'get_inventory'>>> {
      const { rows, total } = await repo.inventory(
        b.companyId,
        b.customerId,
        input.filter === 'outstanding',
        input.page_size,
        (input.page - 1) * input.page_size,
      );
      return ok({
        list: rows.map((r) => {
          let snap: Partial<ProductCard> = {};
          try {
            snap = JSON.parse(r.snapshot) as Partial<ProductCard>;
          } catch {
            // An unreadable copy shows without its name.
          }
          const ordered = Number(r.boxes_ordered);
          const shipped = Number(r.boxes_shipped);
          return {
            product_id: r.product_id === null ? null : Number(r.product_id),
            number: snap.number ?? '',
            name: snap.name ?? '',
            picture: snap.picture ?? '',
            orders: Number(r.orders),
            boxes_ordered: ordered,
            boxes_shipped: shipped,
            boxes_outstanding: ordered - shipped,
            quantity_ordered: Number(r.quantity_ordered),
            last_ordered_at: Number(r.last_ordered_at),
          };
        }),
        total,
        page: input.page,
        page_size: input.page_size,
      });
    },

    /** get_order_proforma. */
    async buyerProforma(b: BuyerCaller, id: number): Promise<CallResult<CallResponse<'get_order_proforma'>>> {
      const row = await buyerOrder(repo, b, id);
      if (!row) return notFound(b);
      return proformaOf(row, b.lang, b.t('api.orders.proformaUnavailable'), b.t('api.orders.proformaBusy'));
    },

    // --- the staff's side ------------------------------------------------------------------------

    async staffList(
      input: z.output<typeof staffListOrdersRequest>,
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_list_orders'>>> {
      const { rows, total } = await repo.staffList(
        c.staff.companyId,
        {
          view: input.view,
          status: input.status,
          customerId: input.customer_id,
          dateFrom: input.date_from,
          dateTo: input.date_to,
          search: input.search,
        },
        input.page_size,
        (input.page - 1) * input.page_size,
      );
      return ok({ list: rows.map(summaryOf), total, page: input.page, page_size: input.page_size });
    },

    staffGet: (id: number, c: StaffCaller) => staffView(id, c),

    /** staff_create_quotation: a draft from a customer's sample list, lines copied with their prices. */
    async createQuotation(
      input: z.output<typeof staffCreateQuotationRequest>,
      site: WebsiteInfo,
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_create_quotation'>>> {
      const companyId = c.staff.companyId;
      const sample = await repo.sample(companyId, input.sample_id);
      if (!sample) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      if (sample.customer_id === null) return fail(ErrorCode.FAILED, c.t('server.orders.sampleOfVisitor'));
      const sampleLines = await repo.sampleLines(companyId, input.sample_id);
      if (sampleLines.length === 0) return fail(ErrorCode.FAILED, c.t('server.orders.noLines'));
      const now = clock.now();
      const siteCurrency = isOrderCurrency(site.money_unit) ? site.money_unit : 'USD';
      const currency = input.currency ?? siteCurrency;
      const tradeTerm =
        input.trade_term ?? (TRADE_TERMS[site.trade_terms as keyof typeof TRADE_TERMS] || 'FOB');
      const percent = input.deposit_percent ?? DEFAULT_DEPOSIT_PERCENT;
      const lines = sampleLines.map((l, i) => {
        const snap = JSON.parse(l.snapshot) as ProductCard;
        const pieces = Math.max(1, Number(snap.carton_quantity) || 1);
        const boxes = Number(l.ctn);
        // The catalogue's price is in the website's currency; another currency keeps the number.
        const quantity = lineQuantity('PCS', boxes, pieces);
        // The price the record was submitted at: its price break for that many pieces (0059).
        const price = unitPriceAt(snap.price ?? null, snap.price_breaks, quantity);
        const unit = price === null ? 0 : rescaleMinor(toMinor(price, siteCurrency), siteCurrency, currency);
        return {
          product_id: l.product_id === null ? null : Number(l.product_id),
          purchase_quantity: quantity,
          purchase_unit: 'PCS',
          boxes,
          quoted_boxes: boxes,
          inner_boxes: 0,
          pieces_per_box: pieces,
          packaging: snap.packing ?? '',
          specifications: snap.carton
            ? `${snap.carton.length} × ${snap.carton.width} × ${snap.carton.height} cm`
            : '',
          remark: '',
          unit_price: Number(minorToDecimal(unit, currency)),
          unit_price_minor: unit,
          amount_minor: unit * quantity,
          snapshot: l.snapshot,
          line_status: 'to_be_confirmed',
          viewed: 0,
          sort: i,
          created_at: now,
          updated_at: now,
        };
      });
      const amount = lines.reduce((s, l) => s + l.amount_minor, 0);
      const { deposit, balance } = splitDeposit(amount, percent);
      const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
      const id = await repo.transaction(async (r) => {
        const created = await r.createOrder(
          {
            company_id: companyId,
            website_id: Number(sample.website_id),
            customer_id: Number(sample.customer_id),
            status: 'draft',
            confirm_status: 'to_be_confirmed',
            currency,
            trade_term: tradeTerm,
            deposit_percent: percent,
            valid_until: input.valid_until === undefined ? now + DEFAULT_VALIDITY_MS : input.valid_until,
            account_info: input.account_info ?? '',
            remark: input.remark ?? '',
            estimated_ship_date: input.estimated_ship_date ?? null,
            order_amount_minor: amount,
            deposit_amount_minor: deposit,
            balance_amount_minor: balance,
            order_amount: Number(minorToDecimal(amount, currency)),
            deposit_amount: Number(minorToDecimal(deposit, currency)),
            balance_amount: Number(minorToDecimal(balance, currency)),
            total_products: lines.length,
            total_boxes: lines.reduce((s, l) => s + l.boxes, 0),
            total_quantity: lines.reduce((s, l) => s + l.purchase_quantity, 0),
            sample_id: Number(sample.id),
            created_by: c.staff.staffId,
            created_at: now,
            updated_at: now,
            modified_at: now,
          },
          lines,
          // Per company and day: Q2026112700001 is the company's first quotation of the day.
          { sequence: `Q${day}`, format: (n) => `Q${day}${String(n).padStart(5, '0')}` },
          {
            event: 'create',
            from_status: null,
            to_status: 'draft',
            actor: 'staff',
            actor_id: c.staff.staffId,
            actor_name: c.staff.name,
            note: `sample ${sample.number}`,
            request_key: null,
            created_at: now,
          },
        );
        await r.audit(
          staffAuditEntry(c, now, 'staff_create_quotation', `order:${created}`, null, {
            sample_id: sample.id,
            lines: lines.length,
          }),
        );
        return created;
      });
      // A draft: staff lists hear of it, buyers not (the socket keeps drafts from them).
      return staffView(id, c, c.t('server.saved'), { event: 'create', replayed: false });
    },

    /** staff_update_quotation: a draft's header and lines; the amounts follow. */
    async updateQuotation(
      input: z.output<typeof staffUpdateQuotationRequest>,
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_update_quotation'>>> {
      const companyId = c.staff.companyId;
      const refuse = staffRefusal(c);
      const r0 = await inTransaction(async (r) => {
        const row = await r.locked(companyId, input.id);
        if (!row) return fail(ErrorCode.FAILED, c.t('server.notFound'));
        const now = clock.now();
        const header: Record<string, unknown> = { modified_at: now };
        for (const k of [
          'trade_term',
          'deposit_percent',
          'valid_until',
          'account_info',
          'remark',
          'estimated_ship_date',
        ] as const)
          if (input[k] !== undefined) header[k] = input[k];
        const newCurrency = input.currency && input.currency !== row.currency ? input.currency : null;
        if (newCurrency) header.currency = newCurrency;
        await transition(r, row, 'edit_quotation', staffActor(c), { refuse, patch: header, note: 'edit' });

        const existing = new Map(
          (await r.lines(companyId, input.id, true, 100_000, 0)).map((l) => [Number(l.id), l]),
        );
        const touched = [...input.lines.map((l) => l.id), ...input.remove_line_ids];
        if (touched.some((lineId) => !existing.has(lineId)))
          throw new Refused(fail(ErrorCode.FAILED, c.t('server.orders.lineNotFound')));
        const edits = new Map(input.lines.map((l) => [l.id, l]));
        const removed = new Set(input.remove_line_ids);
        for (const [lineId, l] of existing) {
          const edit: Partial<z.output<typeof quotationLineInput>> = edits.get(lineId) ?? {};
          if (removed.has(lineId)) {
            await r.updateLine(companyId, input.id, lineId, { removed_at: now, updated_at: now });
            continue;
          }
          if (!edits.has(lineId) && !newCurrency) continue;
          const unit = (edit.purchase_unit ?? l.purchase_unit) as PurchaseUnit;
          const boxes = edit.boxes ?? Number(l.boxes);
          const pieces = edit.pieces_per_box ?? Number(l.pieces_per_box);
          const price =
            edit.unit_price ??
            (newCurrency
              ? rescaleMinor(Number(l.unit_price_minor), row.currency, newCurrency)
              : Number(l.unit_price_minor));
          const quantity = lineQuantity(unit, boxes, pieces);
          const currency = newCurrency ?? row.currency;
          await r.updateLine(companyId, input.id, lineId, {
            purchase_unit: unit,
            boxes,
            // A draft's boxes are what the exporter quotes.
            quoted_boxes: boxes,
            pieces_per_box: pieces,
            inner_boxes: edit.inner_boxes ?? Number(l.inner_boxes),
            packaging: edit.packaging ?? l.packaging,
            specifications: edit.specifications ?? l.specifications,
            remark: edit.remark ?? l.remark,
            unit_price_minor: price,
            unit_price: Number(minorToDecimal(price, currency)),
            purchase_quantity: quantity,
            amount_minor: price * quantity,
            updated_at: now,
          });
        }
        const fresh = await r.one(companyId, input.id);
        if (!fresh) throw new Error('A quotation just edited could not be read back');
        await recompute(r, fresh, now);
        await r.audit(
          staffAuditEntry(
            c,
            now,
            'staff_update_quotation',
            `order:${input.id}`,
            { currency: row.currency, amount: Number(row.order_amount_minor) },
            {
              ...header,
              lines: input.lines.length,
              removed: input.remove_line_ids.length,
            },
          ),
        );
        return ok(null);
      });
      if (!r0.ok) return r0;
      return staffView(input.id, c, c.t('server.saved'), { event: 'edit_quotation', replayed: false });
    },

    /** staff_advance_order: one staff event of the machine. */
    async advance(
      input: { id: number; event: OrderEvent; note: string },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_advance_order'>>> {
      const companyId = c.staff.companyId;
      const r0 = await inTransaction<{ replayed: boolean }>(async (r) => {
        const row = await r.locked(companyId, input.id);
        if (!row) return fail(ErrorCode.FAILED, c.t('server.notFound'));
        const now = clock.now();
        // A paid deposit is confirmed by reviewing its voucher; bare, only a deposit of nothing.
        if (input.event === 'confirm_deposit' && Number(row.deposit_amount_minor) > 0)
          throw new Refused(staffRefusal(c)('depositDue'));
        const patch: Record<string, unknown> = input.event === 'send' ? { sent_at: now } : {};
        const after = await transition(r, row, input.event, staffActor(c), {
          refuse: staffRefusal(c),
          note: input.note,
          patch,
        });
        if (!after.replayed)
          await r.audit(
            staffAuditEntry(
              c,
              now,
              'staff_advance_order',
              `order:${input.id}`,
              { status: row.status },
              { status: after.to, event: input.event },
            ),
          );
        return ok({ replayed: after.replayed });
      });
      if (!r0.ok) return r0;
      return staffView(input.id, c, c.t('server.saved'), { event: input.event, replayed: r0.data.replayed });
    },

    /** staff_set_ship_date. */
    async setShipDate(input: { id: number; estimated_ship_date: number | null }, c: StaffCaller) {
      const companyId = c.staff.companyId;
      const r0 = await inTransaction(async (r) => {
        const row = await r.locked(companyId, input.id);
        if (!row) return fail(ErrorCode.FAILED, c.t('server.notFound'));
        const now = clock.now();
        await transition(r, row, 'set_ship_date', staffActor(c), {
          refuse: staffRefusal(c),
          patch: { estimated_ship_date: input.estimated_ship_date },
          note:
            input.estimated_ship_date === null
              ? ''
              : new Date(input.estimated_ship_date).toISOString().slice(0, 10),
        });
        await r.audit(
          staffAuditEntry(
            c,
            now,
            'staff_set_ship_date',
            `order:${input.id}`,
            { estimated_ship_date: row.estimated_ship_date },
            {
              estimated_ship_date: input.estimated_ship_date,
            },
          ),
        );
        return ok(null);
      });
      if (!r0.ok) return r0;
      return staffView(input.id, c, c.t('server.saved'), { event: 'set_ship_date', replayed: false });
    },

    /** staff_attach_order_file. */
    async staffAttach(input: { id: number; url: string; file_name: string }, c: StaffCaller) {
      const row = await repo.one(c.staff.companyId, input.id);
      if (!row) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const file = await deps.readAnnex(input.url, c.staff.companyId);
      if (!file.ok) return fail(ErrorCode.FAILED, c.t('server.orders.badFile'));
      const r = await attach(row, file, input.file_name, staffActor(c), staffRefusal(c), c);
      if (!r.ok) return r;
      return staffView(input.id, c, c.t('server.saved'));
    },

    /** staff_review_voucher: confirm the receipt (the order moves on) or reject it with a reason. */
    async reviewVoucher(
      input: { voucher_id: number; decision: 'confirm' | 'reject'; reason: string },
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_review_voucher'>>> {
      const companyId = c.staff.companyId;
      if (input.decision === 'reject' && !input.reason.trim())
        return fail(ErrorCode.FAILED, c.t('server.orders.reasonRequired'));
      const voucher = await repo.voucher(companyId, input.voucher_id);
      if (!voucher) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const orderId = Number(voucher.order_id);
      const target = input.decision === 'confirm' ? 'confirmed' : 'rejected';
      const part = voucher.part as PaymentPart;
      const event: OrderEvent =
        input.decision === 'confirm'
          ? part === 'deposit'
            ? 'confirm_deposit'
            : 'confirm_balance'
          : part === 'deposit'
            ? 'reject_deposit_voucher'
            : 'reject_balance_voucher';
      const r0 = await inTransaction<{ changed: boolean }>(async (r) => {
        const row = await r.locked(companyId, orderId);
        if (!row) return fail(ErrorCode.FAILED, c.t('server.notFound'));
        const now = clock.now();
        const seen = await r.voucher(companyId, input.voucher_id);
        if (!seen || seen.status !== 'pending') {
          // Reviewed the same way already: a retry, or a colleague's identical click.
          if (seen?.status === target) return ok({ changed: false });
          throw new Refused(staffRefusal(c)('voucherReviewed'));
        }
        // The machine first, while the voucher still waits (its guards read that).
        const moved = await transition(r, row, event, staffActor(c), {
          refuse: staffRefusal(c),
          note: input.decision === 'reject' ? input.reason.trim() : '',
        });
        const reviewed = await r.reviewVoucher(companyId, input.voucher_id, {
          status: target,
          at: now,
          staffId: c.staff.staffId,
          staffName: c.staff.name,
          reason: input.decision === 'reject' ? input.reason.trim() : '',
        });
        if (!reviewed) {
          // A concurrent twin reviewed it first: undo this one's history entry, answer as the twin.
          const again = await r.voucher(companyId, input.voucher_id);
          if (again?.status === target) throw new Refused(ok({ changed: false as const }));
          throw new Refused(staffRefusal(c)('voucherReviewed'));
        }
        await r.audit(
          staffAuditEntry(
            c,
            now,
            'staff_review_voucher',
            `voucher:${input.voucher_id}`,
            { status: 'pending', order_status: row.status },
            { status: target, order_status: moved.to, reason: input.reason.trim() },
          ),
        );
        return ok({ changed: !moved.replayed });
      });
      if (!r0.ok) return r0;
      return staffView(
        orderId,
        c,
        c.t(
          input.decision === 'confirm' ? 'server.orders.receiptConfirmed' : 'server.orders.voucherRejected',
        ),
        { event, replayed: !r0.data.changed },
      );
    },

    staffCounts: async (c: StaffCaller) => ok(await repo.staffCounts(c.staff.companyId)),

    async staffProforma(id: number, lang: string, c: StaffCaller) {
      const row = await repo.one(c.staff.companyId, id);
      if (!row) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      return proformaOf(
        row,
        lang,
        c.t('server.orders.proformaUnavailable'),
        c.t('server.orders.proformaBusy'),
      );
    },
  };

  function staffActor(c: StaffCaller): Actor {
    return { type: 'staff', id: c.staff.staffId, name: c.staff.name };
  }

  function staffRefusal(c: StaffCaller) {
    return (reason: string) =>
      reason === 'conflict'
        ? fail(ErrorCode.CONFLICT, c.t('server.orders.conflict'))
        : fail(
            ErrorCode.FAILED,
            c.t(`server.orders.refused.${reason as GuardRefusal | 'notAllowed' | 'voucherReviewed'}`),
          );
  }

  async function staffView(
    id: number,
    c: StaffCaller,
    tip?: string,
    change?: { event: OrderChange['event']; replayed: boolean } | null,
  ): Promise<CallResult<CallResponse<'staff_get_order'>>> {
    const companyId = c.staff.companyId;
    const row = await repo.one(companyId, id);
    if (!row) return fail(ErrorCode.FAILED, c.t('server.notFound'));
    if (change && !change.replayed) changed(row, row.status as OrderStatus, change.event);
    const lines = (await repo.lines(companyId, id, true, 100_000, 0)).map(lineOf);
    const order = await detailOf(repo, row, 'staff');
    return ok({ order, lines, totals: totalsOf(lines, order.currency) }, tip);
  }

  async function attach(
    row: OrderRow,
    file: Extract<UploadedFile, { ok: true }>,
    fileName: string,
    actor: Actor,
    refuse: (reason: string) => CallResult<never>,
    c?: StaffCaller,
  ): Promise<CallResult<null>> {
    const companyId = Number(row.company_id);
    const sha = createHash('sha256').update(file.bytes).digest('hex');
    const now = clock.now();
    const r0 = await inTransaction(async (r) => {
      const fresh = await r.locked(companyId, Number(row.id));
      if (!fresh) throw new Refused(refuse('notAllowed'));
      await transition(r, fresh, 'attach', actor, { refuse, note: fileName });
      const fileId = await r.fileFor({
        company_id: companyId,
        storage_key: file.key,
        sha256: sha,
        content_type: file.type,
        size: file.bytes.length,
        width: null,
        height: null,
        original_name: fileName,
        created_at: now,
      });
      await r.insertAttachment({
        company_id: companyId,
        order_id: Number(row.id),
        file_id: fileId,
        file_name: fileName,
        uploaded_by: actor.type,
        uploaded_by_name: actor.name,
        created_at: now,
      });
      if (c)
        await r.audit(
          staffAuditEntry(c, now, 'staff_attach_order_file', `order:${row.id}`, null, {
            file_name: fileName,
          }),
        );
      return ok(null);
    });
    if (r0.ok) changed(row, row.status as OrderStatus, 'attach');
    return r0;
  }

  async function proformaOf(
    row: OrderRow,
    lang: string,
    unavailable: string,
    busy: string,
  ): Promise<CallResult<CallResponse<'get_order_proforma'>>> {
    if (
      !deps.proforma ||
      row.pi_number === '' ||
      !(CONFIRMED_ORDER_STATUSES as readonly string[]).includes(row.status)
    )
      return fail(ErrorCode.FAILED, unavailable);
    const companyId = Number(row.company_id);
    const [lineRows, order, parties] = await Promise.all([
      repo.lines(companyId, Number(row.id), false, 100_000, 0),
      detailOf(repo, row, 'buyer'),
      repo.proformaParties(companyId, Number(row.website_id), Number(row.customer_id)),
    ]);
    const language = languageByKey(lang) ?? DEFAULT_LANGUAGE;
    const { company, contact, contactType, customer } = parties;
    const chinese = language.key === 'zh';
    const names = [company?.name ?? '', company?.name_en ?? ''];
    // The address follows the website's rule (decision 0008): 0 by language, 1 Chinese, 2 English.
    const addresses = [contact?.company_address ?? '', contact?.company_address_en ?? ''];
    const chineseAddress = contactType === 1 || (contactType !== 2 && !isEnglishMode(language));
    try {
      const doc = await deps.proforma.document({
        companyId,
        order,
        lines: lineRows.map(lineOf),
        lang: language.key,
        seller: {
          names: [...new Set(chinese ? names : names.reverse())].filter(Boolean),
          address: [(chineseAddress ? addresses : addresses.reverse()).find(Boolean) ?? ''].filter(Boolean),
          phone: contact?.company_telephone || contact?.company_mobilephone || '',
          email: contact?.company_email ?? '',
          logo: company?.logo ?? '',
        },
        buyer: {
          company: customer?.customer_name ?? row.customer_name,
          contact: customer?.nickname ?? '',
          phone: customer?.phone ?? '',
          email: customer?.email ?? '',
        },
      });
      return ok({ url: doc.url, filename: doc.filename, pi_number: row.pi_number, size: doc.size });
    } catch (e) {
      if (e instanceof ProformaBusyError) return fail(ErrorCode.TOO_MANY_REQUESTS, busy);
      throw e;
    }
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>;

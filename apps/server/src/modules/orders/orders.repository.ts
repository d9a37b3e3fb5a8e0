import {
  CONFIRMED_ORDER_STATUSES,
  type OrderListFilter,
  type OrderStatus,
  type PaymentPart,
} from '@vitrine/contract';
import { type Insertable, type Kysely, PostgresAdapter, sql, type Updateable } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/audit';
import type { Database } from '../../db/database';
import { nextInSequence } from '../../db/sequences';
import { transactional } from '../../db/transactional';

export type NewOrder = Omit<Insertable<Database['orders']>, 'order_number'>;
export type NewOrderLine = Omit<Insertable<Database['order_lines']>, 'order_id' | 'company_id'>;
export type OrderPatch = Updateable<Database['orders']>;
export type LinePatch = Updateable<Database['order_lines']>;

/** What the staff's list filters by, within one company. */
export interface StaffOrderFilter {
  view: 'all' | 'quotations' | 'orders' | 'vouchers';
  status?: OrderStatus | undefined;
  customerId?: number | undefined;
  dateFrom?: number | undefined;
  dateTo?: number | undefined;
  search: string;
}

export interface NewEvent {
  event: string;
  from_status: string | null;
  to_status: string;
  actor: 'buyer' | 'staff';
  actor_id: number | null;
  actor_name: string;
  note: string;
  request_key: string | null;
  created_at: number;
}

const ORDER_COLUMNS = [
  'o.id',
  'o.company_id',
  'o.website_id',
  'o.customer_id',
  'o.order_number',
  'o.status',
  'o.currency',
  'o.trade_term',
  'o.deposit_percent',
  'o.order_amount_minor',
  'o.deposit_amount_minor',
  'o.balance_amount_minor',
  'o.account_info',
  'o.remark',
  'o.estimated_ship_date',
  'o.valid_until',
  'o.total_products',
  'o.total_boxes',
  'o.total_quantity',
  'o.created_at',
  'o.updated_at',
  'o.modified_at',
  'o.sent_at',
  'o.confirmed_at',
  'o.pi_number',
  'o.sample_id',
  'c.customer_name as customer_name',
  's.number as sample_number',
] as const;

export const createOrdersRepository = (db: Kysely<Database>) => transactional(db, ordersQueries);

function ordersQueries(db: Kysely<Database>) {
  const orders = (companyId: number) =>
    db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .leftJoin('samples as s', 's.id', 'o.sample_id')
      .where('o.company_id', '=', companyId);

  const buyerFilter = (filter: OrderListFilter, status: OrderStatus | undefined) => {
    if (status) return status === 'draft' ? ['__none__'] : [status];
    if (filter === 'to_be_confirmed') return ['quoted'];
    if (filter === 'confirmed') return [...CONFIRMED_ORDER_STATUSES];
    return null;
  };

  const like = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

  /** Orders by id with their waiting vouchers and unseen lines, in the order of the ids. */
  async function byIds(companyId: number, ids: number[]) {
    const [rows, pending, unviewed] = await Promise.all([
      // By primary key alone, the company checked below: with the company in the WHERE, SQLite
      // walks the company's index over all its orders instead of looking the ids up.
      db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .leftJoin('samples as s', 's.id', 'o.sample_id')
        .select([...ORDER_COLUMNS])
        .where('o.id', 'in', ids)
        .execute(),
      db
        .selectFrom('order_vouchers')
        .select(['order_id', (eb) => eb.fn.countAll().as('n')])
        .where('company_id', '=', companyId)
        .where('order_id', 'in', ids)
        .where('status', '=', 'pending')
        .groupBy('order_id')
        .execute(),
      db
        .selectFrom('order_lines')
        .select(['order_id', (eb) => eb.fn.countAll().as('n')])
        .where('company_id', '=', companyId)
        .where('order_id', 'in', ids)
        .where('viewed', '=', 0)
        .where('removed_at', 'is', null)
        .groupBy('order_id')
        .execute(),
    ]);
    const countOf = (list: { order_id: number; n: unknown }[]) =>
      new Map(list.map((r) => [Number(r.order_id), Number(r.n)]));
    const p = countOf(pending);
    const u = countOf(unviewed);
    const byId = new Map(
      rows.filter((r) => Number(r.company_id) === companyId).map((r) => [Number(r.id), r]),
    );
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [{ ...r, pending_vouchers: p.get(id) ?? 0, unviewed_lines: u.get(id) ?? 0 }] : [];
    });
  }

  /**
   * A page of the orders a query of `orders` keeps, newest first, each read whole (byIds), and how
   * many it keeps: the buyer's list and the console's differ only in their conditions.
   */
  async function newestPage(
    companyId: number,
    base: ReturnType<typeof orders>,
    limit: number,
    offset: number,
  ) {
    const [page, count] = await Promise.all([
      base
        .select('o.id')
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    const ids = page.map((r) => Number(r.id));
    return { rows: ids.length ? await byIds(companyId, ids) : [], total: Number(count?.n ?? 0) };
  }

  return {
    audit: (entry: AuditEntry) => writeAudit(db, entry),

    /** A buyer's quotations and orders (never a draft), newest first. */
    async buyerList(
      companyId: number,
      customerId: number,
      filter: OrderListFilter,
      status: OrderStatus | undefined,
      limit: number,
      offset: number,
    ) {
      const statuses = buyerFilter(filter, status);
      // Every order has its customer (customer_id is required, deleted with them), so the
      // customer's join keeps every row.
      const base = orders(companyId)
        .where('o.customer_id', '=', customerId)
        .where((eb) => (statuses ? eb('o.status', 'in', statuses) : eb('o.status', '<>', 'draft')));
      return newestPage(companyId, base, limit, offset);
    },

    /** The company's quotations and orders for the console, newest first. */
    async staffList(companyId: number, f: StaffOrderFilter, limit: number, offset: number) {
      const base = orders(companyId).where((eb) =>
        eb.and([
          ...(f.view === 'quotations' ? [eb('o.status', 'in', ['draft', 'quoted'])] : []),
          ...(f.view === 'orders' ? [eb('o.status', 'in', CONFIRMED_ORDER_STATUSES)] : []),
          ...(f.view === 'vouchers'
            ? [
                eb.exists(
                  eb
                    .selectFrom('order_vouchers as v')
                    .select('v.id')
                    .whereRef('v.order_id', '=', 'o.id')
                    .where('v.status', '=', 'pending'),
                ),
              ]
            : []),
          ...(f.status ? [eb('o.status', '=', f.status)] : []),
          ...(f.customerId !== undefined ? [eb('o.customer_id', '=', f.customerId)] : []),
          ...(f.dateFrom !== undefined ? [eb('o.created_at', '>=', f.dateFrom)] : []),
          ...(f.dateTo !== undefined ? [eb('o.created_at', '<', f.dateTo)] : []),
          ...(f.search
            ? [
                eb.or(
                  (['o.order_number', 'c.customer_name'] as const).map((col) =>
                    eb(sql`lower(${sql.ref(col)})`, 'like', sql<string>`${like(f.search)} escape '\\'`),
                  ),
                ),
              ]
            : []),
        ]),
      );
      return newestPage(companyId, base, limit, offset);
    },

    byIds,

    async one(companyId: number, id: number) {
      return (await this.byIds(companyId, [id]))[0];
    },

    /**
     * The order, as `one`, with its row locked until the transaction ends. On PostgreSQL a twin
     * request waits here and then reads all that the first committed, so its checks see the
     * first's history and vouchers rather than finding them between two of its own statements;
     * SQLite runs one transaction at a time already.
     */
    async locked(companyId: number, id: number) {
      if (db.getExecutor().adapter instanceof PostgresAdapter)
        await db
          .selectFrom('orders')
          .select('id')
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .forUpdate()
          .execute();
      return this.one(companyId, id);
    },

    /**
     * Who a proforma invoice is from and to: the company's names, logo and first contact (its
     * address, phone and email), the website's address rule (contact_type), and the customer.
     */
    async proformaParties(companyId: number, websiteId: number, customerId: number) {
      const [company, contact, website, customer] = await Promise.all([
        db
          .selectFrom('companies')
          .select(['name', 'name_en', 'logo'])
          .where('id', '=', companyId)
          .executeTakeFirst(),
        db
          .selectFrom('company_contacts')
          .select([
            'company_address',
            'company_address_en',
            'company_telephone',
            'company_mobilephone',
            'company_email',
          ])
          .where('company_id', '=', companyId)
          .orderBy('sort')
          .orderBy('id')
          .executeTakeFirst(),
        db
          .selectFrom('websites')
          .select(['contact_type'])
          .where('id', '=', websiteId)
          .where('company_id', '=', companyId)
          .executeTakeFirst(),
        db
          .selectFrom('customers')
          .select(['customer_name', 'nickname', 'phone', 'email'])
          .where('id', '=', customerId)
          .where('company_id', '=', companyId)
          .executeTakeFirst(),
      ]);
      return { company, contact, contactType: Number(website?.contact_type ?? 0), customer };
    },

    async lines(companyId: number, orderId: number, includeRemoved: boolean, limit: number, offset: number) {
      let q = db
        .selectFrom('order_lines')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('order_id', '=', orderId);
      if (!includeRemoved) q = q.where('removed_at', 'is', null);
      return q.orderBy('sort').orderBy('id').limit(limit).offset(offset).execute();
    },

    /** Totals of the lines the buyer kept: products, boxes, quantity and amount. */
    async lineTotals(companyId: number, orderId: number) {
      const r = await db
        .selectFrom('order_lines')
        .select((eb) => [
          eb.fn.countAll().as('products'),
          eb.fn.coalesce(eb.fn.sum('boxes'), eb.val(0)).as('boxes'),
          eb.fn.coalesce(eb.fn.sum('purchase_quantity'), eb.val(0)).as('quantity'),
          eb.fn.coalesce(eb.fn.sum('amount_minor'), eb.val(0)).as('amount'),
        ])
        .where('company_id', '=', companyId)
        .where('order_id', '=', orderId)
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return {
        products: Number(r.products),
        boxes: Number(r.boxes),
        quantity: Number(r.quantity),
        amount: Number(r.amount),
      };
    },

    async vouchers(companyId: number, orderId: number) {
      return db
        .selectFrom('order_vouchers as v')
        .innerJoin('files as f', 'f.id', 'v.file_id')
        .select([
          'v.id',
          'v.part',
          'v.status',
          'v.amount_minor',
          'v.currency',
          'v.width',
          'v.height',
          'v.submitted_at',
          'v.reviewed_at',
          'v.reviewed_by_name',
          'v.reason',
          'v.idempotency_key',
          'f.storage_key',
        ])
        .where('v.company_id', '=', companyId)
        .where('v.order_id', '=', orderId)
        .orderBy('v.id', 'desc')
        .execute();
    },

    voucher: (companyId: number, id: number) =>
      db
        .selectFrom('order_vouchers')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    voucherByKey: (companyId: number, key: string) =>
      db
        .selectFrom('order_vouchers')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst(),

    pendingVoucher: (companyId: number, orderId: number, part: PaymentPart) =>
      db
        .selectFrom('order_vouchers')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('order_id', '=', orderId)
        .where('part', '=', part)
        .where('status', '=', 'pending')
        .executeTakeFirst(),

    /** Records a voucher; false when one with its key exists already (a retry, a concurrent twin). */
    async insertVoucher(v: Insertable<Database['order_vouchers']>): Promise<boolean> {
      const r = await db
        .insertInto('order_vouchers')
        .values(v)
        .onConflict((oc) => oc.columns(['company_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return r !== undefined;
    },

    /** Reviews a waiting voucher; false when it no longer waits (reviewed meanwhile). */
    async reviewVoucher(
      companyId: number,
      id: number,
      review: {
        status: 'confirmed' | 'rejected';
        at: number;
        staffId: number;
        staffName: string;
        reason: string;
      },
    ): Promise<boolean> {
      const r = await db
        .updateTable('order_vouchers')
        .set({
          status: review.status,
          reviewed_at: review.at,
          reviewed_by: review.staffId,
          reviewed_by_name: review.staffName,
          reason: review.reason,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async attachments(companyId: number, orderId: number) {
      return db
        .selectFrom('attachments as a')
        .innerJoin('files as f', 'f.id', 'a.file_id')
        .select([
          'a.id',
          'a.file_name',
          'a.uploaded_by',
          'a.uploaded_by_name',
          'a.created_at',
          'f.storage_key',
          'f.content_type',
          'f.size',
        ])
        .where('a.company_id', '=', companyId)
        .where('a.order_id', '=', orderId)
        .orderBy('a.id')
        .execute();
    },

    insertAttachment: (a: Insertable<Database['attachments']>) =>
      db.insertInto('attachments').values(a).execute(),

    /** A stored file of the company, once per content: the id of the row with that content. */
    async fileFor(f: Insertable<Database['files']>): Promise<number> {
      await db
        .insertInto('files')
        .values(f)
        .onConflict((oc) => oc.columns(['company_id', 'sha256']).doNothing())
        .execute();
      const row = await db
        .selectFrom('files')
        .select('id')
        .where('company_id', '=', f.company_id)
        .where('sha256', '=', f.sha256)
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async events(companyId: number, orderId: number) {
      return db
        .selectFrom('order_events')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
    },

    eventByKey: (companyId: number, orderId: number, key: string) =>
      db
        .selectFrom('order_events')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('order_id', '=', orderId)
        .where('request_key', '=', key)
        .executeTakeFirst(),

    lastEvent: (companyId: number, orderId: number) =>
      db
        .selectFrom('order_events')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('order_id', '=', orderId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    insertEvent: (companyId: number, orderId: number, e: NewEvent) =>
      db
        .insertInto('order_events')
        .values({ ...e, company_id: companyId, order_id: orderId })
        .execute(),

    /**
     * Moves an order from one status to another (or keeps it) with a patch; false when its
     * status is no longer `from` (another request changed it first): the last guard for a
     * transaction that did not read the order through `locked`.
     */
    async moveOrder(companyId: number, id: number, from: string, patch: OrderPatch): Promise<boolean> {
      const r = await db
        .updateTable('orders')
        .set(patch)
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Writes a quotation, its lines and its first history entry; numbered in the same transaction. */
    async createOrder(
      order: NewOrder,
      lines: NewOrderLine[],
      numbering: { sequence: string; format: (n: number) => string },
      event: NewEvent,
    ): Promise<number> {
      const number = numbering.format(await nextInSequence(db, order.company_id, numbering.sequence));
      const inserted = await db
        .insertInto('orders')
        .values({ ...order, order_number: number })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      for (let i = 0; i < lines.length; i += 100)
        await db
          .insertInto('order_lines')
          .values(lines.slice(i, i + 100).map((l) => ({ ...l, order_id: id, company_id: order.company_id })))
          .execute();
      await db
        .insertInto('order_events')
        .values({ ...event, company_id: order.company_id, order_id: id })
        .execute();
      return id;
    },

    nextNumber: (companyId: number, sequence: string) => nextInSequence(db, companyId, sequence),

    updateLine: (companyId: number, orderId: number, lineId: number, patch: LinePatch) =>
      db
        .updateTable('order_lines')
        .set(patch)
        .where('company_id', '=', companyId)
        .where('order_id', '=', orderId)
        .where('id', '=', lineId)
        .execute(),

    /** The ids among `ids` that are lines of the order (not removed). */
    async lineIdsOf(companyId: number, orderId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('order_lines')
        .select('id')
        .where('company_id', '=', companyId)
        .where('order_id', '=', orderId)
        .where('removed_at', 'is', null)
        .where('id', 'in', ids)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async markLinesViewed(companyId: number, orderId: number, ids: number[]) {
      if (ids.length === 0) return;
      await db
        .updateTable('order_lines')
        .set({ viewed: 1 })
        .where('company_id', '=', companyId)
        .where('order_id', '=', orderId)
        .where('id', 'in', ids)
        .where('viewed', '=', 0)
        .execute();
    },

    sample: (companyId: number, id: number) =>
      db
        .selectFrom('samples')
        .select(['id', 'website_id', 'customer_id', 'number', 'remark'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    sampleLines: (companyId: number, sampleId: number) =>
      db
        .selectFrom('sample_lines')
        .select(['product_id', 'ctn', 'snapshot'])
        .where('company_id', '=', companyId)
        .where('sample_id', '=', sampleId)
        .orderBy('sort')
        .execute(),

    /** Per status, a buyer's orders (never drafts). */
    async buyerCounts(companyId: number, customerId: number) {
      const rows = await db
        .selectFrom('orders')
        .select(['status', (eb) => eb.fn.countAll().as('n')])
        .where('company_id', '=', companyId)
        .where('customer_id', '=', customerId)
        .where('status', '<>', 'draft')
        .groupBy('status')
        .execute();
      return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
    },

    async staffCounts(companyId: number) {
      const [vouchers, statuses] = await Promise.all([
        db
          .selectFrom('order_vouchers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('company_id', '=', companyId)
          .where('status', '=', 'pending')
          .executeTakeFirst(),
        db
          .selectFrom('orders')
          .select(['status', (eb) => eb.fn.countAll().as('n')])
          .where('company_id', '=', companyId)
          .where('status', 'in', ['draft', 'quoted', 'pending_shipment'])
          .groupBy('status')
          .execute(),
      ]);
      const of = (s: string) => Number(statuses.find((r) => r.status === s)?.n ?? 0);
      return {
        new_vouchers: Number(vouchers?.n ?? 0),
        drafts: of('draft'),
        quoted: of('quoted'),
        to_ship: of('pending_shipment'),
      };
    },

    /**
     * /inventory: a buyer's ordered products across orders past confirmation (not cancelled),
     * one row per product (a line of a product no longer in the catalogue stands alone).
     */
    async inventory(
      companyId: number,
      customerId: number,
      outstandingOnly: boolean,
      limit: number,
      offset: number,
    ) {
      const shipped = sql<number>`sum(case when o.status in ('shipped', 'closed') then l.boxes else 0 end)`;
      const base = db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .where('o.company_id', '=', companyId)
        .where('o.customer_id', '=', customerId)
        .where('o.status', 'in', CONFIRMED_ORDER_STATUSES)
        .where('l.removed_at', 'is', null)
        .groupBy(sql`coalesce(l.product_id, -l.id)`)
        .having((eb) => (outstandingOnly ? eb(sql`sum(l.boxes)`, '>', shipped) : eb.lit(true)));
      const grouped = base.select((eb) => [
        sql<number | null>`max(l.product_id)`.as('product_id'),
        sql<string>`max(l.snapshot)`.as('snapshot'),
        eb.fn.count<number>('o.id').distinct().as('orders'),
        sql<number>`sum(l.boxes)`.as('boxes_ordered'),
        shipped.as('boxes_shipped'),
        sql<number>`sum(l.purchase_quantity)`.as('quantity_ordered'),
        sql<number>`max(o.created_at)`.as('last_ordered_at'),
      ]);
      const [rows, count] = await Promise.all([
        grouped
          .orderBy('last_ordered_at', 'desc')
          .orderBy('product_id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom(base.select(sql`1`.as('one')).as('g'))
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

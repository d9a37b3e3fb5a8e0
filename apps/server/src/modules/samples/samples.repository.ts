import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Insertable, type Kysely, sql } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/audit';
import { transactional } from '../../db/transactional';
import type { Database, SamplesTable } from '../../db/database';
import { nextInSequence } from '../../db/sequences';

/**
 * Whose records a call may touch: a customer's (by account) or a visitor's (by the hash of the
 * key the server issued to the session at login), always on one website of one company.
 */
export type SampleOwner =
  | { companyId: number; websiteId: number; customerId: number; visitorKey: null }
  | { companyId: number; websiteId: number; customerId: null; visitorKey: string };

export type NewSample = Omit<
  Insertable<Database['samples']>,
  'company_id' | 'website_id' | 'customer_id' | 'visitor_key' | 'number'
>;

/** What the staff's inbox filters by (all of it within one company). */
export interface InboxFilter {
  status: 'new' | 'seen' | 'all';
  customerId?: number | undefined;
  dateFrom?: number | undefined;
  dateTo?: number | undefined;
  search: string;
}

export const createSamplesRepository = (db: Kysely<Database>) => transactional(db, samplesQueries);

function samplesQueries(db: Kysely<Database>) {
  const owned = (o: SampleOwner) => {
    const q = db
      .selectFrom('samples')
      .where('company_id', '=', o.companyId)
      .where('website_id', '=', o.websiteId)
      .where('deleted_at', 'is', null);
    return o.customerId !== null
      ? q.where('customer_id', '=', o.customerId)
      : q.where('customer_id', 'is', null).where('visitor_key', '=', o.visitorKey);
  };
  const summaryColumns = [
    'id',
    'number',
    'created_at',
    'product_count',
    'company_name',
    'contact',
    'phone',
    'email',
    'remark',
    'total_ctn',
    'total_price',
    'total_weight',
    'total_volume',
  ] as const;

  const inboxColumns = [
    ...summaryColumns.map((c) => `s.${c}` as const),
    's.seen_at',
    's.customer_id',
    's.lang',
    'c.customer_name as customer_name',
  ] as const;
  const inbox = (companyId: number) =>
    db
      .selectFrom('samples as s')
      .leftJoin('customers as c', 'c.id', 's.customer_id')
      .where('s.company_id', '=', companyId)
      .where('s.deleted_at', 'is', null);
  const inboxFilter = (f: InboxFilter) => (eb: ExpressionBuilder<Database & { s: SamplesTable }, 's'>) => {
    const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    return eb.and([
      ...(f.status === 'new' ? [eb('s.seen_at', 'is', null)] : []),
      ...(f.status === 'seen' ? [eb('s.seen_at', 'is not', null)] : []),
      ...(f.customerId !== undefined ? [eb('s.customer_id', '=', f.customerId)] : []),
      ...(f.dateFrom !== undefined ? [eb('s.created_at', '>=', f.dateFrom)] : []),
      ...(f.dateTo !== undefined ? [eb('s.created_at', '<', f.dateTo)] : []),
      ...(f.search
        ? [
            eb.or(
              (['s.number', 's.company_name', 's.contact', 's.email'] as const).map((col) =>
                eb(sql`lower(${sql.ref(col)})`, 'like', sql<string>`${like} escape '\\'`),
              ),
            ),
          ]
        : []),
    ]);
  };

  return {
    audit: (entry: AuditEntry) => writeAudit(db, entry),

    /** Every submitted list of a company, newest first (the staff's inbox). */
    async inbox(companyId: number, f: InboxFilter, limit: number, offset: number) {
      const where = inboxFilter(f);
      const [rows, count] = await Promise.all([
        inbox(companyId)
          .where(where)
          .select([...inboxColumns])
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        inbox(companyId)
          .where(where)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    inboxOne: (companyId: number, id: number) =>
      inbox(companyId)
        .select([...inboxColumns])
        .where('s.id', '=', id)
        .executeTakeFirst(),

    /** Marks a list seen the first time; answers whether this call did. */
    markSeen: async (companyId: number, id: number, staffId: number, now: number) =>
      Number(
        (
          await db
            .updateTable('samples')
            .set({ seen_at: now, seen_by: staffId })
            .where('company_id', '=', companyId)
            .where('id', '=', id)
            .where('seen_at', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0,

    /** Whether a visitor key (its hash) owns records on a website, deleted ones included. */
    visitorKeyInUse: async (websiteId: number, keyHash: string) =>
      (await db
        .selectFrom('samples')
        .select('id')
        .where('website_id', '=', websiteId)
        .where('visitor_key', '=', keyHash)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    async byIdempotencyKey(companyId: number, key: string) {
      return db
        .selectFrom('samples')
        .select(['id', 'number', 'product_count', 'website_id', 'customer_id', 'visitor_key'])
        .where('company_id', '=', companyId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    /**
     * Writes a record and its lines in one transaction and, for a customer, takes the submitted
     * products out of the server cart. A second submission with the same idempotency key (a
     * retry, a double click, a concurrent twin) inserts nothing and gets the first one's id.
     */
    async create(
      o: SampleOwner,
      sample: NewSample,
      lines: { productId: number; ctn: number; snapshot: string }[],
      numbering: { sequence: string; format: (n: number) => string },
    ): Promise<{ id: number; number: string; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('samples')
          .values({
            ...sample,
            company_id: o.companyId,
            website_id: o.websiteId,
            customer_id: o.customerId,
            visitor_key: o.visitorKey,
            // Unique and temporary: replaced by the readable number once the row is in. Random
            // per attempt, not per key: two racing twins must meet on the idempotency key (the
            // conflict target), never on this other unique column, which PostgreSQL would raise.
            number: `pending-${randomUUID()}`,
          })
          .onConflict((oc) => oc.columns(['company_id', 'idempotency_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const first = await trx
            .selectFrom('samples')
            .select(['id', 'number'])
            .where('company_id', '=', o.companyId)
            .where('idempotency_key', '=', sample.idempotency_key)
            .executeTakeFirstOrThrow();
          return { ...first, created: false };
        }
        const id = Number(inserted.id);
        // Taken only once the record is in (a twin that found it takes none), in its transaction.
        const number = numbering.format(await nextInSequence(trx, o.companyId, numbering.sequence));
        await trx.updateTable('samples').set({ number }).where('id', '=', id).execute();
        for (let i = 0; i < lines.length; i += 100) {
          await trx
            .insertInto('sample_lines')
            .values(
              lines.slice(i, i + 100).map((l, j) => ({
                company_id: o.companyId,
                sample_id: id,
                product_id: l.productId,
                ctn: l.ctn,
                snapshot: l.snapshot,
                sort: i + j,
              })),
            )
            .execute();
        }
        if (o.customerId !== null) {
          const ids = lines.map((l) => l.productId);
          for (let i = 0; i < ids.length; i += 500) {
            await trx
              .deleteFrom('cart_lines')
              .where('company_id', '=', o.companyId)
              .where('website_id', '=', o.websiteId)
              .where('customer_id', '=', o.customerId)
              .where('product_id', 'in', ids.slice(i, i + 500))
              .execute();
          }
        }
        return { id, number, created: true };
      });
    },

    async list(o: SampleOwner, limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        owned(o)
          .select([...summaryColumns])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        owned(o)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    async one(o: SampleOwner, id: number) {
      return owned(o)
        .select([...summaryColumns])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** What the company knows of a customer: their name, email and phone. */
    async customerContact(companyId: number, customerId: number) {
      return db
        .selectFrom('customers')
        .select(['customer_name', 'email', 'phone'])
        .where('company_id', '=', companyId)
        .where('id', '=', customerId)
        .executeTakeFirst();
    },

    async latest(o: SampleOwner) {
      return owned(o)
        .select(['company_name', 'contact', 'phone', 'email'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async lines(companyId: number, sampleId: number, limit: number, offset: number) {
      return db
        .selectFrom('sample_lines')
        .select(['product_id', 'ctn', 'snapshot'])
        .where('company_id', '=', companyId)
        .where('sample_id', '=', sampleId)
        .orderBy('sort')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async softDelete(o: SampleOwner, ids: number[], now: number): Promise<number> {
      const mine = await owned(o).select('id').where('id', 'in', ids).execute();
      if (mine.length === 0) return 0;
      await db
        .updateTable('samples')
        .set({ deleted_at: now })
        .where(
          'id',
          'in',
          mine.map((r) => r.id),
        )
        .execute();
      return mine.length;
    },
  };
}

export type SamplesRepository = ReturnType<typeof createSamplesRepository>;

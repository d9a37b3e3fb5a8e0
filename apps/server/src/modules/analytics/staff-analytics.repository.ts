import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';

/** A company's period: epoch ms, from included, to excluded; offset shifts days to the staff's midnight. */
export interface Period {
  companyId: number;
  from: number;
  to: number;
  offsetMs: number;
}

export const DAY_MS = 86_400_000;
const ID_CHUNK = 1000;

const n = (v: unknown): number => Number(v ?? 0);

/**
 * A buyer as the logs can tell one: a customer across their sessions, a visitor by session
 * (their key is looked up later). Said as text so one count(distinct …) takes both kinds.
 */
const buyerKey = sql<string>`case when customer_id is not null then 'c' || customer_id else 's' || session_id end`;

/** The analytics' reads: every one by company and period, over the logs' (company_id, created_at) indexes. */
export function createStaffAnalyticsRepository(db: Kysely<Database>) {
  // Literals, not parameters: SQLite binds a parameter as a real and would divide to a fraction;
  // both are integers the service made (the offset a validated whole number of minutes).
  const day = (p: Period) =>
    sql<number>`(created_at + ${sql.lit(Math.trunc(p.offsetMs))}) / ${sql.lit(DAY_MS)}`;

  /** Counts per day of one log or of the sample lists; views are the product pages opened. */
  async function perDay(table: 'browse_logs' | 'select_logs' | 'samples', p: Period) {
    const rows = await db
      .selectFrom(table as 'browse_logs')
      .select([day(p).as('d'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('company_id', '=', p.companyId)
      .where('created_at', '>=', p.from)
      .where('created_at', '<', p.to)
      .$if(table === 'browse_logs', (w) => w.where('product_id', 'is not', null))
      .groupBy('d')
      .execute();
    return new Map(rows.map((r) => [n(r.d), n(r.n)]));
  }

  /** Searches per day, and how many of them found nothing. */
  async function searchesPerDay(p: Period) {
    const rows = await db
      .selectFrom('search_logs')
      .select([
        day(p).as('d'),
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`sum(case when found = 0 then 1 else 0 end)`.as('gaps'),
      ])
      .where('company_id', '=', p.companyId)
      .where('created_at', '>=', p.from)
      .where('created_at', '<', p.to)
      .groupBy('d')
      .execute();
    return new Map(rows.map((r) => [n(r.d), { n: n(r.n), gaps: n(r.gaps) }]));
  }

  /** The products most viewed (pages opened) or most selected into the cart. */
  async function topLogged(table: 'browse_logs' | 'select_logs', p: Period, limit: number) {
    const rows = await db
      .selectFrom(table as 'select_logs')
      .select([
        'product_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`count(distinct ${buyerKey})`.as('buyers'),
      ])
      .where('company_id', '=', p.companyId)
      .where('created_at', '>=', p.from)
      .where('created_at', '<', p.to)
      .where('product_id', 'is not', null)
      .groupBy('product_id')
      .orderBy('n', 'desc')
      .orderBy('product_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ product_id: n(r.product_id), count: n(r.n), buyers: n(r.buyers) }));
  }

  /** Rows by id, a chunk at a time (a year of visitors can outnumber a statement's parameters). */
  async function byIds<T>(ids: number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    for (let i = 0; i < ids.length; i += ID_CHUNK) out.push(...(await read(ids.slice(i, i + ID_CHUNK))));
    return out;
  }

  return {
    perDay,
    searchesPerDay,

    topViewed: (p: Period, limit: number) => topLogged('browse_logs', p, limit),
    topSelected: (p: Period, limit: number) => topLogged('select_logs', p, limit),

    /** The products in most submitted sample lists, with the cartons asked for. */
    async topSubmitted(p: Period, limit: number) {
      const rows = await db
        .selectFrom('sample_lines as l')
        .innerJoin('samples as s', 's.id', 'l.sample_id')
        .select([
          'l.product_id',
          sql<number>`count(distinct s.id)`.as('n'),
          sql<number>`sum(l.ctn)`.as('ctn'),
          sql<number>`count(distinct case when s.customer_id is not null then 'c' || s.customer_id else 'v' || s.visitor_key end)`.as(
            'buyers',
          ),
        ])
        .where('s.company_id', '=', p.companyId)
        .where('s.created_at', '>=', p.from)
        .where('s.created_at', '<', p.to)
        .where('l.product_id', 'is not', null)
        .groupBy('l.product_id')
        .orderBy('n', 'desc')
        .orderBy('l.product_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        product_id: n(r.product_id),
        count: n(r.n),
        buyers: n(r.buyers),
        ctn: n(r.ctn),
      }));
    },

    /** Number and names of the company's products. */
    products: (companyId: number, ids: number[]) =>
      byIds(ids, (chunk) =>
        db
          .selectFrom('products')
          .select(['id', 'toy_number', 'article_number', 'name', 'name_en'])
          .where('company_id', '=', companyId)
          .where('id', 'in', chunk)
          .execute(),
      ),

    /** Activity per customer and per session in one log: counts and the latest time. */
    async activity(table: 'browse_logs' | 'select_logs' | 'search_logs', p: Period) {
      const rows = await db
        .selectFrom(table as 'select_logs')
        .select([
          'customer_id',
          'session_id',
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.max('created_at').as('last'),
        ])
        .where('company_id', '=', p.companyId)
        .where('created_at', '>=', p.from)
        .where('created_at', '<', p.to)
        .$if(table === 'browse_logs', (w) => w.where('product_id' as never, 'is not', null))
        .groupBy(['customer_id', 'session_id'])
        .execute();
      return rows.map((r) => ({
        customerId: r.customer_id === null ? null : n(r.customer_id),
        sessionId: r.session_id === null ? null : n(r.session_id),
        n: n(r.n),
        last: n(r.last),
      }));
    },

    /** Submitted sample lists per customer or visitor key, with the company name they gave. */
    async submissions(p: Period) {
      const rows = await db
        .selectFrom('samples')
        .select([
          'customer_id',
          'visitor_key',
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.max('created_at').as('last'),
          (eb) => eb.fn.max('company_name').as('company_name'),
        ])
        .where('company_id', '=', p.companyId)
        .where('created_at', '>=', p.from)
        .where('created_at', '<', p.to)
        .groupBy(['customer_id', 'visitor_key'])
        .execute();
      return rows.map((r) => ({
        customerId: r.customer_id === null ? null : n(r.customer_id),
        visitorKey: r.visitor_key,
        n: n(r.n),
        last: n(r.last),
        companyName: r.company_name ?? '',
      }));
    },

    /** The keywords searched that found nothing, most searched first. */
    async textGaps(p: Period, limit: number) {
      const rows = await db
        .selectFrom('search_logs')
        .select([
          'query',
          (eb) => eb.fn.countAll<number>().as('n'),
          sql<number>`count(distinct ${buyerKey})`.as('buyers'),
          (eb) => eb.fn.max('created_at').as('last'),
        ])
        .where('company_id', '=', p.companyId)
        .where('created_at', '>=', p.from)
        .where('created_at', '<', p.to)
        .where('kind', '=', 'text')
        .where('found', '=', 0)
        .groupBy('query')
        .orderBy('n', 'desc')
        .orderBy('last', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ query: r.query, searches: n(r.n), buyers: n(r.buyers), last_at: n(r.last) }));
    },

    /** The latest photo searches that found no sure match. */
    imageGaps: (p: Period, limit: number) =>
      db
        .selectFrom('search_logs')
        .select(['created_at', 'customer_id', 'session_id', 'results'])
        .where('company_id', '=', p.companyId)
        .where('created_at', '>=', p.from)
        .where('created_at', '<', p.to)
        .where('kind', '=', 'image')
        .where('found', '=', 0)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    customers: (companyId: number, ids: number[]) =>
      byIds(ids, (chunk) =>
        db
          .selectFrom('customers')
          .select(['id', 'customer_name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', chunk)
          .execute(),
      ),

    /** Visitor sessions: their key (one visitor across logins) and the label of their access code. */
    sessions: (companyId: number, ids: number[]) =>
      byIds(ids, (chunk) =>
        db
          .selectFrom('sessions as s')
          .leftJoin('access_codes as c', 'c.id', 's.access_code_id')
          .select(['s.id', 's.visitor_key', 'c.label'])
          .where('s.company_id', '=', companyId)
          .where('s.id', 'in', chunk)
          .execute(),
      ),

    /** Deletes search logs older than the time; answers how many. */
    async purgeSearchLogs(before: number): Promise<number> {
      const r = await db.deleteFrom('search_logs').where('created_at', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

export type StaffAnalyticsRepository = ReturnType<typeof createStaffAnalyticsRepository>;

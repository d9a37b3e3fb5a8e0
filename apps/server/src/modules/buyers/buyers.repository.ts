import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/audit';
import { transactional } from '../../db/transactional';
import { companyChatId, customerChatId } from '../../platform/chat-ids';
import type {
  AccessApplicationsTable,
  AccessCodesTable,
  CustomersTable,
  Database,
  LoginLinksTable,
} from '../../db/database';

/** A LIKE pattern matching `text` anywhere, with the pattern's own wildcards escaped. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type CustomerSort = 'newest' | 'oldest' | 'name' | 'last_login';
export type CodeFilter = 'active' | 'inactive' | 'all';
export type ApplicationFilter = 'new' | 'approved' | 'declined' | 'all';
const APPLICATION_STATUS = { new: 0, approved: 1, declined: 2 } as const;

export const createBuyersRepository = (db: Kysely<Database>) => transactional(db, buyersQueries);

function buyersQueries(db: Kysely<Database>) {
  const total = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    Number((await q.executeTakeFirstOrThrow()).n);

  const customers = (companyId: number) =>
    db
      .selectFrom('customers as c')
      .where('c.company_id', '=', companyId)
      .select([
        'c.id',
        'c.customer_name',
        'c.nickname',
        'c.avatar',
        'c.email',
        'c.phone',
        'c.country',
        'c.status',
        'c.created_at',
        'c.updated_at',
      ])
      .select((eb) => [
        eb
          .selectFrom('samples as s')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('s.customer_id', '=', 'c.id')
          .where('s.deleted_at', 'is', null)
          .as('sample_count'),
        eb
          .selectFrom('sessions as x')
          .select((e) => e.fn.max('x.created_at').as('m'))
          .whereRef('x.customer_id', '=', 'c.id')
          .as('last_login_at'),
      ]);

  const codes = (companyId: number) =>
    db
      .selectFrom('access_codes')
      .select(['id', 'label', 'expires_at', 'max_uses', 'use_count', 'status', 'revoked_at', 'created_at'])
      .where('company_id', '=', companyId);

  const applications = (companyId: number) =>
    db
      .selectFrom('access_applications as a')
      .leftJoin('staff_users as u', 'u.id', 'a.answered_by')
      .select([
        'a.id',
        'a.phone',
        'a.lang',
        'a.status',
        'a.created_at',
        'a.answered_at',
        'a.customer_id',
        'a.access_code_id',
        'a.note',
        'a.website_id',
        'u.name as answered_by',
      ])
      .where('a.company_id', '=', companyId);

  return {
    audit: (entry: AuditEntry) => writeAudit(db, entry),

    /** Keeps a one-time login link (its hash only); answers its id. */
    addLoginLink: async (row: Insertable<LoginLinksTable>) =>
      Number((await db.insertInto('login_links').values(row).returning('id').executeTakeFirstOrThrow()).id),

    companySalt: async (companyId: number) =>
      (await db.selectFrom('companies').select('code_salt').where('id', '=', companyId).executeTakeFirst())
        ?.code_salt,

    /**
     * Whether a hash already opens something of the company. The login field takes a customer's
     * password and a visitor's code alike and finds its owner by hash, so no two may share one.
     */
    secretInUse: async (companyId: number, hash: string, exceptCustomerId?: number) => {
      let customer = db
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', companyId)
        .where('password_hash', '=', hash);
      if (exceptCustomerId !== undefined) customer = customer.where('id', '<>', exceptCustomerId);
      const code = db
        .selectFrom('access_codes')
        .select('id')
        .where('company_id', '=', companyId)
        .where('code_hash', '=', hash);
      const [a, b] = await Promise.all([customer.executeTakeFirst(), code.executeTakeFirst()]);
      return a !== undefined || b !== undefined;
    },

    listCustomers: async (
      companyId: number,
      f: { search: string; status?: number | undefined; sort: CustomerSort },
      page: number,
      pageSize: number,
    ) => {
      const like = containing(f.search);
      const filter = (eb: ExpressionBuilder<Database & { c: CustomersTable }, 'c'>) =>
        eb.and([
          eb('c.company_id', '=', companyId),
          ...(f.search
            ? [
                eb.or(
                  (['c.customer_name', 'c.nickname', 'c.email', 'c.phone'] as const).map((col) =>
                    eb(sql`lower(${sql.ref(col)})`, 'like', sql<string>`${like} escape '\\'`),
                  ),
                ),
              ]
            : []),
          ...(f.status !== undefined ? [eb('c.status', '=', f.status)] : []),
        ]);
      const base = customers(companyId).where(filter);
      const ordered =
        f.sort === 'oldest'
          ? base.orderBy('c.created_at', 'asc')
          : f.sort === 'name'
            ? base.orderBy(sql`lower(c.customer_name)`)
            : f.sort === 'last_login'
              ? base.orderBy(sql`last_login_at is null`).orderBy('last_login_at', 'desc')
              : base.orderBy('c.created_at', 'desc');
      const [list, n] = await Promise.all([
        ordered
          .orderBy('c.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        total(
          db
            .selectFrom('customers as c')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(filter),
        ),
      ]);
      return { list, total: n };
    },

    findCustomer: (companyId: number, id: number) =>
      customers(companyId).where('c.id', '=', id).executeTakeFirst(),

    /** A new customer, with its side of the chat (decision 0036). */
    createCustomer: async (row: Insertable<CustomersTable>) => {
      const { id } = await db.insertInto('customers').values(row).returning('id').executeTakeFirstOrThrow();
      await db
        .updateTable('customers')
        .set({ chat_id: customerChatId(id), chat_customer_id: companyChatId(row.company_id) })
        .where('id', '=', id)
        .where('chat_id', 'is', null)
        .execute();
      return id;
    },

    updateCustomer: (companyId: number, id: number, set: Updateable<CustomersTable>) =>
      db.updateTable('customers').set(set).where('company_id', '=', companyId).where('id', '=', id).execute(),

    revokeCustomerSessions: (customerId: number, now: number) =>
      db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('customer_id', '=', customerId)
        .where('revoked_at', 'is', null)
        .execute(),

    listCodes: async (companyId: number, filter: CodeFilter, now: number, page: number, pageSize: number) => {
      const active = (eb: ExpressionBuilder<Database, 'access_codes'>) =>
        eb.and([
          eb('status', '=', 1),
          eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]),
          eb.or([eb('max_uses', 'is', null), eb('use_count', '<', eb.ref('max_uses'))]),
        ]);
      const chosen = (eb: ExpressionBuilder<Database, 'access_codes'>) =>
        filter === 'active' ? active(eb) : filter === 'inactive' ? eb.not(active(eb)) : eb.and([]);
      const [list, n] = await Promise.all([
        codes(companyId)
          .where(chosen)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        total(
          db
            .selectFrom('access_codes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', companyId)
            .where(chosen),
        ),
      ]);
      return { list, total: n };
    },

    findCode: (companyId: number, id: number) => codes(companyId).where('id', '=', id).executeTakeFirst(),

    createCode: async (row: Insertable<AccessCodesTable>) =>
      (await db.insertInto('access_codes').values(row).returning('id').executeTakeFirstOrThrow()).id,

    revokeCode: (companyId: number, id: number, now: number) =>
      db
        .updateTable('access_codes')
        .set({ status: 0, revoked_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', 1)
        .execute(),

    revokeCodeSessions: (codeId: number, now: number) =>
      db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('access_code_id', '=', codeId)
        .where('revoked_at', 'is', null)
        .execute(),

    listApplications: async (
      companyId: number,
      filter: ApplicationFilter,
      page: number,
      pageSize: number,
    ) => {
      let q = applications(companyId);
      let counted = db
        .selectFrom('access_applications as a')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('a.company_id', '=', companyId);
      if (filter !== 'all') {
        q = q.where('a.status', '=', APPLICATION_STATUS[filter]);
        counted = counted.where('a.status', '=', APPLICATION_STATUS[filter]);
      }
      const [list, n] = await Promise.all([
        q
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        total(counted),
      ]);
      return { list, total: n };
    },

    findApplication: (companyId: number, id: number) =>
      applications(companyId).where('a.id', '=', id).executeTakeFirst(),

    /** Answers an application still new; how many rows changed (0: someone answered it first). */
    answerApplication: async (companyId: number, id: number, set: Updateable<AccessApplicationsTable>) =>
      Number(
        (
          await db
            .updateTable('access_applications')
            .set(set)
            .where('company_id', '=', companyId)
            .where('id', '=', id)
            .where('status', '=', APPLICATION_STATUS.new)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
  };
}

export type BuyersRepository = ReturnType<typeof createBuyersRepository>;
export type CustomerRow = NonNullable<Awaited<ReturnType<BuyersRepository['findCustomer']>>>;
export type CodeRow = NonNullable<Awaited<ReturnType<BuyersRepository['findCode']>>>;
export type ApplicationRow = NonNullable<Awaited<ReturnType<BuyersRepository['findApplication']>>>;

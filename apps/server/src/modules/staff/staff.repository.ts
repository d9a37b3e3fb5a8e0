import type { Insertable, Kysely, Updateable } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/audit';
import { transactional } from '../../db/transactional';
import { staffChatId } from '../../platform/chat-ids';
import type { Database, StaffSessionsTable, StaffUsersTable } from '../../db/database';

const STAFF_COLUMNS = [
  'id',
  'company_id',
  'name',
  'email',
  'role',
  'status',
  'created_at',
  'updated_at',
  'last_login_at',
] as const;

export const createStaffRepository = (db: Kysely<Database>) => transactional(db, staffQueries);

function staffQueries(db: Kysely<Database>) {
  const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    Number((await q.executeTakeFirstOrThrow()).n);

  return {
    /** Runs work in one transaction (a write and its audit entry land together). */

    audit: (entry: AuditEntry) => writeAudit(db, entry),

    findByEmail: (companyId: number, email: string) =>
      db
        .selectFrom('staff_users')
        .select([...STAFF_COLUMNS, 'password_hash'])
        .where('company_id', '=', companyId)
        .where('email', '=', email)
        .executeTakeFirst(),

    findById: (companyId: number, id: number) =>
      db
        .selectFrom('staff_users')
        .select([...STAFF_COLUMNS, 'password_hash'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    emailTaken: async (companyId: number, email: string, exceptId?: number) => {
      let q = db
        .selectFrom('staff_users')
        .select('id')
        .where('company_id', '=', companyId)
        .where('email', '=', email);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    list: async (companyId: number, page: number, pageSize: number) => {
      const base = db.selectFrom('staff_users').where('company_id', '=', companyId);
      const [list, total] = await Promise.all([
        base
          .select(STAFF_COLUMNS)
          .orderBy('status', 'desc')
          .orderBy('name')
          .orderBy('id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        count(base.select((eb) => eb.fn.countAll<number>().as('n'))),
      ]);
      return { list, total };
    },

    activeOwners: (companyId: number) =>
      count(
        db
          .selectFrom('staff_users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .where('role', '=', 'owner')
          .where('status', '=', 1),
      ),

    /** A new staff member, with a chat id of their own (decision 0036). */
    create: async (row: Insertable<StaffUsersTable>) => {
      const { id } = await db.insertInto('staff_users').values(row).returning('id').executeTakeFirstOrThrow();
      await db
        .updateTable('staff_users')
        .set({ chat_id: staffChatId(id) })
        .where('id', '=', id)
        .where('chat_id', 'is', null)
        .execute();
      return id;
    },

    update: (companyId: number, id: number, set: Updateable<StaffUsersTable>) =>
      db
        .updateTable('staff_users')
        .set(set)
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute(),

    createSession: async (row: Insertable<StaffSessionsTable>) =>
      (await db.insertInto('staff_sessions').values(row).returning('id').executeTakeFirstOrThrow()).id,

    /** The session of a token hash with its staff member, whatever their state (the service decides). */
    findSession: (tokenHash: string) =>
      db
        .selectFrom('staff_sessions as s')
        .innerJoin('staff_users as u', 'u.id', 's.staff_id')
        .select([
          's.id',
          's.company_id',
          's.staff_id',
          's.expires_at',
          's.revoked_at',
          'u.name',
          'u.email',
          'u.role',
          'u.status',
        ])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    revokeSession: (id: number, now: number) =>
      db
        .updateTable('staff_sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute(),

    /** Ends every session of a staff member but one (the caller's own, when they keep it). */
    revokeSessionsOf: (staffId: number, now: number, exceptSessionId?: number) => {
      let q = db
        .updateTable('staff_sessions')
        .set({ revoked_at: now })
        .where('staff_id', '=', staffId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId !== undefined) q = q.where('id', '<>', exceptSessionId);
      return q.execute();
    },

    /** Records a login attempt before its password is checked; answers its id. */
    addAttempt: async (companyId: number, ip: string, email: string, now: number) =>
      (
        await db
          .insertInto('staff_login_attempts')
          .values({ company_id: companyId, ip, email, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    /** Attempts since a time from an address, and for an email: how many, and the oldest. */
    recentAttempts: async (companyId: number, ip: string, email: string, since: number) => {
      const of = (column: 'ip' | 'email', value: string) =>
        db
          .selectFrom('staff_login_attempts')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('first')])
          .where('company_id', '=', companyId)
          .where(column, '=', value)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow();
      const [byIp, byEmail] = await Promise.all([of('ip', ip), of('email', email)]);
      return [byIp, byEmail].map((r) => ({
        count: Number(r.n),
        first: r.first === null ? null : Number(r.first),
      }));
    },

    deleteAttempt: (id: number) => db.deleteFrom('staff_login_attempts').where('id', '=', id).execute(),

    /** A right password wipes the address's earlier wrong ones for that email. */
    clearAttempts: (companyId: number, ip: string, email: string) =>
      db
        .deleteFrom('staff_login_attempts')
        .where('company_id', '=', companyId)
        .where('ip', '=', ip)
        .where('email', '=', email)
        .execute(),

    /** What waits for the staff: unanswered access applications and unopened sample lists. */
    counts: async (companyId: number) => {
      const [applications, samples] = await Promise.all([
        count(
          db
            .selectFrom('access_applications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', companyId)
            .where('status', '=', 0),
        ),
        count(
          db
            .selectFrom('samples')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', companyId)
            .where('deleted_at', 'is', null)
            .where('seen_at', 'is', null),
        ),
      ]);
      return { new_applications: applications, new_samples: samples };
    },

    auditPage: async (
      companyId: number,
      filter: { staffId?: number | undefined; action: string },
      page: number,
      pageSize: number,
    ) => {
      let base = db.selectFrom('audit_log').where('company_id', '=', companyId);
      if (filter.staffId !== undefined) base = base.where('staff_id', '=', filter.staffId);
      if (filter.action) base = base.where('action', '=', filter.action);
      const [list, total] = await Promise.all([
        base
          .select(['id', 'created_at', 'staff_id', 'staff_name', 'action', 'target', 'before', 'after'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        count(base.select((eb) => eb.fn.countAll<number>().as('n'))),
      ]);
      return { list, total };
    },

    deleteSessionsEndedBefore: async (before: number) =>
      Number(
        (
          await db
            .deleteFrom('staff_sessions')
            .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
            .executeTakeFirst()
        ).numDeletedRows,
      ),

    deleteAttemptsBefore: async (before: number) =>
      Number(
        (await db.deleteFrom('staff_login_attempts').where('created_at', '<', before).executeTakeFirst())
          .numDeletedRows,
      ),
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
export type StaffRow = NonNullable<Awaited<ReturnType<StaffRepository['findById']>>>;

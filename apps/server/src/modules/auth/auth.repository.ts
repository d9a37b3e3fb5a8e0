import type { Insertable, Kysely } from 'kysely';
import { compiledQuery, param } from '../../db/compiled-query';
import type { AccessApplicationsTable, Database, SessionsTable } from '../../db/database';

type TokenHash = { tokenHash: string };

export function createAuthRepository(db: Kysely<Database>) {
  // Every call with a session reads it: compiled once, run with each token's hash.
  const sessionQuery = compiledQuery(
    db,
    () => ({ tokenHash: param((x: TokenHash) => x.tokenHash) }),
    ({ tokenHash }: TokenHash) =>
      db
        .selectFrom('sessions as s')
        .leftJoin('customers as c', (j) => j.onRef('c.id', '=', 's.customer_id').on('c.status', '=', 1))
        .select([
          's.id',
          's.company_id',
          's.website_id',
          's.login_type',
          's.customer_id',
          's.expires_at',
          's.revoked_at',
          's.visitor_key',
          'c.id as live_customer_id',
          'c.customer_name',
          'c.nickname',
          'c.avatar',
          'c.chat_id',
          'c.chat_customer_id',
        ])
        .where('s.token_hash', '=', tokenHash),
  );

  return {
    companySalt: async (companyId: number) =>
      (await db.selectFrom('companies').select('code_salt').where('id', '=', companyId).executeTakeFirst())
        ?.code_salt,

    /** An active access code of the company, usable on this website. */
    findAccessCode: (companyId: number, websiteId: number, codeHash: string) =>
      db
        .selectFrom('access_codes')
        .select(['id', 'expires_at', 'max_uses', 'use_count'])
        .where('company_id', '=', companyId)
        .where('code_hash', '=', codeHash)
        .where('status', '=', 1)
        .where((eb) => eb.or([eb('website_id', 'is', null), eb('website_id', '=', websiteId)]))
        .executeTakeFirst(),

    /**
     * Counts a login with a code; false when its uses ran out meanwhile (the check and the count
     * are one statement, so parallel logins cannot use a code more often than allowed).
     */
    useAccessCode: async (id: number, now: number) =>
      Number(
        (
          await db
            .updateTable('access_codes')
            .set((eb) => ({ use_count: eb('use_count', '+', 1), updated_at: now }))
            .where('id', '=', id)
            .where('status', '=', 1)
            .where((eb) => eb.or([eb('max_uses', 'is', null), eb('use_count', '<', eb.ref('max_uses'))]))
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0,

    findCustomerByPassword: (companyId: number, passwordHash: string) =>
      db
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', companyId)
        .where('password_hash', '=', passwordHash)
        .where('status', '=', 1)
        .executeTakeFirst(),

    /**
     * Uses a one-time login link: marks it used in the statement that checks it is unused and
     * unexpired, so of two exchanges of one link only one gets its row back.
     */
    useLoginLink: (tokenHash: string, now: number) =>
      db
        .updateTable('login_links')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['company_id', 'website_id', 'customer_id'])
        .executeTakeFirst(),

    /** Deletes login links that expired before a time (used or not: nothing reads them any more). */
    deleteLoginLinksBefore: async (before: number) =>
      Number(
        (await db.deleteFrom('login_links').where('expires_at', '<', before).executeTakeFirst())
          .numDeletedRows,
      ),

    createSession: async (row: Insertable<SessionsTable>) =>
      (await db.insertInto('sessions').values(row).returning('id').executeTakeFirstOrThrow()).id,

    /** The session of a token hash, with its customer's profile when it has one. */
    findSession: (tokenHash: string) => sessionQuery.executeTakeFirst({ tokenHash }),

    revokeSession: (id: number, now: number) =>
      db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute(),

    /**
     * Records a login attempt before its code is checked; answers its id. The table keeps its
     * first name, login_failures: an attempt that turns out right is deleted again, so what
     * stays are the wrong ones (and, for a moment, those being checked).
     */
    addAttempt: async (companyId: number, websiteId: number, ip: string, now: number) =>
      Number(
        (
          await db
            .insertInto('login_failures')
            .values({ company_id: companyId, website_id: websiteId, ip, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),

    /** Attempts from an address on a website since a time, this one included: how many, and the first. */
    recentAttempts: async (websiteId: number, ip: string, since: number) => {
      const r = await db
        .selectFrom('login_failures')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('first')])
        .where('website_id', '=', websiteId)
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(r.count), first: r.first === null ? null : Number(r.first) };
    },

    /** Takes back one attempt: it was right, or it was refused unchecked. */
    deleteAttempt: (id: number) => db.deleteFrom('login_failures').where('id', '=', id).execute(),

    countApplications: async (websiteId: number, ip: string, since: number) =>
      Number(
        (
          await db
            .selectFrom('access_applications')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('website_id', '=', websiteId)
            .where('ip', '=', ip)
            .where('created_at', '>', since)
            .executeTakeFirstOrThrow()
        ).count,
      ),

    hasApplication: async (websiteId: number, phone: string, since: number) =>
      (await db
        .selectFrom('access_applications')
        .select('id')
        .where('website_id', '=', websiteId)
        .where('phone', '=', phone)
        .where('created_at', '>', since)
        .executeTakeFirst()) !== undefined,

    addApplication: (row: Insertable<AccessApplicationsTable>) =>
      db.insertInto('access_applications').values(row).execute(),

    /** Deletes sessions that ended (expired or signed out) before a time; how many went. */
    deleteSessionsEndedBefore: async (before: number) =>
      Number(
        (
          await db
            .deleteFrom('sessions')
            .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
            .executeTakeFirst()
        ).numDeletedRows,
      ),

    /** Deletes wrong logins made before a time; how many went. */
    deleteFailuresBefore: async (before: number) =>
      Number(
        (await db.deleteFrom('login_failures').where('created_at', '<', before).executeTakeFirst())
          .numDeletedRows,
      ),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export interface UsedGrant {
  grantId: string;
  companyId: number;
  key: string;
  contentType: string;
  size: number;
  expiresAt: number;
}

export function createUploadsRepository(db: Kysely<Database>) {
  return {
    /** Records a credential as used; false when it already was. */
    async claim(g: UsedGrant, now: number): Promise<boolean> {
      const r = await db
        .insertInto('upload_grants')
        .values({
          company_id: g.companyId,
          grant_id: g.grantId,
          storage_key: g.key,
          content_type: g.contentType,
          size: g.size,
          expires_at: g.expiresAt,
          used_at: now,
        })
        .onConflict((oc) => oc.column('grant_id').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Remembers to whom a credential was given (one buyer's or staff session). */
    async issue(
      g: { companyId: number; key: string; expiresAt: number } & (
        { sessionId: number } | { staffSessionId: number }
      ),
    ): Promise<void> {
      await db
        .insertInto('issued_uploads')
        .values({
          company_id: g.companyId,
          storage_key: g.key,
          session_id: 'sessionId' in g ? g.sessionId : null,
          staff_session_id: 'staffSessionId' in g ? g.staffSessionId : null,
          expires_at: g.expiresAt,
        })
        .execute();
    },

    /** Whether the session a credential was given to is still open (not logged out, not expired). */
    async holderIsLive(key: string, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('issued_uploads as i')
        .leftJoin('sessions as s', 's.id', 'i.session_id')
        .leftJoin('staff_sessions as t', 't.id', 'i.staff_session_id')
        .select(['s.id as buyer', 't.id as staff'])
        .where('i.storage_key', '=', key)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('s.revoked_at', 'is', null),
              eb('s.expires_at', '>', now),
              eb('s.id', 'is not', null),
            ]),
            eb.and([
              eb('t.revoked_at', 'is', null),
              eb('t.expires_at', '>', now),
              eb('t.id', 'is not', null),
            ]),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes what was remembered of credentials that expired before a time; how many went. */
    async deleteIssuedExpiredBefore(before: number): Promise<number> {
      const r = await db.deleteFrom('issued_uploads').where('expires_at', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** Deletes the used credentials that expired before a time; how many went. */
    async deleteGrantsExpiredBefore(before: number): Promise<number> {
      const r = await db.deleteFrom('upload_grants').where('expires_at', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** Every company, whose upload folders housekeeping looks into. */
    async companyIds(): Promise<number[]> {
      return (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => r.id);
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;

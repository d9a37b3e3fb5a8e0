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

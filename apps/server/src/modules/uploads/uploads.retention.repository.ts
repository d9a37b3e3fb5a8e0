import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The uploads that are attached to something after they arrive, and so may be left unattached
 * (decision 0073). image_search (kept a week) and import (kept while a job names them, 0068) have
 * purges of their own.
 */
export const ATTACHED_PURPOSES = ['site', 'voucher', 'annex', 'model', 'im'] as const;
export type AttachedPurpose = (typeof ATTACHED_PURPOSES)[number];

/** A text column that may name an upload: a URL, a JSON list of URLs, a chat message's JSON. */
interface Place {
  table: keyof Database;
  column: string;
  /** The company's rows; `id` for the companies table itself. */
  owner?: 'id';
  /** Rows written since the oldest upload looked at, and only those (a chat history is long). */
  since?: 'created_at';
}

/**
 * Where each purpose's uploads are named, besides files.storage_key, which is asked for every
 * purpose: an order's attachment is kept there under its upload's key. The places are those a
 * call takes the purpose's file_url into (site settings, buyers' avatars, product models, chat
 * messages); the console's content pictures and vouchers are stored as copies of their own
 * (keepPicture, the vouchers/ folder), but their columns are read too, so that a way of saving
 * the upload's own URL there later cannot lose a file.
 */
const NAMED_IN: Record<AttachedPurpose, readonly Place[]> = {
  site: [
    { table: 'companies', column: 'logo', owner: 'id' },
    { table: 'websites', column: 'bg_image' },
    { table: 'customers', column: 'avatar' },
    { table: 'categories', column: 'picture' },
    { table: 'adverts', column: 'picture' },
    { table: 'showrooms', column: 'picture' },
    { table: 'booths', column: 'picture' },
    { table: 'certificates', column: 'pictures' },
    { table: 'certificates', column: 'picture' },
    { table: 'news', column: 'cover' },
    { table: 'news', column: 'content' },
    { table: 'company_texts', column: 'body' },
  ],
  voucher: [],
  annex: [],
  model: [{ table: 'products', column: 'model_url' }],
  im: [{ table: 'chat_messages', column: 'msg_content', since: 'created_at' }],
};

/** An upload's key wherever it stands in a text (uploads.service uploadKey). */
const UPLOAD_KEY = /c\d{1,15}\/[a-z_]+\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.[a-z0-9]{2,5}/g;
const CHUNK = 500;

export function createUploadsRetentionRepository(db: Kysely<Database>) {
  /** The texts of one place that mention the purpose's folder. */
  async function texts(place: Place, purpose: AttachedPurpose, companyId: number, since: number) {
    const conditions: RawBuilder<unknown>[] = [
      sql`${sql.ref(place.owner ?? 'company_id')} = ${companyId}`,
      sql`${sql.ref(place.column)} LIKE ${`%/${purpose}/%`}`,
    ];
    if (place.since) conditions.push(sql`${sql.ref(place.since)} >= ${since}`);
    const { rows } = await sql<{ v: string }>`SELECT ${sql.ref(place.column)} AS v FROM ${sql.table(
      place.table,
    )} WHERE ${sql.join(conditions, sql` AND `)}`.execute(db);
    return rows.map((r) => r.v);
  }

  return {
    /** Every company, whose upload folders housekeeping looks into. */
    async companyIds(): Promise<number[]> {
      return (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => Number(r.id));
    },

    /**
     * Which of the company's uploads of a purpose something names: a stored file, or a text of
     * the purpose's places. `since` is when the oldest of them was uploaded: nothing written
     * before it can name one.
     */
    async namedUploads(
      companyId: number,
      purpose: AttachedPurpose,
      keys: readonly string[],
      since: number,
    ): Promise<Set<string>> {
      const named = new Set<string>();
      for (let i = 0; i < keys.length; i += CHUNK) {
        const stored = await db
          .selectFrom('files')
          .select('storage_key')
          .where('company_id', '=', companyId)
          .where('storage_key', 'in', keys.slice(i, i + CHUNK))
          .execute();
        for (const f of stored) named.add(f.storage_key);
      }
      for (const place of NAMED_IN[purpose])
        for (const text of await texts(place, purpose, companyId, since))
          for (const [key] of text.matchAll(UPLOAD_KEY)) named.add(key);
      return new Set(keys.filter((k) => named.has(k)));
    },
  };
}

export type UploadsRetentionRepository = ReturnType<typeof createUploadsRetentionRepository>;

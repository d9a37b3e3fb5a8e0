import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { decodeLocalFeatures, type LocalFeatures } from '../../platform/image-index/image-features';
import {
  decodeGlobalDescriptor,
  encodeGlobalDescriptor,
  type GlobalDescriptor,
} from '../../platform/image-index/picture-descriptor';
import type { DescribedPicture, StoredFeatures, VocabularyRef } from './image-search.work';

// The colour histogram is stored as its float32 bytes in the platform's order (little-endian
// wherever this server runs), as the engine stores its vocabulary; a copy on the way out aligns it.
const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

export function encodeColour(colour: Float32Array): Buffer {
  return Buffer.from(bytesOf(colour));
}

export function decodeColour(buf: Uint8Array): Float32Array {
  return new Float32Array(new Uint8Array(buf).buffer);
}

/** A product picture and what is stored about it, if anything. */
export interface PictureState {
  picture_id: number;
  product_id: number;
  file_id: number;
  storage_key: string;
  /** null when the picture was never described. */
  described_file: number | null;
  described_product: number | null;
  feature_version: string | null;
  vocabulary_id: string | null;
  error: string | null;
}

/** The small part of a picture's description that the in-memory index holds. */
export interface IndexedPicture {
  pictureId: number;
  productId: number;
  global: GlobalDescriptor;
}

export function createImageSearchRepository(db: Kysely<Database>) {
  return {
    companyIds: async () =>
      (await db.selectFrom('companies').select('id').orderBy('id').execute()).map((r) => r.id),

    /** A page of the company's product pictures, by id, each with its stored description's key facts. */
    scanPictures: (companyId: number, afterId: number, limit: number): Promise<PictureState[]> =>
      db
        .selectFrom('product_pictures as pp')
        .innerJoin('files as f', 'f.id', 'pp.file_id')
        .leftJoin('image_features as x', 'x.picture_id', 'pp.id')
        .select([
          'pp.id as picture_id',
          'pp.product_id',
          'pp.file_id',
          'f.storage_key',
          'x.file_id as described_file',
          'x.product_id as described_product',
          'x.feature_version',
          'x.vocabulary_id',
          'x.error',
        ])
        .where('pp.company_id', '=', companyId)
        .where('pp.id', '>', afterId)
        .orderBy('pp.id')
        .limit(limit)
        .execute(),

    /** What the in-memory index needs of these pictures, for those described under the vocabulary. */
    async indexed(companyId: number, vocabularyId: string, pictureIds: number[]): Promise<IndexedPicture[]> {
      if (!pictureIds.length) return [];
      const rows = await db
        .selectFrom('image_features')
        .select(['picture_id', 'product_id', 'global'])
        .where('company_id', '=', companyId)
        .where('vocabulary_id', '=', vocabularyId)
        .where('error', '=', '')
        .where('picture_id', 'in', pictureIds)
        .execute();
      return rows.flatMap((r) =>
        r.global
          ? [{ pictureId: r.picture_id, productId: r.product_id, global: decodeGlobalDescriptor(r.global) }]
          : [],
      );
    },

    /** Keypoints of some pictures of the company (a query's shortlist). */
    async locals(companyId: number, pictureIds: readonly number[]): Promise<Map<number, LocalFeatures>> {
      const out = new Map<number, LocalFeatures>();
      if (!pictureIds.length) return out;
      const rows = await db
        .selectFrom('image_features')
        .select(['picture_id', 'local'])
        .where('company_id', '=', companyId)
        .where('error', '=', '')
        .where('picture_id', 'in', [...pictureIds])
        .execute();
      for (const r of rows) out.set(r.picture_id, decodeLocalFeatures(r.local));
      return out;
    },

    /** A page of the company's described pictures with everything a new global descriptor is made from. */
    async storedFeatures(
      companyId: number,
      version: string,
      page: { afterId: number; limit: number; exceptVocabulary?: string },
    ) {
      let q = db
        .selectFrom('image_features')
        .select(['picture_id', 'product_id', 'file_id', 'width', 'height', 'phash', 'colour', 'local'])
        .where('company_id', '=', companyId)
        .where('feature_version', '=', version)
        .where('error', '=', '')
        .where('picture_id', '>', page.afterId);
      if (page.exceptVocabulary !== undefined) q = q.where('vocabulary_id', '<>', page.exceptVocabulary);
      const rows = await q.orderBy('picture_id').limit(page.limit).execute();
      return rows.map((r): StoredFeatures & { pictureId: number; productId: number; fileId: number } => ({
        pictureId: r.picture_id,
        productId: r.product_id,
        fileId: r.file_id,
        width: r.width,
        height: r.height,
        phash: r.phash,
        colour: decodeColour(r.colour),
        local: r.local,
      }));
    },

    countDescribed: async (companyId: number, version: string) =>
      Number(
        (
          await db
            .selectFrom('image_features')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('company_id', '=', companyId)
            .where('feature_version', '=', version)
            .where('error', '=', '')
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Ids of the company's pictures described by this version of the extractor. */
    describedIds: async (companyId: number, version: string) =>
      (
        await db
          .selectFrom('image_features')
          .select('picture_id')
          .where('company_id', '=', companyId)
          .where('feature_version', '=', version)
          .where('error', '=', '')
          .orderBy('picture_id')
          .execute()
      ).map((r) => r.picture_id),

    async saveFeatures(
      row: { companyId: number; pictureId: number; productId: number; fileId: number; version: string },
      described: DescribedPicture | { error: string },
      now: number,
    ): Promise<void> {
      const values =
        'error' in described
          ? {
              error: described.error.slice(0, 500) || 'failed',
              width: 0,
              height: 0,
              phash: '',
              colour: Buffer.alloc(0),
              keypoints: 0,
              local: Buffer.alloc(0),
              vocabulary_id: '',
              global: null,
            }
          : {
              error: '',
              width: described.width,
              height: described.height,
              phash: described.phash,
              colour: encodeColour(described.colour),
              keypoints: described.keypoints,
              local: Buffer.from(bytesOf(described.local)),
              vocabulary_id: described.global?.vocabularyId ?? '',
              global: described.global ? encodeGlobalDescriptor(described.global) : null,
            };
      const set = {
        ...values,
        product_id: row.productId,
        file_id: row.fileId,
        feature_version: row.version,
        updated_at: now,
      };
      await db
        .insertInto('image_features')
        .values({ ...set, picture_id: row.pictureId, company_id: row.companyId, created_at: now })
        .onConflict((oc) => oc.column('picture_id').doUpdateSet(set))
        .execute();
    },

    /** Stores global descriptors of described pictures, made under a new vocabulary. */
    async saveGlobals(
      companyId: number,
      globals: { pictureId: number; global: GlobalDescriptor }[],
      now: number,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const { pictureId, global } of globals)
          await trx
            .updateTable('image_features')
            .set({
              global: encodeGlobalDescriptor(global),
              vocabulary_id: global.vocabularyId,
              updated_at: now,
            })
            .where('company_id', '=', companyId)
            .where('picture_id', '=', pictureId)
            .execute();
      });
    },

    vocabularyMeta: (companyId: number) =>
      db
        .selectFrom('image_vocabularies')
        .select(['vocabulary_id', 'feature_version', 'pictures'])
        .where('company_id', '=', companyId)
        .executeTakeFirst(),

    async vocabulary(
      companyId: number,
    ): Promise<(VocabularyRef & { pictures: number; version: string }) | null> {
      const r = await db
        .selectFrom('image_vocabularies')
        .select(['vocabulary_id', 'feature_version', 'pictures', 'data'])
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return r
        ? { id: r.vocabulary_id, data: r.data, pictures: r.pictures, version: r.feature_version }
        : null;
    },

    async saveVocabulary(
      companyId: number,
      v: VocabularyRef,
      pictures: number,
      version: string,
      now: number,
    ): Promise<void> {
      const set = {
        vocabulary_id: v.id,
        data: Buffer.from(bytesOf(v.data)),
        pictures,
        feature_version: version,
        updated_at: now,
      };
      await db
        .insertInto('image_vocabularies')
        .values({ ...set, company_id: companyId, created_at: now })
        .onConflict((oc) => oc.column('company_id').doUpdateSet(set))
        .execute();
    },

    /** The product's first picture, with its stored description when that is of its current file. */
    async firstPicture(companyId: number, productId: number) {
      const r = await db
        .selectFrom('product_pictures as pp')
        .leftJoin('image_features as x', (j) =>
          j.onRef('x.picture_id', '=', 'pp.id').onRef('x.file_id', '=', 'pp.file_id'),
        )
        .select(['pp.id as picture_id', 'x.global', 'x.local', 'x.error'])
        .where('pp.company_id', '=', companyId)
        .where('pp.product_id', '=', productId)
        .orderBy('pp.sort')
        .orderBy('pp.id')
        .limit(1)
        .executeTakeFirst();
      if (!r?.global || !r.local || r.error !== '') return null;
      return {
        pictureId: r.picture_id,
        global: decodeGlobalDescriptor(r.global),
        local: decodeLocalFeatures(r.local),
      };
    },
  };
}

export type ImageSearchRepository = ReturnType<typeof createImageSearchRepository>;

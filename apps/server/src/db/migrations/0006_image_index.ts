/*
 * FROZEN once shipped. What image search keeps of every product picture, and the visual
 * vocabulary each company's pictures are described with (decision 0025).
 *
 * A picture's row is written once, when it is first described, and again only when its file,
 * its product or the feature version changes; the in-memory index is rebuilt from these rows at
 * start-up. Binary columns are bytea on PostgreSQL and blob on SQLite (0001 has none); both
 * drivers read them back as a Buffer.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const binary = pg ? 'bytea' : 'blob';

  await db.schema
    .createTable('image_features')
    // One row per product picture; it goes with its picture (and so with its product).
    .addColumn('picture_id', 'bigint', (c) =>
      c.primaryKey().references('product_pictures.id').onDelete('cascade'),
    )
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    // The file that was described: a picture pointed at another file is described again.
    .addColumn('file_id', 'bigint', (c) => c.notNull())
    // Features made by another version of the extractor are described again, in the background.
    .addColumn('feature_version', 'text', (c) => c.notNull())
    // Why the picture could not be described ('' when it was); such a picture stays out of the index.
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    // Size of the working image the keypoints refer to.
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('colour', binary, (c) => c.notNull())
    .addColumn('keypoints', 'integer', (c) => c.notNull().defaultTo(0))
    // The engine's global descriptor (hash, colours, visual words) under the vocabulary named,
    // so start-up loads it without re-quantising keypoints; null until a vocabulary exists.
    .addColumn('vocabulary_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('global', binary)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // ORB keypoints and descriptors (some 19 kB): read only for a query's shortlist and to learn a
    // vocabulary. Last, so SQLite reads the columns before it without walking its overflow pages.
    .addColumn('local', binary, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('image_features_company')
    .on('image_features')
    .columns(['company_id', 'picture_id'])
    .execute();
  // Counting and listing a company's described pictures without reading their (large) rows.
  await db.schema
    .createIndex('image_features_version')
    .on('image_features')
    .columns(['company_id', 'feature_version', 'error', 'picture_id'])
    .execute();
  // The indexer reads a company's pictures page by page in id order; without this index each
  // page sorted all of the company's pictures.
  await db.schema
    .createIndex('product_pictures_company_id')
    .on('product_pictures')
    .columns(['company_id', 'id'])
    .execute();

  await db.schema
    .createTable('image_vocabularies')
    // One per company: words learned from its own catalogue, never from another's.
    .addColumn('company_id', 'bigint', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('vocabulary_id', 'text', (c) => c.notNull())
    .addColumn('feature_version', 'text', (c) => c.notNull())
    // Pictures it was learned from: the catalogue growing well past this asks for a new one.
    .addColumn('pictures', 'integer', (c) => c.notNull())
    .addColumn('data', binary, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

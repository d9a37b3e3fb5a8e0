import { ErrorCode, type TempAuth } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/harness';
import { matchCertainty } from './image-search.service';
import { type ImageWork, type ImageWorkers, INLINE_IMAGE_WORK } from './image-search.work';

type Who = { token: string; website: number };

const ENGLISH = 11201002;

describe('image search over the catalogue pictures', () => {
  let t: TestApp;
  let demo: Who;
  let demo2: Who;
  /** Company id of each demo site. */
  const company: Record<'demo' | 'demo2', number> = { demo: 0, demo2: 0 };

  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 8, pictures: true });
    demo = await t.login('demo', 'visitor');
    demo2 = await t.login('demo2', 'visitor');
    for (const site of ['demo', 'demo2'] as const)
      company[site] = (
        await t.db
          .selectFrom('websites')
          .select('company_id')
          .where('code', '=', site)
          .executeTakeFirstOrThrow()
      ).company_id;
    await t.app.imageIndex.refresh();
  });
  afterAll(() => t.close());

  /** The products of a company with the bytes of their first picture, in id order. */
  async function productsWithPictures(companyId: number) {
    const rows = await t.db
      .selectFrom('product_pictures as pp')
      .innerJoin('files as f', 'f.id', 'pp.file_id')
      .select(['pp.id as picture_id', 'pp.product_id', 'pp.sort', 'f.storage_key'])
      .where('pp.company_id', '=', companyId)
      .orderBy('pp.product_id')
      .orderBy('pp.sort')
      .execute();
    const first = rows.filter((r, i) => rows[i - 1]?.product_id !== r.product_id);
    return Promise.all(
      first.map(async (r) => ({
        id: r.product_id,
        picture: (await t.storage.read(r.storage_key)) as Buffer,
      })),
    );
  }

  /** What the browser does: get_temp_auth, then the file to the credential's upload URL. */
  async function upload(who: Who, file: Buffer, contentType: 'image/jpeg' | 'image/png' = 'image/jpeg') {
    const auth = (await t.call('get_temp_auth', { content_type: contentType }, who)).data as TempAuth;
    const form = new FormData();
    for (const [k, v] of Object.entries(auth.upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(file)], { type: contentType }), 'photo');
    const request = new Request('http://showroom/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: auth.upload.url,
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(204);
    return auth;
  }

  // In English, whatever the website's own language (demo2's is Arabic).
  const search = async (who: Who, url: string, limit?: number) =>
    t.call('image_search', { url, lang: ENGLISH, ...(limit ? { limit } : {}) }, who);

  /** A photo of a picture: a crop of 60 to 80 % of it, scaled, saved again as a poor JPEG. */
  const photoOf = (picture: Buffer) =>
    sharp(picture)
      .extract({ left: 110, top: 150, width: 560, height: 500 })
      .resize(420)
      .jpeg({ quality: 50 })
      .toBuffer();

  /** What describing a picture ended with: '' when it was described. */
  const describingError = async (pictureId: number) =>
    (
      await t.db
        .selectFrom('image_features')
        .select('error')
        .where('picture_id', '=', pictureId)
        .executeTakeFirst()
    )?.error;

  /** Adds a product with one picture to a company, as an import would. */
  async function addProduct(companyId: number, picture: Buffer, key: string) {
    const now = t.clock.now();
    await t.storage.put(key, picture, 'image/jpeg');
    const { id: productId } = await t.db
      .insertInto('products')
      .values({ company_id: companyId, name_en: 'Imported toy', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: fileId } = await t.db
      .insertInto('files')
      .values({
        company_id: companyId,
        storage_key: key,
        sha256: key,
        content_type: 'image/jpeg',
        size: picture.length,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: pictureId } = await t.db
      .insertInto('product_pictures')
      .values({ company_id: companyId, product_id: productId, file_id: fileId, sort: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { productId, fileId, pictureId };
  }

  it('describes every seeded product picture once and indexes it for its own company only', async () => {
    const pictures = await t.db
      .selectFrom('product_pictures')
      .select(['id', 'company_id', 'file_id'])
      .execute();
    const stored = await t.db
      .selectFrom('image_features')
      .select(['picture_id', 'company_id', 'file_id', 'error', 'keypoints', 'vocabulary_id'])
      .execute();
    expect(pictures.length).toBe(32);
    expect(stored.map((s) => s.picture_id).sort()).toEqual(pictures.map((p) => p.id).sort());
    for (const s of stored) {
      const p = pictures.find((x) => x.id === s.picture_id);
      expect(s).toMatchObject({ company_id: p?.company_id, file_id: p?.file_id, error: '' });
      expect(s.keypoints).toBeGreaterThan(100);
    }
    const vocabularies = await t.db.selectFrom('image_vocabularies').selectAll().execute();
    expect(vocabularies.map((v) => v.company_id).sort()).toEqual([company.demo, company.demo2].sort());
    for (const site of ['demo', 'demo2'] as const) {
      const mine = vocabularies.find((v) => v.company_id === company[site]);
      expect(t.app.imageIndex.status(company[site])).toEqual({
        pictures: 16,
        vocabulary: mine?.vocabulary_id,
        trainedOn: 16,
        complete: true,
      });
      expect(stored.filter((s) => s.company_id === company[site]).map((s) => s.vocabulary_id)).toEqual(
        Array(16).fill(mine?.vocabulary_id),
      );
    }
  });

  it('finds the product of an uploaded catalogue picture first, most similar first, with its score', async () => {
    const [product] = await productsWithPictures(company.demo);
    if (!product) throw new Error('no product');
    const auth = await upload(demo, product.picture);
    const r = await search(demo, auth.file_url);
    expect(r.code).toBe(0);
    expect(r.data.list[0]).toMatchObject({ id: product.id, score: 1 });
    const scores = r.data.list.map((p) => p.score);
    // The buyer is told how sure the answer is, from the scores it shows (a near-identical demo
    // render, another decal on the same toy, can score as high: then only 'similar').
    expect(r.data.match).toBe(matchCertainty(scores));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // The hits are product cards as the catalogue shows them elsewhere.
    const card = (await t.call('get_toy', { ids: [product.id] }, demo)).data[0];
    expect(r.data.list[0]).toEqual({ ...card, score: 1 });
  });

  it('still finds the product from a cropped, scaled and re-compressed photo of its picture', async () => {
    const products = await productsWithPictures(company.demo);
    for (const product of products.slice(0, 4)) {
      const auth = await upload(demo, await photoOf(product.picture));
      const r = await search(demo, auth.file_url, 5);
      expect({ product: product.id, first: r.data.list[0]?.id }).toEqual({
        product: product.id,
        first: product.id,
      });
      expect(r.data.list.length).toBeLessThanOrEqual(5);
    }
  });

  it('leaves out a product taken off the showroom, and finds it again once it is put back', async () => {
    const [product] = await productsWithPictures(company.demo);
    if (!product) throw new Error('no product');
    const auth = await upload(demo, product.picture);
    const takeOff = (hidden: 0 | 1) =>
      t.db.updateTable('products').set({ is_website_hide: hidden }).where('id', '=', product.id).execute();
    await takeOff(1);
    try {
      const r = await search(demo, auth.file_url);
      expect(r.code).toBe(0);
      expect(r.data.list.map((p) => p.id)).not.toContain(product.id);
      // Nor is it offered as a product similar to another one.
      const [, other] = await productsWithPictures(company.demo);
      const similar = await t.call('get_toy_similar', { id: other?.id as number, limit: 10 }, demo);
      expect(similar.data.map((p) => p.id)).not.toContain(product.id);
    } finally {
      await takeOff(0);
    }
    expect((await search(demo, auth.file_url)).data.list[0]?.id).toBe(product.id);
  });

  it("never answers one website with another company's products", async () => {
    const theirs = new Set((await productsWithPictures(company.demo)).map((p) => p.id));
    const [product] = await productsWithPictures(company.demo);
    const auth = await upload(demo2, product?.picture as Buffer);
    const r = await search(demo2, auth.file_url);
    expect(r.code).toBe(0);
    expect(r.data.list.filter((p) => theirs.has(p.id))).toEqual([]);
    // demo2 finds its own products in its own index.
    const [own] = await productsWithPictures(company.demo2);
    const mine = await upload(demo2, own?.picture as Buffer);
    expect((await search(demo2, mine.file_url)).data.list[0]?.id).toBe(own?.id);
  });

  it("answers the upload's tip as an error for another company's upload, a missing file or a non-picture", async () => {
    const [product] = await productsWithPictures(company.demo);
    const auth = await upload(demo, product?.picture as Buffer);
    expect(await search(demo2, auth.file_url)).toEqual({
      code: ErrorCode.FAILED,
      data: null,
      tip: 'The uploaded file could not be found',
    });
    expect((await search(demo, auth.file_url.replace(/\w{8}\.jpg$/, '00000000.jpg'))).code).toBe(
      ErrorCode.FAILED,
    );
    // S3 stores what it is sent; the server checks the content before use.
    const fake = (await t.call('get_temp_auth', { content_type: 'image/jpeg' }, demo)).data;
    await t.storage.put(fake.key, Buffer.from('definitely not a picture'), 'image/jpeg');
    expect(await search(demo, fake.file_url)).toMatchObject({ code: ErrorCode.FAILED, data: null });
    // (The local upload endpoint refuses it already; S3 would store it.)
    const small = (await t.call('get_temp_auth', { content_type: 'image/jpeg' }, demo)).data;
    await t.storage.put(small.key, await sharp(product?.picture).resize(120).jpeg().toBuffer(), 'image/jpeg');
    expect(await search(demo, small.file_url)).toEqual({
      code: ErrorCode.FAILED,
      data: null,
      tip: 'The picture is too small',
    });
  });

  it('answers an empty list, saying nothing is close, when nothing in the catalogue looks like the picture', async () => {
    const noise = Buffer.alloc(400 * 400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + ((i * i) % 251)) & 255;
    const picture = await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    const auth = await upload(demo, picture, 'image/png');
    expect(await search(demo, auth.file_url)).toEqual({
      code: 0,
      data: { list: [], match: 'none' },
      tip: 'Success',
    });
  });

  describe('similar products (get_toy_similar)', () => {
    it('puts products whose pictures look alike first, never the product itself, then the same category', async () => {
      const [original] = await productsWithPictures(company.demo);
      if (!original) throw new Error('no product');
      const card = (await t.call('get_toy', { ids: [original.id] }, demo)).data[0];
      // The same toy in another colour, imported later: its picture resembles the first one.
      const recoloured = await sharp(original.picture)
        .modulate({ hue: 90 })
        .extract({ left: 40, top: 40, width: 720, height: 720 })
        .jpeg()
        .toBuffer();
      const variant = await addProduct(company.demo, recoloured, `c${company.demo}/imports/variant.jpg`);
      // And one of the same category without any picture: only the catalogue's rule can find it.
      const now = t.clock.now();
      const { id: unpictured } = await t.db
        .insertInto('products')
        .values({
          company_id: company.demo,
          category_id: card?.category_id ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.app.imageIndex.refresh();

      const visual = await t.app.imageIndex.similarProducts(company.demo, original.id, 30);
      // Other toys drawn alike (the demo's other cars, say) may rank with it.
      expect(visual.slice(0, 3)).toContain(variant.productId);
      const r = await t.call('get_toy_similar', { id: original.id, limit: 30 }, demo);
      expect(r.code).toBe(0);
      const ids = r.data.map((p) => p.id);
      expect(ids.slice(0, visual.length)).toEqual(visual);
      expect(ids).not.toContain(original.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain(unpictured);
      for (const p of r.data.slice(visual.length)) expect(p.category_id).toBe(card?.category_id);
      expect(
        (await t.call('get_toy_similar', { id: original.id, limit: 1 }, demo)).data.map((p) => p.id),
      ).toEqual(visual.slice(0, 1));
      // And the other way round.
      const back = await t.call('get_toy_similar', { id: variant.productId, limit: 3 }, demo);
      expect(back.data.map((p) => p.id)).toContain(original.id);
      // A product without a picture gets the catalogue's rule alone.
      const plain = await t.call('get_toy_similar', { id: unpictured, limit: 30 }, demo);
      expect(plain.data.length).toBeGreaterThan(0);
      for (const p of plain.data) expect(p.category_id).toBe(card?.category_id);
    });

    it("answers nothing for another company's product", async () => {
      const [theirs] = await productsWithPictures(company.demo2);
      expect((await t.call('get_toy_similar', { id: theirs?.id as number }, demo)).data).toEqual([]);
    });
  });

  describe('when pictures change', () => {
    it('describes a new picture, a picture given another file, and forgets a removed one', async () => {
      const [, second] = await productsWithPictures(company.demo);
      const photo = await sharp(second?.picture).rotate(8, { background: '#ffffff' }).jpeg().toBuffer();
      const added = await addProduct(company.demo, photo, `c${company.demo}/imports/added.jpg`);
      const before = t.app.imageIndex.status(company.demo).pictures;
      await t.app.imageIndex.refresh();
      expect(t.app.imageIndex.status(company.demo).pictures).toBe(before + 1);
      const auth = await upload(demo, photo);
      expect((await search(demo, auth.file_url)).data.list[0]?.id).toBe(added.productId);

      // Pointed at another file: described again, under the new file.
      const [, , third] = await productsWithPictures(company.demo);
      const other = await addProduct(
        company.demo,
        third?.picture as Buffer,
        `c${company.demo}/imports/other.jpg`,
      );
      await t.db
        .updateTable('product_pictures')
        .set({ file_id: other.fileId })
        .where('id', '=', added.pictureId)
        .execute();
      await t.db.deleteFrom('products').where('id', '=', other.productId).execute();
      await t.app.imageIndex.refresh();
      const row = await t.db
        .selectFrom('image_features')
        .select('file_id')
        .where('picture_id', '=', added.pictureId)
        .executeTakeFirstOrThrow();
      expect(row.file_id).toBe(other.fileId);
      expect((await search(demo, auth.file_url)).data.list[0]?.id).not.toBe(added.productId);

      // Removed: out of the index at the next look.
      await t.db.deleteFrom('products').where('id', '=', added.productId).execute();
      await t.app.imageIndex.refresh();
      expect(t.app.imageIndex.status(company.demo).pictures).toBe(before);
      const again = await search(demo, (await upload(demo, third?.picture as Buffer)).file_url);
      expect(again.data.list.map((p) => p.id)).not.toContain(added.productId);
    });

    it('records a picture whose file is gone as missing, and indexes the rest', async () => {
      const [, , , fourth] = await productsWithPictures(company.demo);
      const key = `c${company.demo}/imports/gone.jpg`;
      const gone = await addProduct(company.demo, fourth?.picture as Buffer, key);
      await rm(join(t.storage.root, key));
      const before = t.app.imageIndex.status(company.demo).pictures;
      await t.app.imageIndex.refresh();
      expect(await describingError(gone.pictureId)).toBe('file missing');
      expect(t.app.imageIndex.status(company.demo).pictures).toBe(before);
      await t.db.deleteFrom('products').where('id', '=', gone.productId).execute();
    });
  });

  describe('after a restart', () => {
    let app2: FastifyInstance | null = null;
    let open: () => void = () => undefined;
    afterAll(async () => {
      open();
      await app2?.close();
    });

    it('loads the stored index at once and describes only new pictures, while already answering searches (re-ranked in the query thread, as many pictures as it is told)', async () => {
      const jobs: string[] = [];
      const named: string[] = [];
      const gate = new Promise<void>((resolve) => (open = resolve));
      // Counts jobs and holds describing back, as a slow worker would.
      const counted: ImageWork = async (job) => {
        jobs.push(job.kind);
        // The picture named by its file on the local disk: the worker reads it, not this thread.
        if (job.kind === 'describe') named.push('path' in job.image ? job.image.path : 'bytes');
        if (job.kind === 'describe') await gate;
        return INLINE_IMAGE_WORK.indexing(job);
      };
      // The thread that describes queries also re-ranks them: the one answering requests never does.
      const queryJobs: string[] = [];
      const reranked: number[] = [];
      const query: ImageWork = async (job) => {
        queryJobs.push(job.kind);
        if (job.kind === 'rerank') reranked.push(job.candidates.size);
        return INLINE_IMAGE_WORK.query(job);
      };
      const workers: ImageWorkers = { query, indexing: counted };
      const [product] = await productsWithPictures(company.demo);
      const newcomer = await addProduct(
        company.demo2,
        await sharp(product?.picture).negate({ alpha: false }).jpeg().toBuffer(),
        `c${company.demo2}/imports/newcomer.jpg`,
      );

      app2 = await buildApp({
        db: t.db,
        clock: t.clock,
        storage: t.storage,
        defaultSite: 'demo',
        logLevel: 'silent',
        checkResponses: true,
        imageWork: workers,
        // Fewer than the company's pictures, so the shortlist it sets is seen in what is re-ranked.
        imageSearchShortlist: 10,
      });
      await app2.ready();
      const index = app2.imageIndex;
      await vi.waitFor(() =>
        expect(index.status(company.demo).pictures).toBe(t.app.imageIndex.status(company.demo).pictures),
      );
      expect(index.status(company.demo).vocabulary).toBe(t.app.imageIndex.status(company.demo).vocabulary);

      // Searching works from the stored index while the new picture waits to be described.
      const auth = await upload(demo, product?.picture as Buffer);
      const res = await app2.inject({
        method: 'POST',
        url: '/api/image_search',
        headers: { 'website-id': String(demo.website), authorization: `Bearer ${demo.token}` },
        payload: { url: auth.file_url },
      });
      const found = res.json<{ code: number; data: { list: { id: number; score: number }[] } }>();
      expect(found.code).toBe(0);
      expect(found.data.list[0]).toMatchObject({ id: product?.id, score: 1 });
      expect(jobs).toEqual(['describe']);
      expect(queryJobs).toEqual(['warm', 'query', 'rerank']);
      expect(index.status(company.demo).pictures).toBeGreaterThan(10);
      expect(reranked).toEqual([10]);
      // demo2's new picture is still waiting: its searches say the results may be incomplete.
      const [own] = await productsWithPictures(company.demo2);
      const mine = await upload(demo2, own?.picture as Buffer);
      const partial = await app2.inject({
        method: 'POST',
        url: '/api/image_search',
        headers: { 'website-id': String(demo2.website), authorization: `Bearer ${demo2.token}` },
        payload: { url: mine.file_url, lang: ENGLISH },
      });
      expect(partial.json()).toMatchObject({
        code: 0,
        tip: 'The catalogue pictures are still being indexed, so some products may be missing from the results',
      });
      expect(partial.json<{ data: { list: { id: number }[] } }>().data.list[0]?.id).toBe(own?.id);

      open();
      await index.refresh();
      expect(jobs).toEqual(['describe']);
      expect(named).toEqual([join(t.storage.root, `c${company.demo2}/imports/newcomer.jpg`)]);
      expect(index.status(company.demo2).pictures).toBe(17);
      expect(await describingError(newcomer.pictureId)).toBe('');
    });
  });
});

describe('image search over a catalogue without pictures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ productsPerCompany: 12 });
    await t.app.imageIndex.refresh();
  });
  afterAll(() => t.close());

  it('answers an empty list, and get_toy_similar by the catalogue rule alone', async () => {
    const demo = await t.login('demo', 'visitor');
    const auth = (await t.call('get_temp_auth', { content_type: 'image/png' }, demo)).data;
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3cb46d' } })
      .png()
      .toBuffer();
    await t.storage.put(auth.key, picture, 'image/png');
    expect(await t.call('image_search', { url: auth.file_url, lang: ENGLISH }, demo)).toEqual({
      code: 0,
      data: { list: [], match: 'none' },
      tip: 'Success',
    });
    const products = (await t.call('get_list', { page_size: 12 }, demo)).data.list;
    const p = products.find((x) => products.some((y) => y.id !== x.id && y.category_id === x.category_id));
    const similar = await t.call('get_toy_similar', { id: p?.id as number, limit: 5 }, demo);
    expect(similar.data.length).toBeGreaterThan(0);
    for (const x of similar.data) expect(x.category_id).toBe(p?.category_id);
    expect(similar.data.map((x) => x.id)).not.toContain(p?.id);
  });

  it('has every thread of the query pool load OpenCV at start, not on a first search', async () => {
    const jobs: string[] = [];
    const query: ImageWork = async (job) => {
      jobs.push(job.kind);
      return INLINE_IMAGE_WORK.query(job);
    };
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      storage: t.storage,
      defaultSite: 'demo',
      logLevel: 'silent',
      imageScanEveryMs: 0,
      housekeepingEveryMs: 0,
      imageWork: { query, indexing: INLINE_IMAGE_WORK.indexing, queryThreads: 3 },
    });
    try {
      await app.ready();
      expect(jobs).toEqual(['warm', 'warm', 'warm']);
    } finally {
      await app.close();
    }
  });
});

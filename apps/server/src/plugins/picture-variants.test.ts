import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

describe('pictures in several widths', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const { seedDemo } = await import('../db/seed/demo');
    await seedDemo(t.db, t.storage, t.clock, { productsPerCompany: 1, pictures: true });
    const file = await t.db
      .selectFrom('files')
      .select('storage_key')
      .where('content_type', '=', 'image/jpeg')
      .executeTakeFirstOrThrow();
    key = file.storage_key;
  });
  afterAll(() => t.close());

  it.each([160, 320, 480, 800])(
    'serves a stored picture as WebP %i pixels wide, cached for a year',
    async (width) => {
      const res = await t.app.inject({ method: 'GET', url: `/img/${width}/${key}.webp` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      // The browser takes the type from the header, never from the bytes.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toContain('immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
    },
  );

  it('makes each width once and keeps it beside the original', async () => {
    await t.app.inject({ method: 'GET', url: `/img/320/${key}.webp` });
    expect(await t.storage.exists(`variants/w320/${key}.webp`)).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: `/img/320/${key}.webp` });
    expect(again.statusCode).toBe(200);
  });

  it('is lighter than the original', async () => {
    const original = await t.app.inject({ method: 'GET', url: `/files/${key}` });
    const small = await t.app.inject({ method: 'GET', url: `/img/320/${key}.webp` });
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length / 2);
  });

  it('never serves WebP under the name of another type: the old address leads to the .webp one', async () => {
    expect(key).toMatch(/\.jpg$/);
    const old = await t.app.inject({ method: 'GET', url: `/img/320/${key}` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/img/320/${key}.webp`);
    expect(old.rawPayload.length).toBeLessThan(100);
  });

  it.each([
    ['an unlisted width', () => `/img/321/${key}.webp`],
    ['a missing picture', () => '/img/320/c1/00/nothing.jpg.webp'],
    ['a path outside storage', () => '/img/320/../../etc/passwd.jpg.webp'],
    ['a variant of a variant', () => `/img/320/variants/w320/${key}.webp.webp`],
    ['a variant by its old address', () => `/img/320/variants/w320/${key}.webp`],
    ['a file that is not a picture', () => '/img/320/c1/secret.txt.webp'],
  ])('answers %s with 404', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(404);
  });
});

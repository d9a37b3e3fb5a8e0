import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, IMAGE_SEARCH_MAX_BYTES } from '@vitrine/contract';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { S3Storage } from '../../platform/storage.s3';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUploadsRepository } from './uploads.repository';
import { createUploadsService, IMAGE_SEARCH_UPLOADS_KEPT_DAYS, UPLOAD_TTL_MS } from './uploads.service';

type Who = { token: string; website: number };

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3cb46d' } });

describe('upload credentials (get_temp_auth and the local upload endpoint)', () => {
  let t: TestApp;
  let demo: Who;
  let demo2: Who;
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.login('demo', 'visitor');
    demo2 = await t.login('demo2', 'visitor');
    png = await picture(320, 240).png().toBuffer();
    jpeg = await picture(320, 240).jpeg().toBuffer();
  });
  afterAll(() => t.close());

  const companyOf = async (who: Who) =>
    (
      await t.db
        .selectFrom('websites')
        .select('company_id')
        .where('id', '=', who.website)
        .executeTakeFirstOrThrow()
    ).company_id;

  async function credential(who: Who, content_type: 'image/png' | 'image/jpeg' = 'image/png') {
    const r = await t.call('get_temp_auth', { content_type }, who);
    expect(r.code).toBe(0);
    return r.data;
  }

  const upload = (...args: Parameters<TestApp['upload']>) => t.upload(...args);

  it('answers a credential for one file under the company folder, the date and the purpose', async () => {
    const auth = await credential(demo);
    expect(auth).toMatchObject({
      provider: 'local',
      accessKeySecret: '',
      content_type: 'image/png',
      max_bytes: IMAGE_SEARCH_MAX_BYTES,
      expires_at: t.clock.now() + UPLOAD_TTL_MS,
      upload: { url: '/upload' },
    });
    expect(auth.key).toMatch(
      new RegExp(`^c${await companyOf(demo)}/image_search/2026-11-22/[0-9a-f]{32}\\.png$`),
    );
    expect(auth.file_url).toBe(`/files/${auth.key}`);
    expect(auth.upload.fields).toMatchObject({ key: auth.key, 'Content-Type': 'image/png' });
  });

  it('names the folder after the day of the clock, and the file after the type', async () => {
    t.clock.advance(24 * 3600 * 1000);
    const auth = await credential(demo, 'image/jpeg');
    expect(auth.key).toMatch(/\/image_search\/2026-11-23\/[0-9a-f]{32}\.jpg$/);
    const chat = await t.call('get_temp_auth', { content_type: 'image/png', purpose: 'im' }, demo);
    expect(chat.data.key).toMatch(/^c\d+\/im\/2026-11-23\//);
  });

  it('is refused without a session, and for a type other than jpg or png', async () => {
    expect(
      (await t.call('get_temp_auth', { content_type: 'image/png' }, { website: demo.website })).code,
    ).toBe(ErrorCode.SESSION_INVALID);
    expect((await t.call('get_temp_auth', { content_type: 'image/gif' }, demo)).code).toBe(
      ErrorCode.BAD_REQUEST,
    );
  });

  it('stores the uploaded file under its key, where file_url serves it', async () => {
    const auth = await credential(demo);
    expect(await upload(auth, png)).toEqual({ status: 204, body: null });
    const served = await t.app.inject({ method: 'GET', url: auth.file_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(png);
  });

  it('allows one upload only: the same credential used twice is refused', async () => {
    const auth = await credential(demo);
    expect((await upload(auth, png)).status).toBe(204);
    const another = await picture(400, 400).png().toBuffer();
    expect(await upload(auth, another)).toEqual({
      status: 409,
      body: { reason: 'used', tip: 'This upload permission has already been used, please try again' },
    });
    expect(await t.storage.read(auth.key)).toEqual(png);
  });

  it('lets only one of two simultaneous uploads with one credential through', async () => {
    const auth = await credential(demo);
    const statuses = (await Promise.all([upload(auth, png), upload(auth, png)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([204, 409]);
  });

  it('refuses a file sent to another key than the one it was given for', async () => {
    const auth = await credential(demo);
    const elsewhere = auth.key.replace('/image_search/', '/im/');
    const r = await upload(auth, png, { fields: { key: elsewhere } });
    expect(r).toMatchObject({ status: 403, body: { reason: 'wrongKey' } });
    expect(await t.storage.exists(elsewhere)).toBe(false);
    expect(await t.storage.exists(auth.key)).toBe(false);
  });

  it("never lets one website's credential write into another company's folder", async () => {
    const mine = await credential(demo);
    const theirs = await credential(demo2);
    expect(await companyOf(demo)).not.toBe(await companyOf(demo2));
    expect(theirs.key.split('/')[0]).not.toBe(mine.key.split('/')[0]);
    const r = await upload(mine, png, { fields: { key: theirs.key } });
    expect(r).toMatchObject({ status: 403, body: { reason: 'wrongKey' } });
    expect(await t.storage.exists(theirs.key)).toBe(false);
    // The other company's own credential still works: the refused attempt did not use it up.
    expect((await upload(theirs, png)).status).toBe(204);
  });

  it('refuses a credential whose signed token was altered or forged', async () => {
    const auth = await credential(demo);
    const token = auth.upload.fields.token ?? '';
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await upload(auth, png, { fields: { token: altered } })).toMatchObject({
      status: 403,
      body: { reason: 'invalid' },
    });
    expect(await upload(auth, png, { fields: { token: 'u1.e30.AAAA' } })).toMatchObject({
      status: 403,
      body: { reason: 'invalid' },
    });
  });

  it('refuses another type than the credential allows, by the declared type and by the bytes', async () => {
    const auth = await credential(demo);
    expect(await upload(auth, jpeg, { fields: { 'Content-Type': 'image/jpeg' } })).toMatchObject({
      status: 403,
      body: { reason: 'wrongType' },
    });
    // A JPEG, a GIF or garbage sent as the PNG the credential is for.
    const gif = await picture(300, 300).gif().toBuffer();
    for (const file of [jpeg, gif, Buffer.from('definitely not a picture')]) {
      expect(await upload(auth, file)).toMatchObject({ status: 403, body: { reason: 'wrongType' } });
    }
    expect(await t.storage.exists(auth.key)).toBe(false);
    // Refusals do not use the credential up.
    expect((await upload(auth, png)).status).toBe(204);
  });

  it('refuses a file larger than the credential allows, and an empty one', async () => {
    const auth = await credential(demo);
    const tooLarge = Buffer.concat([png, Buffer.alloc(auth.max_bytes + 1 - png.length)]);
    expect(await upload(auth, tooLarge)).toMatchObject({ status: 413, body: { reason: 'tooLarge' } });
    const farTooLarge = Buffer.alloc(auth.max_bytes + 256 * 1024);
    expect(await upload(auth, farTooLarge)).toMatchObject({ status: 413, body: { reason: 'tooLarge' } });
    expect(await upload(auth, Buffer.alloc(0))).toMatchObject({ status: 400, body: { reason: 'empty' } });
    expect(await t.storage.exists(auth.key)).toBe(false);
  });

  it('refuses a credential once it has expired', async () => {
    const auth = await credential(demo);
    t.clock.advance(UPLOAD_TTL_MS);
    expect(await upload(auth, png)).toEqual({
      status: 403,
      body: { reason: 'expired', tip: 'This upload permission has expired, please try again' },
    });
    expect(await t.storage.exists(auth.key)).toBe(false);
  });

  it('refuses a body that is not the multipart form, in the language the browser asks for', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'application/json', 'accept-language': 'de-DE,de;q=0.9' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      reason: 'malformed',
      tip: 'Der Upload konnte nicht gelesen werden: Senden Sie zuerst die Felder der Berechtigung, dann die Datei',
    });
    const auth = await credential(demo);
    expect(await upload(auth, png, { fields: { token: '' } })).toMatchObject({
      body: { reason: 'malformed' },
    });
  });

  it("deletes buyers' image-search photos after a week, a day at a time, and keeps chat pictures", async () => {
    const day = (offset: number) =>
      new Date(t.clock.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const put = (key: string) => t.storage.put(key, png, 'image/png');
    const folders: Record<string, string[]> = {};
    for (const who of [demo, demo2]) {
      const c = `c${await companyOf(who)}`;
      // A photo uploaded now, one the last day of its week, one the day after, and a chat picture.
      const mine = [
        `${c}/image_search/${day(0)}/${'a'.repeat(32)}.png`,
        `${c}/image_search/${day(-IMAGE_SEARCH_UPLOADS_KEPT_DAYS)}/${'b'.repeat(32)}.png`,
        `${c}/image_search/${day(-IMAGE_SEARCH_UPLOADS_KEPT_DAYS - 1)}/${'c'.repeat(32)}.png`,
        `${c}/im/${day(-30)}/${'d'.repeat(32)}.png`,
      ];
      for (const key of mine) await put(key);
      folders[c] = mine;
    }
    await t.app.housekeeping.runNow();
    for (const [c, [today, lastDay, expired, chat]] of Object.entries(folders)) {
      expect(await t.storage.exists(today as string), c).toBe(true);
      expect(await t.storage.exists(lastDay as string), c).toBe(true);
      expect(await t.storage.exists(expired as string), c).toBe(false);
      expect(await t.storage.list(`${c}/image_search`), c).not.toContain(
        day(-IMAGE_SEARCH_UPLOADS_KEPT_DAYS - 1),
      );
      expect(await t.storage.exists(chat as string), c).toBe(true);
    }
  });

  it('forgets a used credential once it has expired', async () => {
    const used = () => t.db.selectFrom('upload_grants').select('storage_key').execute();
    const auth = await credential(demo);
    expect((await upload(auth, png)).status).toBe(204);
    await t.app.housekeeping.runNow();
    expect((await used()).map((r) => r.storage_key)).toContain(auth.key);
    t.clock.advance(UPLOAD_TTL_MS + 1);
    await t.app.housekeeping.runNow();
    expect((await used()).map((r) => r.storage_key)).not.toContain(auth.key);
  });

  describe('reading an upload back for use (what image_search calls)', () => {
    const uploads = () =>
      createUploadsService({ repo: createUploadsRepository(t.db), storage: t.storage, clock: t.clock });

    it("answers the company's own picture, checked by its content", async () => {
      const auth = await credential(demo);
      await upload(auth, png);
      const owner = { companyId: await companyOf(demo), purpose: 'image_search' as const };
      expect(await uploads().readUploadedImage(auth.file_url, owner)).toMatchObject({
        ok: true,
        key: auth.key,
        type: 'image/png',
        width: 320,
        height: 240,
      });
    });

    it("reads another company's upload, or another purpose's, as missing", async () => {
      const auth = await credential(demo);
      await upload(auth, png);
      const other = { companyId: await companyOf(demo2), purpose: 'image_search' as const };
      expect(await uploads().readUploadedImage(auth.file_url, other)).toMatchObject({
        ok: false,
        reason: 'notFound',
      });
      const chat = { companyId: await companyOf(demo), purpose: 'im' as const };
      expect(await uploads().readUploadedImage(auth.file_url, chat)).toMatchObject({
        ok: false,
        reason: 'notFound',
      });
      expect(await uploads().readUploadedImage('https://elsewhere.example/x.png', chat)).toMatchObject({
        ok: false,
        reason: 'notFound',
      });
    });

    it('refuses a picture that passes the upload but not the content check (too small, truncated)', async () => {
      const owner = { companyId: await companyOf(demo), purpose: 'image_search' as const };
      const small = await credential(demo);
      await upload(small, await picture(150, 150).png().toBuffer());
      expect(await uploads().readUploadedImage(small.file_url, owner)).toEqual({
        ok: false,
        reason: 'tooSmall',
        tip: 'api.upload.tooSmall',
      });
      const cut = await credential(demo, 'image/jpeg');
      await upload(cut, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
      expect(await uploads().readUploadedImage(cut.file_url, owner)).toMatchObject({
        ok: false,
        reason: 'unreadable',
      });
    });
  });

  describe('with S3 storage', () => {
    let dir: string;
    let server: S3rver;
    let storage: S3Storage;
    beforeAll(async () => {
      // The SDK warns once per process that it will need a newer Node.js; the tests stay quiet.
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
      dir = mkdtempSync(join(tmpdir(), 'vitrine-s3rver-'));
      server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: dir,
        configureBuckets: [{ name: 'showroom' }],
      });
      const { port } = await server.run();
      storage = new S3Storage({
        bucket: 'showroom',
        region: 'ap-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        clock: t.clock,
      });
    });
    afterAll(async () => {
      storage.client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('runs the whole app on it: get_temp_auth answers S3 credentials, the server keeps no /upload', async () => {
      const app = await buildApp({
        db: t.db,
        clock: t.clock,
        storage,
        defaultSite: 'demo',
        logLevel: 'silent',
      });
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/api/get_temp_auth',
          headers: { 'website-id': String(demo.website), authorization: `Bearer ${demo.token}` },
          payload: { content_type: 'image/png' },
        });
        expect(res.json()).toMatchObject({ code: 0, data: { provider: 's3', bucket: 'showroom' } });
        expect((await app.inject({ method: 'POST', url: '/upload' })).statusCode).toBe(404);
      } finally {
        await app.close();
      }
    });

    it("answers the spec's credential fields that S3 has, never the secret, and a presigned POST", async () => {
      const uploads = createUploadsService({ repo: createUploadsRepository(t.db), storage, clock: t.clock });
      const companyId = await companyOf(demo);
      const r = await uploads.tempAuth(
        { purpose: 'image_search', content_type: 'image/jpeg' },
        companyId,
        (key) => key,
      );
      if (!r.ok) throw new Error(r.tip);
      const auth = r.data;
      expect(auth).toMatchObject({
        provider: 's3',
        region: 'ap-east-1',
        bucket: 'showroom',
        accessKeyId: 'S3RVER',
        accessKeySecret: '',
        stsToken: '',
        file_url: `${storage.publicUrl(auth.key)}`,
      });
      expect(auth.key).toMatch(
        new RegExp(`^c${companyId}/image_search/\\d{4}-\\d{2}-\\d{2}/[0-9a-f]{32}\\.jpg$`),
      );
      expect(Object.keys(auth.upload.fields)).toEqual(
        expect.arrayContaining(['key', 'Content-Type', 'Policy', 'X-Amz-Signature']),
      );

      const form = new FormData();
      for (const [k, v] of Object.entries(auth.upload.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      expect((await fetch(auth.upload.url, { method: 'POST', body: form })).ok).toBe(true);
      expect(
        await uploads.readUploadedImage(auth.file_url, { companyId, purpose: 'image_search' }),
      ).toMatchObject({ ok: true, type: 'image/jpeg', width: 320, height: 240 });
    });
  });
});

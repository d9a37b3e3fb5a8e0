import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAT_MEDIA, type ChatMediaType, ErrorCode, IMAGE_SEARCH_MAX_BYTES } from '@vitrine/contract';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { CALL_LIMITS } from '../../plugins/limits';
import { S3Storage } from '../../platform/storage.s3';
import { createTestApp, type TestApp } from '../../test/harness';
import { htmlAsMedia, mp4File, wavFile } from '../../test/media';
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

  it('is refused without a session, for a type no upload takes, and for one its purpose does not', async () => {
    expect(
      (await t.call('get_temp_auth', { content_type: 'image/png' }, { website: demo.website })).code,
    ).toBe(ErrorCode.SESSION_INVALID);
    expect((await t.call('get_temp_auth', { content_type: 'text/html' as 'image/png' }, demo)).code).toBe(
      ErrorCode.BAD_REQUEST,
    );
    // A GIF or a video is a chat file, not an image-search photo.
    for (const content_type of ['image/gif', 'video/mp4'] as const)
      expect((await t.call('get_temp_auth', { content_type }, demo)).code).toBe(ErrorCode.FAILED);
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

  describe('chat files (purpose im)', () => {
    const chatCredential = async (who: Who, content_type: ChatMediaType) => {
      const r = await t.call('get_temp_auth', { purpose: 'im', content_type }, who);
      expect(r.code).toBe(0);
      return r.data;
    };

    it('takes pictures of the four kinds and stores them re-encoded, a GIF with all its frames', async () => {
      // An animation of three frames.
      const frames = await Promise.all(
        ['#d04040', '#40d040', '#4040d0'].map((background) =>
          sharp({ create: { width: 40, height: 40, channels: 3, background } })
            .png()
            .toBuffer(),
        ),
      );
      const gif = await sharp(frames, { join: { animated: true } })
        .gif()
        .toBuffer();
      expect((await sharp(gif).metadata()).pages).toBe(3);
      const files = {
        'image/png': png,
        'image/jpeg': jpeg,
        'image/webp': await picture(64, 48).webp().toBuffer(),
        'image/gif': gif,
      } as const;
      for (const [type, bytes] of Object.entries(files) as [keyof typeof files, Buffer][]) {
        const auth = await chatCredential(demo, type);
        expect(auth.max_bytes).toBe(CHAT_MEDIA.IMAGE_MAX_BYTES);
        expect((await upload(auth, bytes)).status).toBe(204);
        const stored = await t.storage.read(auth.key);
        expect(stored && (await sharp(stored).metadata()).format).toBe(type.split('/')[1]);
      }
      const again = await chatCredential(demo, 'image/gif');
      expect((await upload(again, gif)).status).toBe(204);
      const stored = await t.storage.read(again.key);
      expect(stored && (await sharp(stored).metadata()).pages).toBe(3);
    });

    it('takes a video or an audio whose container is what was declared, within its own size cap', async () => {
      const video = await chatCredential(demo, 'video/mp4');
      expect(video.max_bytes).toBe(CHAT_MEDIA.VIDEO_MAX_BYTES);
      expect(video.key).toMatch(/^c\d+\/im\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{32}\.mp4$/);
      expect((await upload(video, mp4File())).status).toBe(204);
      const served = await t.app.inject({ method: 'GET', url: video.file_url });
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(served.rawPayload).toEqual(mp4File());

      const audio = await chatCredential(demo, 'audio/wav');
      expect(audio.max_bytes).toBe(CHAT_MEDIA.AUDIO_MAX_BYTES);
      expect((await upload(audio, wavFile())).status).toBe(204);
      // An mp4 recorded as audio (Safari's voice notes) is the same container.
      expect((await upload(await chatCredential(demo, 'audio/mp4'), mp4File())).status).toBe(204);
    });

    it('refuses a page, a picture or a voice note sent as a video, and nothing is stored', async () => {
      for (const bytes of [htmlAsMedia(), png, wavFile()]) {
        const auth = await chatCredential(demo, 'video/mp4');
        expect(await upload(auth, bytes)).toMatchObject({ status: 403, body: { reason: 'wrongType' } });
        expect(await t.storage.exists(auth.key)).toBe(false);
      }
      // Nor a video sent as a picture.
      const auth = await chatCredential(demo, 'image/png');
      expect(await upload(auth, mp4File())).toMatchObject({ status: 403, body: { reason: 'wrongType' } });
    });

    it('gives staff who write in the chat (owner, service) a credential of their own, and sales none', async () => {
      for (const role of ['owner', 'service'] as const) {
        const staff = await t.staffLogin('demo', role);
        const r = await t.call('staff_get_chat_upload_credential', { content_type: 'image/png' }, staff);
        expect(r.code).toBe(0);
        expect(r.data.key.split('/')[0]).toBe(`c${await companyOf(demo)}`);
        expect(r.data.key).toContain('/im/');
        expect((await upload(r.data, png)).status).toBe(204);
      }
      const sales = await t.staffLogin('demo', 'sales');
      const r = await t.call('staff_get_chat_upload_credential', { content_type: 'image/png' }, sales);
      expect(r.code).toBe(ErrorCode.FORBIDDEN);
    });
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

  // Chat pictures and the other purposes' uploads: uploads.retention.test.ts (decision 0073).
  it("deletes buyers' image-search photos after a week, a day at a time", async () => {
    const day = (offset: number) =>
      new Date(t.clock.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const put = (key: string) => t.storage.put(key, png, 'image/png');
    const folders: Record<string, string[]> = {};
    for (const who of [demo, demo2]) {
      const c = `c${await companyOf(who)}`;
      // A photo uploaded now, one the last day of its week, and one the day after.
      const mine = [
        `${c}/image_search/${day(0)}/${'a'.repeat(32)}.png`,
        `${c}/image_search/${day(-IMAGE_SEARCH_UPLOADS_KEPT_DAYS)}/${'b'.repeat(32)}.png`,
        `${c}/image_search/${day(-IMAGE_SEARCH_UPLOADS_KEPT_DAYS - 1)}/${'c'.repeat(32)}.png`,
      ];
      for (const key of mine) await put(key);
      folders[c] = mine;
    }
    await t.app.housekeeping.runNow();
    for (const [c, [today, lastDay, expired]] of Object.entries(folders)) {
      expect(await t.storage.exists(today as string), c).toBe(true);
      expect(await t.storage.exists(lastDay as string), c).toBe(true);
      expect(await t.storage.exists(expired as string), c).toBe(false);
      expect(await t.storage.list(`${c}/image_search`), c).not.toContain(
        day(-IMAGE_SEARCH_UPLOADS_KEPT_DAYS - 1),
      );
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

    it('refuses at the upload a picture that does not decode or is too small, and stores nothing', async () => {
      const small = await credential(demo);
      expect(await upload(small, await picture(150, 150).png().toBuffer())).toMatchObject({
        status: 422,
        body: { reason: 'tooSmall', tip: 'The picture is too small' },
      });
      const cut = await credential(demo, 'image/jpeg');
      expect(await upload(cut, jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toMatchObject({
        status: 422,
        body: { reason: 'unreadable' },
      });
      expect(await t.storage.exists(small.key)).toBe(false);
      expect(await t.storage.exists(cut.key)).toBe(false);
    });
  });

  describe('what is stored is re-encoded (decision 0032)', () => {
    it('refuses an undecodable chat upload (im) that only starts like a JPEG, and stores nothing', async () => {
      const r = await t.call('get_temp_auth', { purpose: 'im', content_type: 'image/jpeg' }, demo);
      const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1024 * 1024, 0x41)]);
      expect(await upload(r.data, fake)).toMatchObject({ status: 422, body: { reason: 'unreadable' } });
      expect(await t.storage.exists(r.data.key)).toBe(false);
    });

    it('stores a JPEG followed by HTML and script as the picture alone, served with nosniff', async () => {
      const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
      const polyglot = Buffer.concat([jpeg, html]);
      const auth = await credential(demo, 'image/jpeg');
      expect((await upload(auth, polyglot)).status).toBe(204);
      const served = await t.app.inject({ method: 'GET', url: auth.file_url });
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.includes('<script>')).toBe(false);
      expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'jpeg',
        width: 320,
        height: 240,
      });
    });

    it('drops what the picture carries besides its pixels (EXIF, with a location), keeping its look', async () => {
      const tagged = await picture(320, 240)
        .jpeg()
        .withExif({ IFD0: { Artist: 'Somebody', ImageDescription: 'secret place' } })
        .toBuffer();
      expect(tagged.includes('secret place')).toBe(true);
      const auth = await credential(demo, 'image/jpeg');
      expect((await upload(auth, tagged)).status).toBe(204);
      const stored = await t.storage.read(auth.key);
      expect(stored?.includes('secret place')).toBe(false);
    });
  });

  describe('credentials per session (decision 0033)', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ callLimits: { get_temp_auth: CALL_LIMITS.get_temp_auth } });
    });
    afterAll(() => limited.close());

    it('refuses the 101st credential of a session in a minute with -429, and gives them again a minute on', async () => {
      const who = await limited.login('demo', 'visitor');
      const ask = () =>
        limited.call('get_temp_auth', { content_type: 'image/png' }, { ...who, ip: '203.0.113.7' });
      const codes = await Promise.all(Array.from({ length: 101 }, ask)).then((all) => all.map((r) => r.code));
      expect(codes.filter((c) => c === 0)).toHaveLength(100);
      const refused = await ask();
      expect(refused).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, data: null });
      expect(refused.tip).toBe('Too many requests, please slow down and try again shortly');
      // Another session, from another address, is not held back by the first one's calls.
      const other = await limited.login('demo', 'visitor');
      expect(
        (await limited.call('get_temp_auth', { content_type: 'image/png' }, { ...other, ip: '203.0.113.8' }))
          .code,
      ).toBe(0);
      limited.clock.advance(60_000);
      expect((await ask()).code).toBe(0);
    });

    it('lets a credential upload nothing once its session has logged out', async () => {
      const who = await limited.login('demo', 'visitor');
      const r = await limited.call('get_temp_auth', { content_type: 'image/png' }, who);
      expect((await limited.call('logout', {}, who)).code).toBe(0);
      expect(await limited.upload(r.data, png)).toMatchObject({ status: 403, body: { reason: 'invalid' } });
      expect(await limited.storage.exists(r.data.key)).toBe(false);
    });

    it('lets a staff credential upload nothing once the staff member has logged out', async () => {
      const staff = await limited.staffLogin('demo', 'owner');
      const r = await limited.call('staff_get_upload_credential', { content_type: 'image/png' }, staff);
      expect(r.code).toBe(0);
      expect((await limited.call('staff_logout', {}, staff)).code).toBe(0);
      expect(await limited.upload(r.data, png)).toMatchObject({ status: 403, body: { reason: 'invalid' } });
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
        { sessionId: (await t.db.selectFrom('sessions').select('id').executeTakeFirstOrThrow()).id },
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

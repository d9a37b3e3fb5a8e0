import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerPictureVariants } from '../plugins/picture-variants';
import type { PresignedUpload, Storage, UploadGrant } from './storage';

/** One adapter, ready for the shared suite. */
export interface StorageUnderTest {
  storage: Storage;
  /** Base of the relative URLs an adapter answers (the local server); '' when they are absolute. */
  origin: string;
  /** The limits of a credential as the side that enforces them reads it. */
  grantOf(upload: PresignedUpload): UploadGrant;
  /** Values no credential may ever contain. */
  secrets: string[];
  close(): Promise<void>;
}

const bytes = (text: string) => Buffer.from(text, 'utf8');

/**
 * What every Storage adapter does, run once per adapter (storage.test.ts): the local disk and S3
 * must be interchangeable behind the interface.
 */
export function describeStorageAdapter(name: string, make: () => Promise<StorageUnderTest>): void {
  describe(`${name} storage`, () => {
    let s: StorageUnderTest;
    let storage: Storage;
    const fetchUrl = (url: string) => fetch(new URL(url, s.origin || undefined));

    beforeAll(async () => {
      s = await make();
      storage = s.storage;
    });
    afterAll(() => s.close());

    it('reads back what was put, and nothing for a key never put', async () => {
      await storage.put('c1/docs/a.txt', bytes('first'), 'text/plain');
      expect((await storage.read('c1/docs/a.txt'))?.toString()).toBe('first');
      expect(await storage.read('c1/docs/missing.txt')).toBeNull();
    });

    it('replaces a file put again under the same key', async () => {
      await storage.put('c1/docs/b.txt', bytes('old'), 'text/plain');
      await storage.put('c1/docs/b.txt', bytes('new'), 'text/plain');
      expect((await storage.read('c1/docs/b.txt'))?.toString()).toBe('new');
    });

    it('tells whether a key exists', async () => {
      await storage.put('c1/exists/yes.txt', bytes('y'), 'text/plain');
      expect(await storage.exists('c1/exists/yes.txt')).toBe(true);
      expect(await storage.exists('c1/exists/no.txt')).toBe(false);
    });

    it('serves a file at its public URL with its type', async () => {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f33636' } })
        .png()
        .toBuffer();
      await storage.put('c1/public/p.png', png, 'image/png');
      const res = await fetchUrl(storage.publicUrl('c1/public/p.png'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
    });

    it('finds the key behind its own public URLs only', () => {
      const url = storage.publicUrl('c1/public/p.png');
      expect(storage.keyOfUrl(url)).toBe('c1/public/p.png');
      expect(storage.keyOfUrl('https://elsewhere.example/c1/public/p.png')).toBeNull();
      expect(storage.keyOfUrl(url.replace('c1/public/p.png', 'c1/../c2/p.png'))).toBeNull();
    });

    it('refuses keys that could escape their folder', async () => {
      for (const key of ['../etc/passwd', 'c1//x', '/abs', 'c1/a b']) {
        await expect(storage.put(key, bytes('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
      }
    });

    it('lists the files and folders directly under a prefix', async () => {
      await storage.put('c1/list/one.txt', bytes('1'), 'text/plain');
      await storage.put('c1/list/two.txt', bytes('2'), 'text/plain');
      await storage.put('c1/list/sub/three.txt', bytes('3'), 'text/plain');
      await storage.put('c1/listing/other.txt', bytes('4'), 'text/plain');
      expect((await storage.list('c1/list')).sort()).toEqual(['one.txt', 'sub', 'two.txt']);
      expect(await storage.list('c1/nothing-here')).toEqual([]);
    });

    it('deletes everything under a prefix and nothing beside it', async () => {
      await storage.put('c1/del/a.txt', bytes('a'), 'text/plain');
      await storage.put('c1/del/deep/b.txt', bytes('b'), 'text/plain');
      await storage.put('c1/delta/keep.txt', bytes('k'), 'text/plain');
      await storage.put('c1/single.txt', bytes('s'), 'text/plain');
      await storage.deletePrefix('c1/del');
      await storage.deletePrefix('c1/single.txt');
      expect(await storage.exists('c1/del/a.txt')).toBe(false);
      expect(await storage.exists('c1/del/deep/b.txt')).toBe(false);
      expect(await storage.exists('c1/single.txt')).toBe(false);
      expect(await storage.exists('c1/delta/keep.txt')).toBe(true);
      await expect(storage.deletePrefix('c1/never-was')).resolves.toBeUndefined();
    });

    it('carries the picture widths (/img/) made from its originals and kept beside them', async () => {
      const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#7645e6' } })
        .jpeg()
        .toBuffer();
      await storage.put('c1/pictures/p.jpg', jpeg, 'image/jpeg');
      const app = Fastify();
      registerPictureVariants(app, storage);
      try {
        const res = await app.inject({ method: 'GET', url: '/img/160/c1/pictures/p.jpg.webp' });
        expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/webp']);
        expect((await sharp(res.rawPayload).metadata()).width).toBe(160);
        expect(await storage.exists('variants/w160/c1/pictures/p.jpg.webp')).toBe(true);
      } finally {
        await app.close();
      }
    });

    describe('upload credentials', () => {
      const grant = (key: string): UploadGrant => ({
        key,
        contentType: 'image/png',
        maxBytes: 64 * 1024,
        expiresAt: Date.now() + 60_000,
      });

      const post = async (upload: PresignedUpload, file: Buffer, type: string) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
        form.append('file', new Blob([new Uint8Array(file)], { type }), 'upload.png');
        return fetch(new URL(upload.url, s.origin || undefined), { method: 'POST', body: form });
      };

      it('lets a browser post one file straight to storage, readable at the answered URL', async () => {
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2181ed' } })
          .png()
          .toBuffer();
        const upload = await storage.presignUpload(grant('c1/image_search/2026-11-22/u1.png'));
        const res = await post(upload, png, 'image/png');
        expect(res.ok).toBe(true);
        expect(await storage.read('c1/image_search/2026-11-22/u1.png')).toEqual(png);
        expect(upload.fileUrl).toBe(storage.publicUrl('c1/image_search/2026-11-22/u1.png'));
        expect((await fetchUrl(upload.fileUrl)).headers.get('content-type')).toBe('image/png');
      });

      it('binds the credential to the exact key, type, size range and expiry', async () => {
        // The clock stands still: S3's policy gives its expiry in whole seconds, counted from the
        // SDK's own reading of the clock, so a moving clock would blur what is checked.
        vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 22, 9, 0, 0, 500) });
        try {
          const wanted = grant('c1/image_search/2026-11-22/u2.png');
          const bound = s.grantOf(await storage.presignUpload(wanted));
          expect(bound).toMatchObject({
            key: wanted.key,
            contentType: wanted.contentType,
            maxBytes: wanted.maxBytes,
          });
          // Never later than the grant, and at most its fraction of a second earlier.
          expect(bound.expiresAt).toBeLessThanOrEqual(wanted.expiresAt);
          expect(bound.expiresAt).toBeGreaterThan(wanted.expiresAt - 1000);
        } finally {
          vi.useRealTimers();
        }
      });

      it('never hands out a secret', async () => {
        const upload = await storage.presignUpload(grant('c1/image_search/2026-11-22/u3.png'));
        const text = JSON.stringify(upload);
        for (const secret of s.secrets) expect(text).not.toContain(secret);
      });

      it('refuses to sign a key that could escape its folder', async () => {
        await expect(storage.presignUpload(grant('../c2/x.png'))).rejects.toThrow(/Invalid storage key/);
      });
    });
  });
}

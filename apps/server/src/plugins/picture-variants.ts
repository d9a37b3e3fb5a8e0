import type { FastifyInstance } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { assertStorageKey, type Storage } from '../platform/storage';

/** The widths pictures are served in; the browser picks one through srcset. */
export const PICTURE_WIDTHS = [160, 320, 480, 800] as const;

const SOURCE = /\.(jpe?g|png|webp)$/i;
const WEBP_NAME = /\.webp$/;

/** The address of a stored picture's variant: named by its own type, as the variant is WebP. */
export const variantPath = (width: number, key: string): string => `/img/${width}/${key}.webp`;

/**
 * GET /img/<width>/<key>.webp: the stored picture <key> as WebP at that width. Each variant is made
 * once (on first request), stored beside the original and served from then on, so lists stay
 * light and the original is stored only once. The address ends in .webp because the body is WebP:
 * a buyer who saves the picture gets a file named by what it holds (docs/decisions/0046). The
 * older address, named as the original (/img/<width>/<key>), is sent on to it.
 */
export function registerPictureVariants(app: FastifyInstance, storage: Storage): void {
  const making = new Map<string, Promise<Buffer | null>>();
  const variant = (width: number, key: string) => pictureVariant(storage, width, key);

  app.get<{ Params: { width: string; '*': string } }>('/img/:width/*', async (request, reply) => {
    const width = Number(request.params.width);
    const path = request.params['*'];
    const named = WEBP_NAME.test(path) ? path.replace(WEBP_NAME, '') : null;
    const key = named !== null && SOURCE.test(named) ? named : path;
    const valid =
      (PICTURE_WIDTHS as readonly number[]).includes(width) &&
      SOURCE.test(key) &&
      !key.startsWith('variants/');
    try {
      if (valid) assertStorageKey(key);
    } catch {
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (!valid) return reply.code(404).type('text/plain').send('Not found');
    // An address from before variants were named by their type (a page or a link kept since).
    // A WebP original's old address (/img/<width>/<key>.webp) names its variant truly already.
    if (!WEBP_NAME.test(path)) return reply.code(301).redirect(variantPath(width, key));

    // Two requests for the same new variant make it once.
    const id = `${width}/${key}`;
    let pending = making.get(id);
    if (!pending) {
      pending = variant(width, key).finally(() => making.delete(id));
      making.set(id, pending);
    }
    const body = await pending.catch((err: unknown) => {
      request.log.warn({ err, key }, 'picture variant could not be made');
      return null;
    });
    if (!body) return reply.code(404).type('text/plain').send('Not found');
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/webp').send(body);
  });
}

/** The key of a stored picture's WebP variant at one width. */
export const variantKey = (width: number, key: string) => `variants/w${width}/${key}.webp`;

/** A picture's WebP variant at one width: the stored one, else made from the original and stored. */
export async function pictureVariant(storage: Storage, width: number, key: string): Promise<Buffer | null> {
  const stored = await storage.read(variantKey(width, key));
  if (stored) return stored;
  const original = await storage.read(key);
  if (!original) return null;
  const webp = await webpAt(sharp(original), width);
  await storage.put(variantKey(width, key), webp, 'image/webp');
  return webp;
}

const webpAt = (image: Sharp, width: number) =>
  image.resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();

/**
 * Every width of a picture from one decode, in PICTURE_WIDTHS' order: what the catalogue import
 * makes in its worker thread beside the re-encoding, so the thread answering requests only
 * stores them (decision 0067).
 */
export async function pictureVariantBytes(original: Uint8Array): Promise<Buffer[]> {
  const image = sharp(original);
  return Promise.all(PICTURE_WIDTHS.map((width) => webpAt(image.clone(), width)));
}

/** Stores widths made already (pictureVariantBytes), side by side; those stored before are kept. */
export async function storePictureVariants(
  storage: Storage,
  key: string,
  made: readonly Uint8Array[],
): Promise<void> {
  await Promise.all(
    PICTURE_WIDTHS.map(async (width, i) => {
      const bytes = made[i];
      if (!bytes) return pictureVariant(storage, width, key);
      if (await storage.exists(variantKey(width, key))) return;
      await storage.put(
        variantKey(width, key),
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        'image/webp',
      );
    }),
  );
}

/**
 * Makes every width of a picture that has just arrived (a product picture saved in the console),
 * so its first buyers are served stored files rather than waiting for them to be made.
 */
export async function makePictureVariants(storage: Storage, key: string): Promise<void> {
  for (const width of PICTURE_WIDTHS) await pictureVariant(storage, width, key);
}

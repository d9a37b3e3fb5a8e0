import { createHash } from 'node:crypto';
import sharp from 'sharp';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** The type a file's first bytes say it is, whatever its name or declared type; null: no picture we know. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

const FORMAT_OF: Record<ImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export interface ImageCheckOptions {
  /** Accepted types, e.g. IMAGE_SEARCH_TYPES. */
  types: readonly string[];
  maxBytes: number;
  /** Smallest width and height, in pixels as displayed (EXIF orientation applied). */
  minSide?: number;
  /** Largest ratio of the long side to the short side (default 10). */
  maxAspect?: number;
  /** Largest width x height decoded, so a small file cannot expand into a huge picture (default 40 MP). */
  maxPixels?: number;
}

export type ImageRefusal =
  | 'empty'
  | 'tooLarge'
  /** Not a picture at all, whatever its name says. */
  | 'notImage'
  /** A picture, but not of an accepted type. */
  | 'wrongType'
  /** Starts like a picture but does not decode (truncated, corrupt, too many pixels). */
  | 'unreadable'
  | 'tooSmall'
  | 'badAspect';

export type ImageCheck =
  { ok: true; type: ImageType; width: number; height: number } | { ok: false; reason: ImageRefusal };

const DEFAULT_MAX_ASPECT = 10;
const DEFAULT_MAX_PIXELS = 40_000_000;

/**
 * Checks an uploaded picture by its content before anything uses it: size, magic bytes, the
 * accepted types, and a full decode (a file that only starts like a JPEG is refused), then its
 * dimensions. Never throws for bad input; the reason says what is wrong.
 */
export async function checkImage(bytes: Uint8Array, opts: ImageCheckOptions): Promise<ImageCheck> {
  const refuse = (reason: ImageRefusal): ImageCheck => ({ ok: false, reason });
  if (bytes.length === 0) return refuse('empty');
  if (bytes.length > opts.maxBytes) return refuse('tooLarge');
  const type = sniffImageType(bytes);
  if (!type) return refuse('notImage');
  if (!opts.types.includes(type)) return refuse('wrongType');

  let width: number;
  let height: number;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: opts.maxPixels ?? DEFAULT_MAX_PIXELS });
    const meta = await image.metadata();
    if (meta.format !== FORMAT_OF[type]) return refuse('unreadable');
    // Decoding every pixel is what finds a truncated or corrupt body; the header alone reads fine.
    await image.stats();
    ({ width, height } = meta.autoOrient);
  } catch {
    return refuse('unreadable');
  }
  if (!width || !height) return refuse('unreadable');
  if (Math.min(width, height) < (opts.minSide ?? 1)) return refuse('tooSmall');
  if (Math.max(width, height) / Math.min(width, height) > (opts.maxAspect ?? DEFAULT_MAX_ASPECT))
    return refuse('badAspect');
  return { ok: true, type, width, height };
}

export type ReencodedImage =
  | { ok: true; bytes: Buffer; type: ImageType; width: number; height: number }
  | { ok: false; reason: ImageRefusal };

/**
 * The picture decoded in full and written anew in its own format (decision 0032), after the
 * checks of checkImage: what is stored and served is then only what the decoder understood.
 * Bytes after the picture's end (a JPEG followed by HTML and script), metadata (EXIF, GPS,
 * comments) and anything a decoder skips are gone; the orientation EXIF gave is applied to the
 * pixels. Animated GIF and WebP keep their frames.
 */
export async function reencodeImage(bytes: Uint8Array, opts: ImageCheckOptions): Promise<ReencodedImage> {
  const check = await checkImage(bytes, opts);
  if (!check.ok) return check;
  const animated = check.type === 'image/gif' || check.type === 'image/webp';
  try {
    const input = sharp(bytes, {
      failOn: 'error',
      limitInputPixels: opts.maxPixels ?? DEFAULT_MAX_PIXELS,
      animated,
    });
    // Frames are not turned one by one; an animation keeps its stored orientation.
    const image = animated ? input : input.autoOrient();
    const out =
      check.type === 'image/jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : check.type === 'image/png'
          ? image.png()
          : check.type === 'image/webp'
            ? image.webp({ quality: 90 })
            : image.gif();
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    if (sniffImageType(data) !== check.type) return { ok: false, reason: 'unreadable' };
    return {
      ok: true,
      bytes: data,
      type: check.type,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

const PICTURE_EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** A picture's SHA-256 (hex): pictures are kept once per company by their content. */
export const pictureSha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Where a company's picture is stored: by its content, named by its type. */
export const pictureKey = (companyId: number, sha256: string, type: string): string =>
  `c${companyId}/${sha256.slice(0, 2)}/${sha256}.${PICTURE_EXTENSION[type] ?? 'jpg'}`;

/**
 * A picture written to storage already, with its WebP widths, under pictureKey (the catalogue
 * import's worker does it on a local disk; decision 0080): what is left is to record it.
 */
export interface StoredPictureFile {
  sha256: string;
  size: number;
}

import {
  IMAGE_SEARCH_COMPRESS_OVER_BYTES,
  IMAGE_SEARCH_MAX_SIDE,
  IMAGE_SEARCH_MIN_SIDE,
  IMAGE_SEARCH_QUALITY,
  IMAGE_SEARCH_TYPES,
} from '@vitrine/contract';

/**
 * The image-search rules of the specification (sections 5 and 9) as plain functions: which files
 * may be searched, which crops are big enough, and how the cropped picture is encoded. No DOM
 * here, so every rule is tested directly; image-io.ts does the drawing.
 */

/** What is uploaded for a search: JPEG or PNG (spec section 5). */
export type SearchImageType = (typeof IMAGE_SEARCH_TYPES)[number];

/**
 * What a buyer may pick: also WebP, the type of the showroom's own pictures (a buyer who saves one
 * and searches with it). A WebP is decoded here and sent as a JPEG: the spec's rule is about the
 * file that is sent (docs/decisions/0046).
 */
export type PickableType = SearchImageType | 'image/webp';

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

/**
 * The longer side may be at most this many times the shorter one. Five, not more: a crop
 * of that shape squeezed into IMAGE_SEARCH_MAX_SIDE (1000) keeps its short side at
 * IMAGE_SEARCH_MIN_SIDE (200), so a compressed picture is never smaller than the spec's minimum.
 */
export const MAX_ASPECT_RATIO = IMAGE_SEARCH_MAX_SIDE / IMAGE_SEARCH_MIN_SIDE;

/** Larger files are refused before decoding: a phone photo is well under it, and decoding more stalls a phone. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * The largest canvas drawn at full size (iOS Safari draws nothing beyond 16.7 megapixels). A
 * larger crop is compressed straight away: at that size it would be far over 1.5 MB anyway.
 */
export const MAX_CANVAS_PIXELS = 4096 * 4096;

export type FileProblem = { kind: 'type' } | { kind: 'tooLarge'; maxMb: number };

export type SizeProblem =
  { kind: 'unreadable' } | { kind: 'tooSmall'; min: number } | { kind: 'aspect'; ratio: number };

const TYPE_BY_EXTENSION: Record<string, PickableType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const isPickable = (type: string): type is PickableType =>
  type === 'image/webp' || (IMAGE_SEARCH_TYPES as readonly string[]).includes(type);

/**
 * The type a file says it has: its MIME type, or its extension when the system gave none (some
 * file managers and drags do). Anything but JPEG, PNG or WebP is refused.
 */
export function declaredType(file: { type: string; name: string }): PickableType | null {
  const mime = file.type.toLowerCase().replace('image/jpg', 'image/jpeg');
  if (mime) return isPickable(mime) ? mime : null;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[ext] ?? null;
}

/**
 * The type the first bytes of a file show (a GIF renamed .jpg is still a GIF); null for
 * anything but JPEG, PNG and WebP.
 */
export function sniffedType(head: Uint8Array): PickableType | null {
  const at = (offset: number, bytes: readonly number[]) => bytes.every((b, i) => head[offset + i] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF, four bytes of size, WEBP.
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

/**
 * The type a picked picture is sent as: JPEG and PNG as they are, a WebP as a JPEG (the
 * showroom's WebP pictures are photos; a transparent one gets a white ground).
 */
export const uploadTypeOf = (type: PickableType): SearchImageType =>
  type === 'image/webp' ? 'image/jpeg' : type;

/** What is wrong with a picked file before it is even decoded, or null. */
export function checkFile(file: { type: string; name: string; size: number }): FileProblem | null {
  if (!declaredType(file)) return { kind: 'type' };
  if (file.size > MAX_FILE_BYTES) return { kind: 'tooLarge', maxMb: MAX_FILE_BYTES / 1024 / 1024 };
  return null;
}

/**
 * The spec's "irregular size": a picture that could not be measured, one under the minimum on
 * either side (no crop of it could reach the minimum), or one too long and narrow.
 */
export function checkSize({ width, height }: Size): SizeProblem | null {
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
    return { kind: 'unreadable' };
  }
  if (Math.min(width, height) < IMAGE_SEARCH_MIN_SIDE)
    return { kind: 'tooSmall', min: IMAGE_SEARCH_MIN_SIDE };
  if (Math.max(width, height) / Math.min(width, height) > MAX_ASPECT_RATIO) {
    return { kind: 'aspect', ratio: MAX_ASPECT_RATIO };
  }
  return null;
}

/**
 * The crop as it will be drawn: whole source pixels, inside the picture. The cropper reports
 * fractions and, at the edges, a pixel beyond the picture.
 */
export function cropRect(area: Rect, image: Size): Rect {
  const x = Math.min(Math.max(0, Math.round(area.x)), Math.max(0, image.width - 1));
  const y = Math.min(Math.max(0, Math.round(area.y)), Math.max(0, image.height - 1));
  return {
    x,
    y,
    width: Math.max(1, Math.min(Math.round(area.width), image.width - x)),
    height: Math.max(1, Math.min(Math.round(area.height), image.height - y)),
  };
}

/** True when the crop is large enough to search ('adjust the scale' otherwise). */
export const isCropLargeEnough = ({ width, height }: Size): boolean =>
  width >= IMAGE_SEARCH_MIN_SIDE && height >= IMAGE_SEARCH_MIN_SIDE;

/** `size` scaled down (never up) to fit a `max` × `max` square, keeping its shape. */
export function fitWithin({ width, height }: Size, max: number): Size {
  const scale = Math.min(1, max / width, max / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** How a crop is encoded: its size on the canvas, the file type, and the JPEG quality. */
export interface EncodePlan extends Size {
  type: SearchImageType;
  quality: number | undefined;
}

/**
 * The first encoding of a crop: full size, in the picture's own type (PNG stays lossless, JPEG
 * at the spec's quality). Null when the crop is too large to draw at full size.
 */
export function fullSizePlan(crop: Size, type: SearchImageType): EncodePlan | null {
  if (crop.width * crop.height > MAX_CANVAS_PIXELS) return null;
  return {
    width: crop.width,
    height: crop.height,
    type,
    quality: type === 'image/jpeg' ? IMAGE_SEARCH_QUALITY : undefined,
  };
}

/** True when an encoded picture must be compressed before upload (the spec's "convert size"). */
export const needsCompression = (bytes: number): boolean => bytes > IMAGE_SEARCH_COMPRESS_OVER_BYTES;

/** The compressed encoding: JPEG at quality 0.9, within 1000 × 1000. */
export function compressedPlan(crop: Size): EncodePlan {
  const fitted = fitWithin(crop, IMAGE_SEARCH_MAX_SIDE);
  // Rounding may leave the short side of a 5:1 crop a pixel under the minimum the server checks.
  const min = Math.min(IMAGE_SEARCH_MIN_SIDE, crop.width, crop.height);
  return {
    width: Math.max(fitted.width, min),
    height: Math.max(fitted.height, min),
    type: 'image/jpeg',
    quality: IMAGE_SEARCH_QUALITY,
  };
}

/** Draws and encodes a crop according to a plan (image-io.ts in the browser, a fake in tests). */
export type Encoder = (plan: EncodePlan) => Promise<Blob>;

/** A file ready to upload, with the type to ask the upload credential for. */
export interface EncodedImage {
  blob: Blob;
  type: SearchImageType;
}

/**
 * The file to upload for a crop: the crop at full size when that stays within 1.5 MB, otherwise
 * compressed.
 */
export async function encodeForSearch(
  crop: Size,
  type: SearchImageType,
  encode: Encoder,
): Promise<EncodedImage> {
  const full = fullSizePlan(crop, type);
  if (full) {
    const blob = await encode(full);
    if (!needsCompression(blob.size)) return { blob, type: full.type };
  }
  const small = compressedPlan(crop);
  return { blob: await encode(small), type: small.type };
}

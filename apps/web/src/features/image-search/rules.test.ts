import { describe, expect, it, vi } from 'vitest';
import {
  checkFile,
  checkSize,
  compressedPlan,
  cropRect,
  declaredType,
  type EncodePlan,
  encodeForSearch,
  fitWithin,
  fullSizePlan,
  isCropLargeEnough,
  MAX_ASPECT_RATIO,
  MAX_FILE_BYTES,
  needsCompression,
  sniffedType,
  uploadTypeOf,
} from './rules';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('which files may be searched', () => {
  it('takes JPEG, PNG and WebP files, by their type or, when the system gives none, their extension', () => {
    expect(declaredType(file('toy.jpg', 'image/jpeg'))).toBe('image/jpeg');
    expect(declaredType(file('toy.png', 'image/png'))).toBe('image/png');
    expect(declaredType(file('TOY.JPEG', ''))).toBe('image/jpeg');
    expect(declaredType(file('toy.png', ''))).toBe('image/png');
    // The showroom's own pictures, saved from a page.
    expect(checkFile(file('toy.jpg.webp', 'image/webp'))).toBeNull();
    expect(declaredType(file('toy.webp', ''))).toBe('image/webp');
  });

  it('sends a WebP as a JPEG, and JPEG and PNG as they are', () => {
    expect(uploadTypeOf('image/webp')).toBe('image/jpeg');
    expect(uploadTypeOf('image/png')).toBe('image/png');
    expect(uploadTypeOf('image/jpeg')).toBe('image/jpeg');
  });

  it('refuses a GIF or a HEIC photo with the type message, whatever its name says', () => {
    expect(checkFile(file('toy.gif', 'image/gif'))).toEqual({ kind: 'type' });
    expect(checkFile(file('IMG_0001.HEIC', ''))).toEqual({ kind: 'type' });
    expect(checkFile(file('notes.txt', 'text/plain'))).toEqual({ kind: 'type' });
  });

  it(`refuses a file over ${MAX_FILE_BYTES / MB} MB before decoding it`, () => {
    expect(checkFile(file('big.jpg', 'image/jpeg', MAX_FILE_BYTES))).toBeNull();
    expect(checkFile(file('big.jpg', 'image/jpeg', MAX_FILE_BYTES + 1))).toEqual({
      kind: 'tooLarge',
      maxMb: 20,
    });
  });

  it('knows JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(sniffedType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffedType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffedType(new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    // Another RIFF file (a WAV sound) is no picture.
    expect(sniffedType(new TextEncoder().encode('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffedType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffedType(new Uint8Array([]))).toBeNull();
  });
});

describe('an irregular size', () => {
  it('is a picture that could not be measured', () => {
    expect(checkSize({ width: 0, height: 0 })).toEqual({ kind: 'unreadable' });
    expect(checkSize({ width: Number.NaN, height: 300 })).toEqual({ kind: 'unreadable' });
  });

  it('is a picture under 200 px on either side', () => {
    expect(checkSize({ width: 199, height: 800 })).toEqual({ kind: 'tooSmall', min: 200 });
    expect(checkSize({ width: 800, height: 120 })).toEqual({ kind: 'tooSmall', min: 200 });
    expect(checkSize({ width: 200, height: 200 })).toBeNull();
  });

  it(`is a picture more than ${MAX_ASPECT_RATIO} times longer than wide, either way`, () => {
    expect(checkSize({ width: 1000, height: 200 })).toBeNull();
    expect(checkSize({ width: 1001, height: 200 })).toEqual({ kind: 'aspect', ratio: 5 });
    expect(checkSize({ width: 300, height: 1600 })).toEqual({ kind: 'aspect', ratio: 5 });
  });
});

describe('the crop', () => {
  it('is drawn in whole source pixels inside the picture', () => {
    expect(cropRect({ x: -0.4, y: 10.6, width: 300.5, height: 999 }, { width: 800, height: 600 })).toEqual({
      x: 0,
      y: 11,
      width: 301,
      height: 589,
    });
  });

  it('must be at least 200 px wide and high, or the buyer is asked to adjust the scale', () => {
    expect(isCropLargeEnough({ width: 200, height: 200 })).toBe(true);
    expect(isCropLargeEnough({ width: 199, height: 640 })).toBe(false);
    expect(isCropLargeEnough({ width: 640, height: 199 })).toBe(false);
  });
});

describe('encoding the crop for upload', () => {
  it('keeps a crop at full size in its own type: PNG lossless, JPEG at quality 0.9', () => {
    expect(fullSizePlan({ width: 1200, height: 900 }, 'image/png')).toEqual({
      width: 1200,
      height: 900,
      type: 'image/png',
      quality: undefined,
    });
    expect(fullSizePlan({ width: 1200, height: 900 }, 'image/jpeg')?.quality).toBe(0.9);
  });

  it('compresses only a file over 1.5 MB', () => {
    expect(needsCompression(1.5 * MB)).toBe(false);
    expect(needsCompression(1.5 * MB + 1)).toBe(true);
  });

  it('compresses to a JPEG at quality 0.9 within 1000 × 1000, keeping the shape and never enlarging', () => {
    expect(compressedPlan({ width: 4000, height: 3000 })).toEqual({
      width: 1000,
      height: 750,
      type: 'image/jpeg',
      quality: 0.9,
    });
    expect(compressedPlan({ width: 1500, height: 3000 })).toMatchObject({ width: 500, height: 1000 });
    expect(fitWithin({ width: 640, height: 480 }, 1000)).toEqual({ width: 640, height: 480 });
  });

  it('never compresses the short side of the longest allowed crop under 200 px', () => {
    expect(compressedPlan({ width: 5000, height: 1000 })).toMatchObject({ width: 1000, height: 200 });
    expect(compressedPlan({ width: 2006, height: 400 })).toMatchObject({ width: 1000, height: 200 });
  });

  const fakeEncoder = (bytesFor: (plan: EncodePlan) => number) =>
    vi.fn(async (plan: EncodePlan) => new Blob([new Uint8Array(bytesFor(plan))], { type: plan.type }));

  it('uploads the full-size crop when it stays within 1.5 MB', async () => {
    const encode = fakeEncoder(() => MB);
    const out = await encodeForSearch({ width: 1600, height: 1200 }, 'image/png', encode);
    expect(out.type).toBe('image/png');
    expect(out.blob.size).toBe(MB);
    expect(encode).toHaveBeenCalledTimes(1);
  });

  it('compresses a crop whose full-size file is over 1.5 MB, and asks for the credential as JPEG', async () => {
    const encode = fakeEncoder((plan) => (plan.width > 1000 ? 3 * MB : 300_000));
    const out = await encodeForSearch({ width: 3000, height: 2000 }, 'image/png', encode);
    expect(encode.mock.calls.map(([plan]) => plan)).toEqual([
      { width: 3000, height: 2000, type: 'image/png', quality: undefined },
      { width: 1000, height: 667, type: 'image/jpeg', quality: 0.9 },
    ]);
    expect(out.type).toBe('image/jpeg');
  });

  it('compresses a crop too large for a phone canvas without drawing it at full size', async () => {
    const encode = fakeEncoder(() => 400_000);
    await encodeForSearch({ width: 6000, height: 4000 }, 'image/jpeg', encode);
    expect(encode.mock.calls.map(([plan]) => plan)).toEqual([
      { width: 1000, height: 667, type: 'image/jpeg', quality: 0.9 },
    ]);
  });
});

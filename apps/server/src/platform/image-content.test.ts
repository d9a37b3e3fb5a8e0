import { IMAGE_SEARCH_MAX_BYTES, IMAGE_SEARCH_MIN_SIDE, IMAGE_SEARCH_TYPES } from '@vitrine/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImage, sniffImageType } from './image-content';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2181ed' } });

const imageSearch = {
  types: IMAGE_SEARCH_TYPES,
  maxBytes: IMAGE_SEARCH_MAX_BYTES,
  minSide: IMAGE_SEARCH_MIN_SIDE,
};

describe('the content check of an uploaded picture', () => {
  it('accepts a real JPEG and a real PNG and tells their type and size', async () => {
    const jpeg = await picture(320, 240).jpeg().toBuffer();
    const png = await picture(240, 320).png().toBuffer();
    expect(await checkImage(jpeg, imageSearch)).toEqual({
      ok: true,
      type: 'image/jpeg',
      width: 320,
      height: 240,
    });
    expect(await checkImage(png, imageSearch)).toEqual({
      ok: true,
      type: 'image/png',
      width: 240,
      height: 320,
    });
  });

  it('measures a photo as it is displayed, with its EXIF rotation applied', async () => {
    const rotated = await picture(400, 250).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await checkImage(rotated, imageSearch)).toMatchObject({ ok: true, width: 250, height: 400 });
  });

  it('refuses a GIF where only JPEG and PNG are accepted', async () => {
    const gif = await picture(300, 300).gif().toBuffer();
    expect(await checkImage(gif, imageSearch)).toEqual({ ok: false, reason: 'wrongType' });
  });

  it('refuses garbage whatever it is called, and an empty file', async () => {
    const garbage = Buffer.from('<html><script>alert(1)</script></html> renamed to photo.jpg');
    expect(await checkImage(garbage, imageSearch)).toEqual({ ok: false, reason: 'notImage' });
    expect(await checkImage(Buffer.alloc(0), imageSearch)).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses a file that only starts like a JPEG (truncated or corrupt)', async () => {
    const jpeg = await picture(400, 400).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    expect(await checkImage(truncated, imageSearch)).toEqual({ ok: false, reason: 'unreadable' });
    expect(await checkImage(fake, imageSearch)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('refuses a picture smaller than the minimum side, or of an extreme aspect ratio', async () => {
    const small = await picture(199, 400).png().toBuffer();
    const strip = await picture(2400, 210).png().toBuffer();
    expect(await checkImage(small, imageSearch)).toEqual({ ok: false, reason: 'tooSmall' });
    expect(await checkImage(strip, imageSearch)).toEqual({ ok: false, reason: 'badAspect' });
    expect(await checkImage(strip, { ...imageSearch, maxAspect: 12 })).toMatchObject({ ok: true });
  });

  it('refuses a file over the size limit before decoding it', async () => {
    const png = await picture(300, 300).png().toBuffer();
    expect(await checkImage(png, { ...imageSearch, maxBytes: png.length - 1 })).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
  });

  it('refuses a small file that would decode into too many pixels', async () => {
    const huge = await picture(1200, 1000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(10_000);
    expect(await checkImage(huge, { ...imageSearch, maxPixels: 1_000_000 })).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('names a type by its magic bytes only', async () => {
    expect(sniffImageType(await picture(8, 8).webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await picture(8, 8).gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF8'))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

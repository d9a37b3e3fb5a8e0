import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderToyPicture } from '../../db/seed/toy-pictures';
import { DESCRIPTOR_BYTES } from './hamming';
import {
  COLOUR_BINS,
  decodeLocalFeatures,
  encodeLocalFeatures,
  extractImageFeatures,
  type ImageFeatures,
  phashDistance,
  strongestKeypoints,
} from './image-features';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, v, i) => s + v * (b[i] ?? 0), 0);

describe('image features', () => {
  let car: Buffer;
  let features: ImageFeatures;

  beforeAll(async () => {
    car = await renderToyPicture({
      kind: 'car',
      color: '#E53935',
      accent: '#FDD835',
      seed: 7,
      view: 0,
      size: 480,
    });
    features = await extractImageFeatures(car);
  });

  it('finds hundreds of ORB keypoints inside the working image, strongest first', () => {
    const { local, width, height } = features;
    expect([width, height]).toEqual([480, 480]);
    expect(local.count).toBeGreaterThan(200);
    expect(local.descriptors.length).toBe(local.count * DESCRIPTOR_BYTES);
    for (let i = 0; i < local.count; i++) {
      expect(local.points[i * 2]).toBeGreaterThanOrEqual(0);
      expect(local.points[i * 2]).toBeLessThan(width);
      expect(local.points[i * 2 + 1]).toBeLessThan(height);
    }
    const strongest = strongestKeypoints(local, 50);
    expect(strongest.count).toBe(50);
    expect(strongest.descriptors).toEqual(local.descriptors.subarray(0, 50 * DESCRIPTOR_BYTES));
  });

  it('scales every picture to the working size, small ones up', async () => {
    const small = await sharp(car).resize(200).jpeg().toBuffer();
    const f = await extractImageFeatures(small);
    expect([f.width, f.height]).toEqual([480, 480]);
  });

  it('keeps the colour histogram at unit length, alike for a re-encoded copy and unlike for another colour', async () => {
    expect(features.colour.length).toBe(COLOUR_BINS);
    expect(dot(features.colour, features.colour)).toBeCloseTo(1, 4);
    const copy = await extractImageFeatures(await sharp(car).jpeg({ quality: 50 }).toBuffer());
    const blue = await extractImageFeatures(
      await renderToyPicture({
        kind: 'car',
        color: '#1E88E5',
        accent: '#FDD835',
        seed: 7,
        view: 0,
        size: 480,
      }),
    );
    expect(dot(features.colour, copy.colour)).toBeGreaterThan(0.98);
    expect(dot(features.colour, blue.colour)).toBeLessThan(dot(features.colour, copy.colour) - 0.1);
  });

  it('gives a resized, re-compressed copy the same perceptual hash, and another picture a distant one', async () => {
    expect(features.phash).toMatch(/^[0-9a-f]{16}$/);
    const copy = await extractImageFeatures(await sharp(car).resize(300).jpeg({ quality: 40 }).toBuffer());
    const robot = await extractImageFeatures(
      await renderToyPicture({
        kind: 'robot',
        color: '#E53935',
        accent: '#FDD835',
        seed: 7,
        view: 2,
        size: 480,
      }),
    );
    expect(phashDistance(features.phash, copy.phash)).toBeLessThanOrEqual(2);
    expect(phashDistance(features.phash, robot.phash)).toBeGreaterThan(12);
  });

  it('stores local features in 38 bytes a keypoint and reads them back unchanged', () => {
    const bytes = encodeLocalFeatures(features.local);
    expect(bytes.length).toBeLessThanOrEqual(8 + features.local.count * 38 + 3);
    // A blob read from a database rarely starts 4-aligned.
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const back = decodeLocalFeatures(shifted.subarray(1));
    expect(back.count).toBe(features.local.count);
    expect(back.descriptors).toEqual(features.local.descriptors);
    expect(back.angles).toEqual(features.local.angles);
    expect(back.octaves).toEqual(features.local.octaves);
    // Exactly: a picture read back must match as it did when it was described.
    expect(back.points).toEqual(features.local.points);
    expect(() => decodeLocalFeatures(bytes.subarray(0, bytes.length - 1))).toThrow();
    expect(() => decodeLocalFeatures(new Uint8Array(16))).toThrow();
  });

  it('refuses what is not an image', async () => {
    await expect(extractImageFeatures(Buffer.from('not a picture'))).rejects.toThrow();
  });
});

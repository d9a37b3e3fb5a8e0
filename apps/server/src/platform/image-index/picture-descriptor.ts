import { COLOUR_BINS, decodeLocalFeatures, encodeLocalFeatures, type LocalFeatures } from './image-features';
import type { BagOfWords } from './visual-vocabulary';

/** The small part of a picture's description, held in memory for every indexed picture. */
export interface GlobalDescriptor {
  /** 64-bit perceptual hash, 16 hex digits. */
  readonly phash: string;
  readonly colour: Float32Array;
  /** Visual words of the vocabulary named by vocabularyId. */
  readonly bag: BagOfWords;
  readonly vocabularyId: string;
}

/** What the matcher computes from one picture. */
export interface PictureDescriptor {
  readonly global: GlobalDescriptor;
  /** Keypoints for geometric re-ranking: read only for the shortlist of a query. */
  readonly local: LocalFeatures;
}

const GLOBAL_MAGIC = 'VGD1';

/**
 * Packs a global descriptor as stored beside the picture: a 32-byte header, the colour
 * histogram and 6 bytes per distinct visual word (some 2 kB for 500 keypoints).
 */
export function encodeGlobalDescriptor(g: GlobalDescriptor): Buffer {
  const n = g.bag.words.length;
  const out = Buffer.alloc(32 + COLOUR_BINS * 4 + n * 6);
  out.write(GLOBAL_MAGIC, 0, 'latin1');
  out.writeUInt32LE(n, 4);
  out.write(g.phash, 8, 'hex');
  out.write(g.vocabularyId, 16, 'hex');
  let at = 32;
  for (let b = 0; b < COLOUR_BINS; b++, at += 4) out.writeFloatLE(g.colour[b] ?? 0, at);
  for (let i = 0; i < n; i++, at += 4) out.writeUInt32LE(g.bag.words[i] as number, at);
  for (let i = 0; i < n; i++, at += 2) out.writeUInt16LE(g.bag.counts[i] as number, at);
  return out;
}

export function decodeGlobalDescriptor(buf: Uint8Array): GlobalDescriptor {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.length < 32 || b.toString('latin1', 0, 4) !== GLOBAL_MAGIC)
    throw new Error('Not a global picture descriptor');
  const n = b.readUInt32LE(4);
  if (b.length !== 32 + COLOUR_BINS * 4 + n * 6) throw new Error('Truncated global picture descriptor');
  let at = 32;
  const colour = new Float32Array(COLOUR_BINS);
  for (let i = 0; i < COLOUR_BINS; i++, at += 4) colour[i] = b.readFloatLE(at);
  const words = new Uint32Array(n);
  for (let i = 0; i < n; i++, at += 4) words[i] = b.readUInt32LE(at);
  const counts = new Uint16Array(n);
  for (let i = 0; i < n; i++, at += 2) counts[i] = b.readUInt16LE(at);
  return {
    phash: b.toString('hex', 8, 16),
    vocabularyId: b.toString('hex', 16, 24),
    colour,
    bag: { words, counts },
  };
}

/** Both parts in one blob (two length-prefixed parts), for callers that store them together. */
export function encodePictureDescriptor(d: PictureDescriptor): Buffer {
  const global = encodeGlobalDescriptor(d.global);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(global.length, 0);
  return Buffer.concat([head, global, encodeLocalFeatures(d.local)]);
}

export function decodePictureDescriptor(buf: Uint8Array): PictureDescriptor {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const n = b.readUInt32LE(0);
  return {
    global: decodeGlobalDescriptor(b.subarray(4, 4 + n)),
    local: decodeLocalFeatures(b.subarray(4 + n)),
  };
}

import sharp from 'sharp';
import { DESCRIPTOR_BYTES, popcount32 } from './hamming';
import { loadOpenCv } from './opencv';

/**
 * What one picture looks like to the matcher, independent of any learned vocabulary: a
 * perceptual hash, a colour histogram and ORB keypoints with their binary descriptors.
 */
export interface ImageFeatures {
  /** Size of the working image the keypoints refer to. */
  readonly width: number;
  readonly height: number;
  /** 64-bit DCT perceptual hash, 16 hex digits. */
  readonly phash: string;
  /** Hellinger-normalised HSV histogram (unit length; dot product = Bhattacharyya coefficient). */
  readonly colour: Float32Array;
  readonly local: LocalFeatures;
}

/** ORB keypoints, strongest first, and their descriptors. */
export interface LocalFeatures {
  readonly count: number;
  /** x0, y0, x1, y1, … in working-image pixels. */
  readonly points: Float32Array;
  /** Orientation of each keypoint, in 1/256 of a turn. */
  readonly angles: Uint8Array;
  /** Pyramid level of each keypoint (scale = 1.2^octave). */
  readonly octaves: Uint8Array;
  /** DESCRIPTOR_BYTES per keypoint, in the order of `points`. */
  readonly descriptors: Uint8Array;
}

export interface FeatureOptions {
  /** Longest side of the working image, px; every picture is scaled to it, up or down. */
  readonly workingSize: number;
  readonly maxKeypoints: number;
  /** FAST corner threshold (OpenCV's default is 20). */
  readonly fastThreshold: number;
  /**
   * Gaussian weight of pixels in the colour histogram, in half-sizes of the picture; Infinity
   * weighs all alike. Buyers crop to the product and catalogue pictures centre it, so the
   * centre's colours say more than the background's.
   */
  readonly colourCentreSigma: number;
}

export const DEFAULT_FEATURE_OPTIONS: FeatureOptions = Object.freeze({
  workingSize: 480,
  maxKeypoints: 500,
  fastThreshold: 20,
  colourCentreSigma: 0.6,
});

/** Bins of the colour histogram (see colourHistogram). */
export const COLOUR_BINS = 52;

const MAX_INPUT_PIXELS = 40_000_000;

interface DecodedImage {
  readonly width: number;
  readonly height: number;
  /** RGB, 3 bytes per pixel. */
  readonly rgb: Uint8Array;
}

/**
 * Decodes any image sharp reads, turned upright (EXIF), flattened on white as the catalogue
 * pictures are, and scaled so its longest side is `workingSize`: features of a small crop and
 * of a large catalogue picture are then taken at comparable scales.
 */
async function decodeImage(image: Buffer, workingSize: number): Promise<DecodedImage> {
  const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(workingSize, workingSize, { fit: 'inside' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    rgb: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

export async function extractImageFeatures(
  image: Buffer,
  options: FeatureOptions = DEFAULT_FEATURE_OPTIONS,
): Promise<ImageFeatures> {
  const { width, height, rgb } = await decodeImage(image, options.workingSize);
  const gray = toGray(rgb, width * height);
  return {
    width,
    height,
    phash: perceptualHash(gray, width, height),
    colour: colourHistogram(rgb, width, height, options.colourCentreSigma),
    local: await orbFeatures(gray, width, height, options),
  };
}

function toGray(rgb: Uint8Array, pixels: number): Uint8Array {
  const gray = new Uint8Array(pixels);
  for (let i = 0, j = 0; i < pixels; i++, j += 3) {
    // ITU-R BT.601 weights in fixed point, as OpenCV's own conversion.
    gray[i] = ((rgb[j] as number) * 77 + (rgb[j + 1] as number) * 150 + (rgb[j + 2] as number) * 29) >> 8;
  }
  return gray;
}

// ---------------------------------------------------------------------------
// ORB
// ---------------------------------------------------------------------------

async function orbFeatures(
  gray: Uint8Array,
  width: number,
  height: number,
  options: FeatureOptions,
): Promise<LocalFeatures> {
  const cv = await loadOpenCv();
  const mat = new cv.Mat(height, width, cv.CV_8UC1);
  const mask = new cv.Mat();
  const keypoints = new cv.KeyPointVector();
  const descriptors = new cv.Mat();
  const orb = new cv.ORB(
    options.maxKeypoints,
    1.2,
    8,
    31,
    0,
    2,
    cv.ORB_HARRIS_SCORE,
    31,
    options.fastThreshold,
  );
  try {
    mat.data.set(gray);
    orb.detectAndCompute(mat, mask, keypoints, descriptors);
    const n = Math.min(keypoints.size(), descriptors.rows);
    const raw = descriptors.data;
    const found: { x: number; y: number; angle: number; octave: number; response: number; row: number }[] =
      [];
    for (let i = 0; i < n; i++) {
      const k = keypoints.get(i) as {
        pt: { x: number; y: number };
        angle: number;
        octave: number;
        response: number;
      };
      found.push({ x: k.pt.x, y: k.pt.y, angle: k.angle, octave: k.octave, response: k.response, row: i });
    }
    found.sort((a, b) => b.response - a.response);
    const points = new Float32Array(n * 2);
    const angles = new Uint8Array(n);
    const octaves = new Uint8Array(n);
    const bytes = new Uint8Array(n * DESCRIPTOR_BYTES);
    found.forEach((k, i) => {
      points[i * 2] = onPointGrid(k.x);
      points[i * 2 + 1] = onPointGrid(k.y);
      angles[i] = Math.round((k.angle / 360) * 256) & 255;
      octaves[i] = k.octave;
      bytes.set(raw.subarray(k.row * DESCRIPTOR_BYTES, (k.row + 1) * DESCRIPTOR_BYTES), i * DESCRIPTOR_BYTES);
    });
    return { count: n, points, angles, octaves, descriptors: bytes };
  } finally {
    mat.delete();
    mask.delete();
    keypoints.delete();
    descriptors.delete();
    orb.delete();
  }
}

/** The first `count` (strongest) keypoints. */
export function strongestKeypoints(local: LocalFeatures, count: number): LocalFeatures {
  if (local.count <= count) return local;
  return {
    count,
    points: local.points.slice(0, count * 2),
    angles: local.angles.slice(0, count),
    octaves: local.octaves.slice(0, count),
    descriptors: local.descriptors.slice(0, count * DESCRIPTOR_BYTES),
  };
}

// ---------------------------------------------------------------------------
// Colour histogram
// ---------------------------------------------------------------------------

const HUE_BINS = 12;

/**
 * Dark pixels share one bin and greys three (their hue is noise); colours have 12 hues, each
 * split by saturation and brightness into 4. Hue is soft-binned so a tint that sits on a bin
 * border does not flip between bins from one photo to the next.
 */
function colourHistogram(rgb: Uint8Array, width: number, height: number, centreSigma: number): Float32Array {
  const hist = new Float64Array(COLOUR_BINS);
  // About 100 x 100 samples are plenty for a histogram of 52 bins.
  const step = Math.max(1, Math.round(Math.max(width, height) / 100));
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const inv = Number.isFinite(centreSigma) ? 1 / (2 * centreSigma * centreSigma) : 0;
  for (let y = 0; y < height; y += step) {
    const dy = (y - cy) / Math.max(cy, 1);
    for (let x = 0; x < width; x += step) {
      const dx = (x - cx) / Math.max(cx, 1);
      const w = inv === 0 ? 1 : Math.exp(-(dx * dx + dy * dy) * inv);
      const j = (y * width + x) * 3;
      const r = rgb[j] as number;
      const g = rgb[j + 1] as number;
      const b = rgb[j + 2] as number;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const v = max / 255;
      const s = max === 0 ? 0 : (max - min) / max;
      if (v < 0.2) {
        hist[0] = (hist[0] as number) + w;
        continue;
      }
      if (s < 0.2) {
        const grey = v < 0.5 ? 1 : v < 0.8 ? 2 : 3;
        hist[grey] = (hist[grey] as number) + w;
        continue;
      }
      const d = max - min;
      let h = max === r ? (g - b) / d : max === g ? 2 + (b - r) / d : 4 + (r - g) / d;
      if (h < 0) h += 6;
      const hb = (h / 6) * HUE_BINS - 0.5;
      const lo = Math.floor(hb);
      const frac = hb - lo;
      const sv = (s < 0.55 ? 0 : 2) + (v < 0.6 ? 0 : 1);
      const a = 4 + (((lo % HUE_BINS) + HUE_BINS) % HUE_BINS) * 4 + sv;
      const c = 4 + ((lo + 1) % HUE_BINS) * 4 + sv;
      hist[a] = (hist[a] as number) + w * (1 - frac);
      hist[c] = (hist[c] as number) + w * frac;
    }
  }
  let total = 0;
  for (const v of hist) total += v;
  const out = new Float32Array(COLOUR_BINS);
  if (total === 0) return out;
  // Square roots of the shares have unit length, and their dot product is the Bhattacharyya
  // coefficient, which, unlike the plain cosine, does not let one dominant colour drown the rest.
  for (let i = 0; i < COLOUR_BINS; i++) out[i] = Math.sqrt((hist[i] as number) / total);
  return out;
}

// ---------------------------------------------------------------------------
// Perceptual hash
// ---------------------------------------------------------------------------

const HASH_SIDE = 32;
const COS_TABLE = (() => {
  const t = new Float64Array(8 * HASH_SIDE);
  for (let u = 0; u < 8; u++)
    for (let x = 0; x < HASH_SIDE; x++)
      t[u * HASH_SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SIDE));
  return t;
})();

/**
 * DCT hash: the 8 x 8 lowest frequencies of a 32 x 32 grey thumbnail, one bit each for being
 * above their median. It survives re-compression and resizing, not cropping or rotation.
 */
function perceptualHash(gray: Uint8Array, width: number, height: number): string {
  const thumb = new Float64Array(HASH_SIDE * HASH_SIDE);
  for (let ty = 0; ty < HASH_SIDE; ty++) {
    const y0 = Math.floor((ty * height) / HASH_SIDE);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * height) / HASH_SIDE));
    for (let tx = 0; tx < HASH_SIDE; tx++) {
      const x0 = Math.floor((tx * width) / HASH_SIDE);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * width) / HASH_SIDE));
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += gray[y * width + x] ?? 0;
      thumb[ty * HASH_SIDE + tx] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  const rows = new Float64Array(HASH_SIDE * 8);
  for (let y = 0; y < HASH_SIDE; y++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < HASH_SIDE; x++)
        s += (thumb[y * HASH_SIDE + x] as number) * (COS_TABLE[u * HASH_SIDE + x] as number);
      rows[y * 8 + u] = s;
    }
  const coeffs = new Float64Array(64);
  for (let v = 0; v < 8; v++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let y = 0; y < HASH_SIDE; y++)
        s += (rows[y * 8 + u] as number) * (COS_TABLE[v * HASH_SIDE + y] as number);
      coeffs[v * 8 + u] = s;
    }
  // The mean brightness (DC term) says nothing about structure; leave it out of the median.
  const median = [...coeffs.subarray(1)].sort((a, b) => a - b)[31] as number;
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < 64; i++) {
    if ((coeffs[i] as number) <= median) continue;
    if (i < 32) hi |= 1 << i;
    else lo |= 1 << (i - 32);
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

/** Bits in which two perceptual hashes differ (0..64). */
export function phashDistance(a: string, b: string): number {
  const x = (parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16)) >>> 0;
  const y = (parseInt(a.slice(8), 16) ^ parseInt(b.slice(8), 16)) >>> 0;
  return popcount32(x) + popcount32(y);
}

// ---------------------------------------------------------------------------
// Storage
// ---------------------------------------------------------------------------

const LOCAL_FORMAT = 1;
/** Fixed-point step of stored keypoint coordinates (1/8 px, up to 8191 px). */
const POINT_SCALE = 8;

/**
 * A coordinate as it will be stored. Keypoints are put on this grid when found (as angles are
 * put on 256 steps), so a picture read back from the database matches exactly as it did when
 * described: otherwise a keypoint on the edge of RANSAC's tolerance could count as an inlier
 * before storage and not after, and the same query would rank two products differently.
 */
function onPointGrid(v: number): number {
  return Math.min(65535, Math.max(0, Math.round(v * POINT_SCALE))) / POINT_SCALE;
}

/**
 * Packs local features as stored in the database: 38 bytes per keypoint (coordinates as
 * 1/8 px, angle, octave, descriptor) plus an 8-byte header.
 */
export function encodeLocalFeatures(local: LocalFeatures): Buffer {
  const n = local.count;
  const descOffset = 8 + Math.ceil((n * 6) / 4) * 4;
  const out = Buffer.alloc(descOffset + n * DESCRIPTOR_BYTES);
  out.writeUInt8(LOCAL_FORMAT, 0);
  out.writeUInt32LE(n, 4);
  for (let i = 0; i < n; i++) {
    out.writeUInt16LE(onPointGrid(local.points[i * 2] as number) * POINT_SCALE, 8 + i * 4);
    out.writeUInt16LE(onPointGrid(local.points[i * 2 + 1] as number) * POINT_SCALE, 10 + i * 4);
  }
  out.set(local.angles.subarray(0, n), 8 + n * 4);
  out.set(local.octaves.subarray(0, n), 8 + n * 5);
  out.set(local.descriptors.subarray(0, n * DESCRIPTOR_BYTES), descOffset);
  return out;
}

export function decodeLocalFeatures(buf: Uint8Array): LocalFeatures {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.byteLength < 8 || view.getUint8(0) !== LOCAL_FORMAT)
    throw new Error('Unknown local feature format');
  const n = view.getUint32(4, true);
  const descOffset = 8 + Math.ceil((n * 6) / 4) * 4;
  if (buf.byteLength < descOffset + n * DESCRIPTOR_BYTES) throw new Error('Truncated local features');
  const points = new Float32Array(n * 2);
  for (let i = 0; i < n; i++) {
    points[i * 2] = view.getUint16(8 + i * 4, true) / POINT_SCALE;
    points[i * 2 + 1] = view.getUint16(10 + i * 4, true) / POINT_SCALE;
  }
  return {
    count: n,
    points,
    // Copies (a Buffer's slice would be a view): a copy starts 4-aligned, so matching reads
    // the descriptors as 32-bit words directly, and the blob it came from can be dropped.
    angles: new Uint8Array(buf.subarray(8 + n * 4, 8 + n * 5)),
    octaves: new Uint8Array(buf.subarray(8 + n * 5, 8 + n * 6)),
    descriptors: new Uint8Array(buf.subarray(descOffset, descOffset + n * DESCRIPTOR_BYTES)),
  };
}

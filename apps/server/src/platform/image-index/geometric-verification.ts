import { DESCRIPTOR_WORDS, descriptorWords, hamming256 } from './hamming';
import type { LocalFeatures } from './image-features';
import { seededRandom } from '../random';

export interface VerificationOptions {
  /** Lowe's ratio: a match must be this much closer than the second-best candidate. */
  readonly ratio: number;
  /** Matches farther than this many bits (of 256) are never taken. */
  readonly maxDistance: number;
  /** RANSAC reprojection tolerance, px of the working image. */
  readonly reprojection: number;
  /** RANSAC rounds at most (fewer once a good model is found); unrelated pictures use them all. */
  readonly ransacIterations: number;
}

export const DEFAULT_VERIFICATION_OPTIONS: VerificationOptions = Object.freeze({
  ratio: 0.8,
  maxDistance: 64,
  reprojection: 8,
  ransacIterations: 300,
});

/** Query descriptors prepared once and matched against many candidates. */
export interface PreparedQuery {
  readonly local: LocalFeatures;
  readonly words: Uint32Array;
  /** Coarse vocabulary cell of each descriptor, when matching is restricted to shared cells. */
  readonly cells?: ArrayLike<number>;
}

export function prepareQuery(local: LocalFeatures, cells?: ArrayLike<number>): PreparedQuery {
  return { local, words: descriptorWords(local.descriptors), cells };
}

/**
 * Pairs (query keypoint, candidate keypoint) that pass the ratio test, keeping the closest
 * query keypoint when several pick the same candidate keypoint. With cells on both sides, a
 * query descriptor is compared only with candidate descriptors of its own cell: with 32 cells
 * that is some 20 times fewer comparisons, and few true matches straddle two cells.
 */
export function matchDescriptors(
  query: PreparedQuery,
  candidate: LocalFeatures,
  options: VerificationOptions = DEFAULT_VERIFICATION_OPTIONS,
  candidateCells?: ArrayLike<number>,
): { query: Int32Array; candidate: Int32Array } {
  const a = query.words;
  const b = descriptorWords(candidate.descriptors);
  const na = Math.min(query.local.count, Math.floor(a.length / DESCRIPTOR_WORDS));
  const nb = Math.min(candidate.count, Math.floor(b.length / DESCRIPTOR_WORDS));
  const buckets = query.cells && candidateCells ? bucketByCell(candidateCells, nb) : null;
  const owner = new Int32Array(nb).fill(-1);
  const ownerDistance = new Int32Array(nb).fill(257);
  for (let i = 0; i < na; i++) {
    let best = 257;
    let second = 257;
    let bestJ = -1;
    let from = 0;
    let to = nb;
    if (buckets && query.cells) {
      const cell = query.cells[i] as number;
      from = buckets.start[cell] ?? 0;
      to = buckets.start[cell + 1] ?? 0;
    }
    for (let s = from; s < to; s++) {
      const j = buckets ? (buckets.order[s] as number) : s;
      const d = hamming256(a, i, b, j);
      if (d < best) {
        second = best;
        best = d;
        bestJ = j;
      } else if (d < second) second = d;
    }
    if (bestJ < 0 || best > options.maxDistance || best >= options.ratio * second) continue;
    if (best < (ownerDistance[bestJ] as number)) {
      owner[bestJ] = i;
      ownerDistance[bestJ] = best;
    }
  }
  const qs: number[] = [];
  const cs: number[] = [];
  for (let j = 0; j < nb; j++) {
    const i = owner[j] as number;
    if (i >= 0) {
      qs.push(i);
      cs.push(j);
    }
  }
  return { query: Int32Array.from(qs), candidate: Int32Array.from(cs) };
}

/** Descriptor indices ordered by cell (counting sort), with each cell's start. */
function bucketByCell(cells: ArrayLike<number>, n: number): { order: Int32Array; start: Int32Array } {
  let max = 0;
  for (let j = 0; j < n; j++) max = Math.max(max, cells[j] as number);
  const start = new Int32Array(max + 2);
  for (let j = 0; j < n; j++)
    start[(cells[j] as number) + 1] = (start[(cells[j] as number) + 1] as number) + 1;
  for (let c = 1; c < start.length; c++) start[c] = (start[c] as number) + (start[c - 1] as number);
  const fill = start.slice(0, max + 1);
  const order = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const c = cells[j] as number;
    order[fill[c] as number] = j;
    fill[c] = (fill[c] as number) + 1;
  }
  return { order, start };
}

/**
 * How many descriptor matches agree on one affine transform (RANSAC): a count that stays near
 * zero for unrelated pictures, whatever their textures, and grows with the surface they share.
 * Affine rather than a homography: as many inliers on real photos, from 3-point samples instead
 * of 4, and in plain JavaScript some ten times faster than OpenCV's findHomography here.
 */
export function countInliers(
  query: PreparedQuery,
  candidate: LocalFeatures,
  options: VerificationOptions = DEFAULT_VERIFICATION_OPTIONS,
  candidateCells?: ArrayLike<number>,
): { matches: number; inliers: number } {
  const m = matchDescriptors(query, candidate, options, candidateCells);
  const n = m.query.length;
  const src = new Float64Array(n * 2);
  const dst = new Float64Array(n * 2);
  for (let k = 0; k < n; k++) {
    const i = m.query[k] as number;
    const j = m.candidate[k] as number;
    src[k * 2] = query.local.points[i * 2] as number;
    src[k * 2 + 1] = query.local.points[i * 2 + 1] as number;
    dst[k * 2] = candidate.points[j * 2] as number;
    dst[k * 2 + 1] = candidate.points[j * 2 + 1] as number;
  }
  return { matches: n, inliers: ransacAffine(src, dst, n, options) };
}

/** Smallest ratio of an affine transform's singular values still taken for a view change. */
const MIN_ASPECT = 0.25;

function sample(n: number, k: number, rnd: () => number, out: Int32Array): void {
  for (let a = 0; a < k; a++) {
    let v: number;
    do v = Math.floor(rnd() * n);
    while (out.subarray(0, a).includes(v));
    out[a] = v;
  }
}

function roundsFor(inliers: number, n: number, sampleSize: number, max: number): number {
  const w = inliers / n;
  const p = w ** sampleSize;
  if (p >= 1) return 0;
  if (p <= 0) return max;
  return Math.min(max, Math.ceil(Math.log(0.01) / Math.log(1 - p)));
}

/**
 * Affine RANSAC from 3-point samples, refined once by least squares on the inliers. Mirror
 * images and extreme scales are refused: a buyer's photo is never either.
 */
function ransacAffine(src: Float64Array, dst: Float64Array, n: number, options: VerificationOptions): number {
  if (n < 6) return 0;
  const rnd = seededRandom(n * 7919);
  const pick = new Int32Array(3);
  const t = new Float64Array(6);
  const bestT = new Float64Array(6);
  let best = 0;
  let rounds = options.ransacIterations;
  const tol2 = options.reprojection * options.reprojection;
  const count = (m: Float64Array) => {
    let c = 0;
    for (let k = 0; k < n; k++) {
      const x = src[k * 2] as number;
      const y = src[k * 2 + 1] as number;
      const dx = (m[0] as number) * x + (m[1] as number) * y + (m[2] as number) - (dst[k * 2] as number);
      const dy = (m[3] as number) * x + (m[4] as number) * y + (m[5] as number) - (dst[k * 2 + 1] as number);
      if (dx * dx + dy * dy < tol2) c++;
    }
    return c;
  };
  for (let r = 0; r < rounds; r++) {
    sample(n, 3, rnd, pick);
    if (!affineFrom(src, dst, pick, 3, t) || !plausible(t)) continue;
    const c = count(t);
    if (c > best) {
      best = c;
      bestT.set(t);
      rounds = Math.min(rounds, roundsFor(best, n, 3, options.ransacIterations));
    }
  }
  if (best < 3) return 0;
  // Least squares on the inliers, then count again: one local optimisation step.
  const inliers = new Int32Array(best);
  let w = 0;
  for (let k = 0; k < n && w < best; k++) {
    const x = src[k * 2] as number;
    const y = src[k * 2 + 1] as number;
    const dx =
      (bestT[0] as number) * x + (bestT[1] as number) * y + (bestT[2] as number) - (dst[k * 2] as number);
    const dy =
      (bestT[3] as number) * x + (bestT[4] as number) * y + (bestT[5] as number) - (dst[k * 2 + 1] as number);
    if (dx * dx + dy * dy < tol2) inliers[w++] = k;
  }
  if (affineFrom(src, dst, inliers, w, t) && plausible(t)) best = Math.max(best, count(t));
  return best;
}

/** Least-squares affine transform of the listed pairs (exact for three), into `out`. */
function affineFrom(
  src: Float64Array,
  dst: Float64Array,
  idx: Int32Array,
  k: number,
  out: Float64Array,
): boolean {
  // Normal equations: the same 3x3 matrix for the x and y rows.
  let sxx = 0,
    sxy = 0,
    sx = 0,
    syy = 0,
    sy = 0;
  let bx0 = 0,
    bx1 = 0,
    bx2 = 0,
    by0 = 0,
    by1 = 0,
    by2 = 0;
  for (let a = 0; a < k; a++) {
    const i = idx[a] as number;
    const x = src[i * 2] as number;
    const y = src[i * 2 + 1] as number;
    const u = dst[i * 2] as number;
    const v = dst[i * 2 + 1] as number;
    sxx += x * x;
    sxy += x * y;
    sx += x;
    syy += y * y;
    sy += y;
    bx0 += x * u;
    bx1 += y * u;
    bx2 += u;
    by0 += x * v;
    by1 += y * v;
    by2 += v;
  }
  const s1 = k;
  const det = sxx * (syy * s1 - sy * sy) - sxy * (sxy * s1 - sy * sx) + sx * (sxy * sy - syy * sx);
  if (Math.abs(det) < 1e-6) return false;
  const solve = (b0: number, b1: number, b2: number, o: number) => {
    out[o] = (b0 * (syy * s1 - sy * sy) - sxy * (b1 * s1 - sy * b2) + sx * (b1 * sy - syy * b2)) / det;
    out[o + 1] = (sxx * (b1 * s1 - b2 * sy) - b0 * (sxy * s1 - sy * sx) + sx * (sxy * b2 - b1 * sx)) / det;
    out[o + 2] = (sxx * (syy * b2 - sy * b1) - sxy * (sxy * b2 - b1 * sx) + b0 * (sxy * sy - syy * sx)) / det;
  };
  solve(bx0, bx1, bx2, 0);
  solve(by0, by1, by2, 3);
  return true;
}

/**
 * A buyer's photo scales the product by at most some 5x either way and never squashes it
 * flat; refusing such transforms keeps chance alignments of unrelated pictures from scoring.
 */
function plausible(t: Float64Array): boolean {
  const a = t[0] as number;
  const b = t[1] as number;
  const c = t[3] as number;
  const d = t[4] as number;
  const det = a * d - b * c;
  if (det < 1 / 25 || det > 25) return false;
  // Singular values of the linear part: their ratio is how anisotropic the transform is.
  const e = (a * a + b * b + c * c + d * d) / 2;
  const f = Math.sqrt(Math.max(0, e * e - det * det));
  const small = Math.sqrt(Math.max(0, e - f));
  const large = Math.sqrt(e + f);
  return small >= large * MIN_ASPECT;
}

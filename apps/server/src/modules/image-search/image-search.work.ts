/*
 * The CPU-heavy part of image search: decoding a picture and finding its ORB keypoints,
 * putting descriptors into visual words, learning a vocabulary, re-ranking a query's shortlist.
 * main.ts runs these jobs in worker threads (dist/image-worker.js); tests and `npm run dev` run
 * them inline.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  decodeLocalFeatures,
  encodeLocalFeatures,
  extractImageFeatures,
  type ImageFeatures,
  type LocalFeatures,
} from '../../platform/image-index/image-features';
import {
  DEFAULT_MATCHER_OPTIONS,
  type GlobalDescriptor,
  type MatcherOptions,
  MemoryLocalFeatures,
  OrbImageMatcher,
  type PictureDescriptor,
  queryFeatureOptions,
} from '../../platform/image-index/image-matcher';
import { loadOpenCv } from '../../platform/image-index/opencv';
import { trainVocabulary, VisualVocabulary } from '../../platform/image-index/visual-vocabulary';

/** The engine's settings, in one place so indexing and queries describe pictures alike. */
export const MATCHER_OPTIONS: MatcherOptions = DEFAULT_MATCHER_OPTIONS;

/**
 * Names the extractor's settings and the storage format of keypoints: stored features made
 * under another name are described again, so tuning the engine re-indexes by itself.
 */
export const FEATURE_VERSION = (() => {
  const empty = {
    count: 0,
    points: new Float32Array(0),
    angles: new Uint8Array(0),
    octaves: new Uint8Array(0),
  };
  const format = encodeLocalFeatures({ ...empty, descriptors: new Uint8Array(0) })[0];
  const settings = JSON.stringify(MATCHER_OPTIONS.features, (_k, v: unknown) =>
    typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
  );
  return `orb${format}-${createHash('sha256').update(settings).digest('hex').slice(0, 12)}`;
})();

/**
 * A vocabulary as it travels to a worker: its id, so the worker decodes it once, and its bytes
 * (empty when the worker is expected to hold it already: see rememberingVocabularies).
 */
export interface VocabularyRef {
  readonly id: string;
  readonly data: Uint8Array;
}

/** What a worker answers to a job naming a vocabulary it does not hold, sent without its bytes. */
export const VOCABULARY_NOT_HELD = 'vocabulary not held';
const NO_BYTES = new Uint8Array(0);

/** What is stored of a described picture. */
export interface DescribedPicture {
  readonly width: number;
  readonly height: number;
  readonly phash: string;
  readonly colour: Float32Array;
  readonly keypoints: number;
  /** encodeLocalFeatures of its keypoints. */
  readonly local: Uint8Array;
  /** Hash, colours and visual words, when a vocabulary was given. */
  readonly global: GlobalDescriptor | null;
}

/** The stored features a global descriptor is made from again, under a new vocabulary. */
export interface StoredFeatures {
  readonly width: number;
  readonly height: number;
  readonly phash: string;
  readonly colour: Float32Array;
  readonly local: Uint8Array;
}

/**
 * A stored picture named by its path on the local disk: the worker reads it itself, so the
 * answering thread neither reads it nor sends its bytes through the worker's channel (decision 0080).
 */
export interface PictureOnDisk {
  readonly path: string;
}

/** What a worker answers to a picture to describe whose file is not there. */
export const PICTURE_FILE_MISSING = 'file missing';

export type ImageJob =
  | {
      readonly kind: 'describe';
      readonly image: Uint8Array | PictureOnDisk;
      readonly vocabulary: VocabularyRef | null;
    }
  | { readonly kind: 'query'; readonly image: Uint8Array; readonly vocabulary: VocabularyRef }
  | {
      readonly kind: 'globals';
      readonly vocabulary: VocabularyRef;
      readonly pictures: readonly StoredFeatures[];
    }
  | { readonly kind: 'train'; readonly descriptors: readonly Uint8Array[] }
  /** A query's re-ranking (OrbImageMatcher's Reranker): inliers of each candidate picture. */
  | {
      readonly kind: 'rerank';
      readonly vocabulary: VocabularyRef;
      readonly query: LocalFeatures;
      readonly candidates: ReadonlyMap<number, LocalFeatures>;
    }
  /** Loads OpenCV (about a second), so the first buyer's search does not wait for it. */
  | { readonly kind: 'warm' };

interface JobResults {
  describe: DescribedPicture;
  query: PictureDescriptor;
  globals: GlobalDescriptor[];
  train: VocabularyRef;
  rerank: ReadonlyMap<number, number>;
  warm: true;
}
export type ImageJobResult<J extends ImageJob> = JobResults[J['kind']];

/** Runs one job, here or in a worker thread. */
export type ImageWork = <J extends ImageJob>(job: J) => Promise<ImageJobResult<J>>;

/** Queries and indexing have a thread each, so a query never waits behind a vocabulary being learned. */
export interface ImageWorkers {
  query: ImageWork;
  indexing: ImageWork;
  /** Threads behind `query` (a pool): each loads OpenCV at start. 1 when absent. */
  queryThreads?: number;
}

// A matcher per vocabulary only to describe pictures and re-rank with it: its index stays empty.
const describers = new Map<string, OrbImageMatcher>();
const DESCRIBERS_KEPT = 8;

function describerFor(ref: VocabularyRef): OrbImageMatcher {
  let m = describers.get(ref.id);
  if (!m) {
    if (ref.data.byteLength === 0) throw new Error(`${VOCABULARY_NOT_HELD}: ${ref.id}`);
    const vocabulary = VisualVocabulary.decode(ref.data);
    if (vocabulary.id !== ref.id) throw new Error('Vocabulary does not match its id');
    m = new OrbImageMatcher(vocabulary, new MemoryLocalFeatures(), MATCHER_OPTIONS, 1);
    if (describers.size >= DESCRIBERS_KEPT) describers.delete(describers.keys().next().value as string);
    describers.set(ref.id, m);
  }
  return m;
}

// Buffers arrive from another thread as plain Uint8Arrays; sharp wants a Buffer (no copy made).
const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

const featuresOf = (s: StoredFeatures): ImageFeatures => ({
  width: s.width,
  height: s.height,
  phash: s.phash,
  colour: s.colour,
  local: decodeLocalFeatures(s.local),
});

/** Learns in steps, giving the event loop a turn now and then when run inline. */
async function train(descriptors: readonly Uint8Array[]): Promise<VocabularyRef> {
  const steps = trainVocabulary(descriptors);
  let since = Date.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return { id: step.value.id, data: step.value.encode() };
    if (Date.now() - since > 20) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = Date.now();
    }
  }
}

async function run(job: ImageJob): Promise<ImageJobResult<ImageJob>> {
  switch (job.kind) {
    // The describer first: a vocabulary not held is told before the picture's work, not after it.
    case 'describe': {
      const describer = job.vocabulary ? describerFor(job.vocabulary) : null;
      const image =
        'path' in job.image ? await readFile(job.image.path).catch(() => null) : asBuffer(job.image);
      if (!image) throw new Error(PICTURE_FILE_MISSING);
      const f = await extractImageFeatures(image, MATCHER_OPTIONS.features);
      const global = describer ? describer.describeFeatures(f).global : null;
      return {
        width: f.width,
        height: f.height,
        phash: f.phash,
        colour: f.colour,
        keypoints: f.local.count,
        local: encodeLocalFeatures(f.local),
        global,
      };
    }
    case 'query': {
      const describer = describerFor(job.vocabulary);
      const f = await extractImageFeatures(asBuffer(job.image), queryFeatureOptions(MATCHER_OPTIONS));
      return describer.describeQueryFeatures(f);
    }
    case 'globals': {
      const m = describerFor(job.vocabulary);
      return job.pictures.map((p) => m.describeFeatures(featuresOf(p)).global);
    }
    case 'train':
      return train(job.descriptors);
    case 'rerank':
      return describerFor(job.vocabulary).inliersOf(job.query, job.candidates);
    case 'warm':
      await loadOpenCv();
      return true;
  }
}

export const runImageJob: ImageWork = (job) => run(job) as never;

/**
 * Sends a vocabulary's bytes (about 38 kB) only with the first job that names it, and again to a
 * worker that answers it does not hold it (another thread of a pool, a worker started again, one
 * that dropped it for others). Every picture the index describes named the vocabulary, so each
 * carried its bytes through the answering thread's serialiser and a process's channel.
 */
export function rememberingVocabularies(work: ImageWork): ImageWork {
  const sent = new Set<string>();
  const run = async (job: ImageJob): Promise<unknown> => {
    const ref = 'vocabulary' in job ? job.vocabulary : null;
    if (!ref || !sent.has(ref.id)) {
      const result = await work(job);
      if (ref) sent.add(ref.id);
      return result;
    }
    try {
      return await work({ ...job, vocabulary: { id: ref.id, data: NO_BYTES } });
    } catch (e) {
      // A worker's error arrives as its text ("Error: …").
      if (!(e instanceof Error) || !e.message.includes(VOCABULARY_NOT_HELD)) throw e;
      return work(job);
    }
  };
  return run as ImageWork;
}

/** Both kinds of work in this thread (tests, `npm run dev`). */
export const INLINE_IMAGE_WORK: ImageWorkers = { query: runImageJob, indexing: runImageJob };

/**
 * The visual matching engine measured offline (no server): recall@1/5/10 and query latency
 * (decode + features + search, upload excluded) on
 *   (a) real photos: a labels.csv of path,sku,split (default ../shared/datasets/grocery-photos):
 *       the first --gallery `train` photos of each sku as the catalogue, plus the demo catalogue's
 *       600 pictures and --distractors drawn pictures (bench/support/image-sets.ts) as distractors;
 *       the `val` photos as queries (--queries train: the other train photos, the easy case).
 *       With --analyse, each query the engine gets wrong is put down to the shortlist (the right
 *       product has no picture among the re-ranked ones) or to the re-ranking (it has, and
 *       another product still comes first), with the evidence of both;
 *   (b) demo pictures transformed as a buyer's photo (crop 60-90 %, rotation up to 15 degrees,
 *       scale, new background, JPEG quality 50) against the demo catalogue;
 *   (c) scale: the catalogue of (a) grown to --scale pictures with perturbed copies of the demo
 *       pictures' descriptors, queried with the photos of (a); keypoints of the shortlist are
 *       decoded from their stored form for every query, as they come from the database.
 * Every query set also runs against a catalogue without its products: an unrelated picture must
 * find nothing ('no similar image found').
 *
 * Honesty rule: the queries are split by a fixed rule into a tuning half and a reporting half
 * (val photos: by a hash of the file name; train photos: alternating per sku after the gallery;
 * demo: even products with transform seed 1, odd products with seed 2). Parameters were chosen
 * on the tuning half only; the reporting half, the default here, was run only to report.
 * `--half tuning` runs the other. Features of the drawn distractors are kept in tmp/ (ignored)
 * under the extractor's settings, so a second run describes only the queries.
 *
 * Usage: node --import tsx bench/image-matching-offline.ts [--half reporting|tuning]
 *          [--only photos|demo|scale] [--labels path/to/labels.csv] [--gallery 10] [--scale 100000]
 *          [--queries val|train] [--distractors 10000] [--analyse]
 *          [--hnsw]   (also measures the scale test with an HNSW index instead of exact search)
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  COLOUR_BINS,
  decodeLocalFeatures,
  encodeLocalFeatures,
  extractImageFeatures,
  type ImageFeatures,
  type LocalFeatures,
  strongestKeypoints,
} from '../apps/server/src/platform/image-index/image-features';
import {
  type GlobalDescriptor,
  DEFAULT_MATCHER_OPTIONS,
  type LocalFeatureSource,
  type MatcherOptions,
  MemoryLocalFeatures,
  OrbImageMatcher,
} from '../apps/server/src/platform/image-index/image-matcher';
import { renderToyPicture } from '../apps/server/src/db/seed/toy-pictures';
import { loadOpenCv } from '../apps/server/src/platform/image-index/opencv';
import {
  EXACT_SEARCH_LIMIT,
  HnswVectorIndex,
  InvertedVectorIndex,
  type VectorIndex,
} from '../apps/server/src/platform/image-index/vector-index';
import { trainVocabularyNow } from '../apps/server/src/platform/image-index/visual-vocabulary';
import { percentile } from './support/measure';
import {
  demoProducts,
  drawnDistractors,
  drawnPicture,
  perturbedDescriptor,
  splitLabelledPhotos,
  transformPicture,
  IMAGE_SEARCH_GOALS,
  imageBenchOptions,
} from './support/image-sets';
import { seededRandom } from '../apps/server/src/platform/random';

const opts = imageBenchOptions({
  hnsw: { type: 'boolean', default: false },
  analyse: { type: 'boolean', default: false },
  options: { type: 'string', default: '{}' },
  variants: { type: 'string', default: '[]' },
  // Both halves over one catalogue (describing 10 000 distractors' worth of catalogue once): the
  // tuning half is still what a choice is made on, the reporting half only reported.
  'both-halves': { type: 'boolean', default: false },
  // Each query's first 50 products with the engine's scores, as JSON lines, for measuring another
  // descriptor fused with them (bench/image-embedding-offline.ts).
  dump: { type: 'string', default: '' },
});
/** The engine's options with --options (JSON, merged one level deep) over them: for tuning runs. */
function withOptions(base: MatcherOptions, json: string): MatcherOptions {
  const over = JSON.parse(json) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over))
    out[k] = v && typeof v === 'object' ? { ...(out[k] as object), ...v } : v;
  return out as unknown as MatcherOptions;
}
const MATCHER = withOptions(DEFAULT_MATCHER_OPTIONS, opts.options);
if (opts.options !== '{}') console.log(`options: ${opts.options}`);
const { half, run } = opts;
const DEMO_PRODUCTS = 300;
/** Demo products are numbered from here, so they never collide with photo skus. */
const DEMO_BASE = 1_000_000;
const GOALS = IMAGE_SEARCH_GOALS;

// Rendering 600 pictures takes a minute; they are the same every run, so they are kept.
const cacheDir = join(tmpdir(), 'vitrine-bench-image-matching');
mkdirSync(cacheDir, { recursive: true });
async function cached(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = join(cacheDir, `${createHash('sha256').update(key).digest('hex').slice(0, 24)}.bin`);
  if (existsSync(file)) return readFileSync(file);
  const body = await make();
  writeFileSync(file, body);
  return body;
}

interface Picture {
  readonly product: number;
  readonly image: () => Promise<Buffer>;
  /** Names the picture for the feature cache (drawn distractors only: thousands, always the same). */
  readonly key?: string;
}

// Features of drawn distractors, kept between runs under the extractor's settings.
const featureDir = resolve(import.meta.dirname, '../tmp/image-bench/features');
const drawnDir = resolve(import.meta.dirname, '../tmp/image-bench/drawn');
const settings = createHash('sha256').update(JSON.stringify(MATCHER.features)).digest('hex').slice(0, 12);
mkdirSync(featureDir, { recursive: true });

function encodeFeatures(f: ImageFeatures): Buffer {
  const head = Buffer.alloc(12 + COLOUR_BINS * 4);
  head.writeUInt16LE(f.width, 0);
  head.writeUInt16LE(f.height, 2);
  head.write(f.phash, 4, 'hex');
  f.colour.forEach((c, i) => head.writeFloatLE(c, 12 + i * 4));
  return Buffer.concat([head, encodeLocalFeatures(f.local)]);
}

function decodeFeatures(b: Buffer): ImageFeatures {
  const colour = new Float32Array(COLOUR_BINS);
  for (let i = 0; i < COLOUR_BINS; i++) colour[i] = b.readFloatLE(12 + i * 4);
  return {
    width: b.readUInt16LE(0),
    height: b.readUInt16LE(2),
    phash: b.toString('hex', 4, 12),
    colour,
    local: decodeLocalFeatures(b.subarray(12 + COLOUR_BINS * 4)),
  };
}

async function featuresOf(p: Picture): Promise<ImageFeatures> {
  if (!p.key) return extractImageFeatures(await p.image(), MATCHER.features);
  const file = join(
    featureDir,
    `${createHash('sha256').update(`${settings}:${p.key}`).digest('hex').slice(0, 24)}.bin`,
  );
  if (existsSync(file)) return decodeFeatures(readFileSync(file));
  const f = await extractImageFeatures(await p.image(), MATCHER.features);
  writeFileSync(file, encodeFeatures(f));
  return f;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}

/** A catalogue: features of its pictures, a vocabulary learned from them, and a matcher over them. */
async function catalogue(pictures: readonly Picture[]) {
  const started = performance.now();
  const features = await mapLimit(pictures, 2, featuresOf);
  const described = performance.now();
  // As the server does: learned from at most 2 000 pictures spread over the catalogue.
  const step = Math.max(1, features.length / 2000);
  const sample: Uint8Array[] = [];
  for (let i = 0; i < features.length && sample.length < 2000; i += step)
    sample.push((features[Math.floor(i)] as ImageFeatures).local.descriptors);
  const vocabulary = trainVocabularyNow(sample);
  const trained = performance.now();
  const local = new MemoryLocalFeatures();
  const matcher = new OrbImageMatcher(vocabulary, local, MATCHER, pictures.length);
  features.forEach((f, i) => {
    const d = matcher.describeFeatures(f);
    matcher.add(i, (pictures[i] as Picture).product, d);
    local.set(i, d.local);
  });
  console.log(
    `  catalogue: ${pictures.length} pictures described in ${((described - started) / 1000).toFixed(1)} s, ` +
      `vocabulary of ${vocabulary.size} words learned in ${((trained - described) / 1000).toFixed(1)} s`,
  );
  return { matcher, features };
}

interface Figures {
  readonly recall: [number, number, number];
  readonly p50: number;
  readonly p95: number;
  readonly searchP95: number;
  /** Share of queries that found nothing at all. */
  readonly empty: number;
}

/** Runs every query one after another: describe (decode, features, words) and search, timed. */
async function measure(matcher: OrbImageMatcher, queries: readonly Picture[]): Promise<Figures> {
  const hits = [0, 0, 0];
  const total: number[] = [];
  const search: number[] = [];
  let empty = 0;
  for (const q of queries) {
    const image = await q.image();
    const t0 = performance.now();
    const descriptor = await matcher.describeQuery(image);
    const t1 = performance.now();
    const found = await matcher.search(descriptor, 10);
    const t2 = performance.now();
    total.push(t2 - t0);
    search.push(t2 - t1);
    if (found.length === 0) empty++;
    const rank = found.findIndex((f) => f.productId === q.product);
    [1, 5, 10].forEach((k, i) => {
      if (rank >= 0 && rank < k) hits[i] = (hits[i] as number) + 1;
    });
  }
  const n = queries.length;
  return {
    recall: hits.map((h) => h / n) as [number, number, number],
    p50: percentile(total, 0.5),
    p95: percentile(total, 0.95),
    searchP95: percentile(search, 0.95),
    empty: empty / n,
  };
}

function report(label: string, n: number, f: Figures, goal: number): void {
  const [r1, r5, r10] = f.recall.map((r) => r.toFixed(3));
  console.log(`  ${label}: ${n} queries`);
  console.log(
    `    recall@1 ${r1}  @5 ${r5}  @10 ${r10}  (goal @10 >= ${goal}: ${f.recall[2] >= goal ? 'met' : 'NOT met'})`,
  );
  console.log(
    `    latency per query p50 ${f.p50.toFixed(0)} ms, p95 ${f.p95.toFixed(0)} ms (of which search p95 ${f.searchP95.toFixed(0)} ms); nothing found for ${(f.empty * 100).toFixed(1)} %`,
  );
}

function reportUnrelated(label: string, n: number, f: Figures): void {
  console.log(
    `  ${label}: ${n} queries whose product is not in the catalogue; something found for ${((1 - f.empty) * 100).toFixed(1)} % (should be ~0)`,
  );
}

const demo = demoProducts(DEMO_PRODUCTS);
const demoPictures: Picture[] = demo.flatMap((p) =>
  p.views.map((v) => ({
    product: DEMO_BASE + p.index,
    image: () => cached(`demo:${JSON.stringify(v)}`, () => renderToyPicture(v)),
    key: `demo:${JSON.stringify(v)}`,
  })),
);
/** Drawn distractors: products of two pictures each, numbered after the demo's. */
const drawnPictures: Picture[] = drawnDistractors(opts.distractors).map((d, i) => ({
  product: DEMO_BASE + DEMO_PRODUCTS + Math.floor(i / 2),
  image: () => drawnPicture(d, drawnDir),
  key: `drawn:${JSON.stringify(d)}`,
}));

/** Demo queries of one half: even products with transform seed 1 (tuning), odd ones with seed 2. */
function demoQueries(which: 'tuning' | 'reporting'): Picture[] {
  const rnd = seededRandom(which === 'tuning' ? 1 : 2);
  return demo
    .filter((p) => p.index % 2 === (which === 'tuning' ? 0 : 1))
    .map((p) => {
      const view = p.views[Math.floor(rnd() * p.views.length)];
      if (!view) throw new Error('a demo product without pictures');
      const seed = Math.floor(rnd() * 2 ** 31);
      const key = `demo:${JSON.stringify(view)}`;
      return {
        product: DEMO_BASE + p.index,
        image: () =>
          cached(`${key}:photo:${seed}`, async () =>
            transformPicture(await cached(key, () => renderToyPicture(view)), seededRandom(seed)),
          ),
      };
    });
}

/**
 * Why each query misses: the rank of the right product's best picture by global similarity (the
 * shortlist is the first `shortlist` of them), its inliers against the winner's, and a summary.
 */
async function analyse(
  cat: Awaited<ReturnType<typeof catalogue>>,
  queries: readonly Picture[],
  names: readonly string[],
): Promise<void> {
  const { matcher, features } = cat;
  const o = matcher.options;
  const vectors = features.map((f) => matcher.globalVector(matcher.describeFeatures(f).global));
  const owners = [...photoGallery, ...demoPictures, ...drawnPictures].map((p) => p.product);
  const causes = { right: 0, shortlist: 0, rerank: 0, nothing: 0 };
  /** The first answer's score and margin over the second, and whether it was right: for wording. */
  const firsts: { score: number; margin: number; right: boolean }[] = [];
  const ranks: number[] = [];
  console.log(
    `  analysis (${queries.length} queries; shortlist ${o.shortlist} of ${o.candidates} candidates):`,
  );
  for (const q of queries) {
    const d = await matcher.describeQuery(await q.image());
    const v = matcher.globalVector(d.global);
    const sims = vectors.map((w, i) => {
      let dot = 0;
      for (let k = 0; k < v.length; k++) dot += (v[k] as number) * (w[k] as number);
      return { i, dot };
    });
    sims.sort((a, b) => b.dot - a.dot);
    const rank = sims.findIndex((x) => owners[x.i] === q.product) + 1;
    ranks.push(rank);
    const found = await matcher.searchWithEvidence(d, 10);
    const top = found[0];
    const ownIds = owners.flatMap((p, i) => (p === q.product ? [i] : []));
    const own = matcher.inliersOf(
      strongestKeypoints(d.local, o.queryKeypoints),
      new Map(ownIds.map((i) => [i, (features[i] as ImageFeatures).local])),
    );
    const ownBest = Math.max(0, ...own.values());
    if (top)
      firsts.push({
        score: top.score,
        margin: top.score - (found[1]?.score ?? 0),
        right: top.productId === q.product,
      });
    if (top?.productId === q.product) {
      causes.right++;
      continue;
    }
    const cause = rank > o.shortlist ? 'shortlist' : found.length === 0 ? 'nothing' : 'rerank';
    causes[cause]++;
    const name = (p: number | undefined) =>
      p === undefined ? '-' : p < names.length ? names[p] : `drawn ${p}`;
    console.log(
      `    ${cause.padEnd(9)} ${name(q.product)} (${d.local.count} kp): right product's best global rank ${rank}, ` +
        `its best inliers ${ownBest} (${[...own.values()].join('/')}); top ${name(top?.productId)} ` +
        `inliers ${top?.evidence.inliers ?? '-'} global ${top?.evidence.global.toFixed(2) ?? '-'}`,
    );
  }
  // Whether a first answer is right, by its score and its lead over the second.
  for (const [t, m] of [
    [0.3, 0],
    [0.5, 0],
    [0.3, 0.1],
    [0.4, 0.15],
    [0.5, 0.2],
  ] as const) {
    const sure = firsts.filter((f) => f.score >= t && f.margin >= m);
    console.log(
      `  first answer scoring >= ${t} and leading by >= ${m}: ${sure.length} queries, right for ${sure.filter((f) => f.right).length}; the others: ${firsts.length - sure.length}, right for ${firsts.filter((f) => !sure.includes(f) && f.right).length}`,
    );
  }
  const within = (k: number) => ranks.filter((r) => r > 0 && r <= k).length;
  console.log(
    `  right first: ${causes.right}; lost in the shortlist: ${causes.shortlist}; lost in re-ranking: ${causes.rerank}; nothing found: ${causes.nothing}`,
  );
  console.log(
    `  the right product's best picture by global similarity within 10 / 30 / 60 / 100 / 300: ${[10, 30, 60, 100, 300].map(within).join(' / ')} of ${ranks.length}`,
  );
}

/** Writes each query's first 50 products (picture ids index the catalogue: gallery, demo, drawn). */
async function dump(
  matcher: OrbImageMatcher,
  which: string,
  queries: readonly { path: string; sku: string }[],
): Promise<void> {
  const lines: string[] = [];
  for (const q of queries) {
    const found = await matcher.search(await matcher.describeQuery(readFileSync(q.path)), 50);
    lines.push(JSON.stringify({ half: which, path: q.path, sku: q.sku, found }));
  }
  writeFileSync(`${opts.dump}.${which}.jsonl`, `${lines.join('\n')}\n`);
}

await loadOpenCv();
console.log(`image matching, offline; ${half} half of the queries\n`);

let photoCatalogue: Awaited<ReturnType<typeof catalogue>> | null = null;
let photoQueries: Picture[] = [];
let photoGallery: Picture[] = [];
const labelsFound = existsSync(opts.labels);
if ((run('photos') || run('scale')) && labelsFound) {
  const split = splitLabelledPhotos(opts.labels, opts.gallery, opts.queries);
  const skus = [...new Set(split.gallery.map((p) => p.sku))].sort();
  const asPicture = (p: { path: string; sku: string }): Picture => ({
    product: skus.indexOf(p.sku),
    image: async () => readFileSync(p.path),
  });
  photoGallery = split.gallery.map(asPicture);
  photoQueries = split[half].map(asPicture);
  const halves = opts.bothHalves ? (['tuning', 'reporting'] as const) : ([half] as const);
  console.log(
    `(a) photos: ${opts.labels}\n  ${skus.length} skus, ${photoGallery.length} catalogue photos (first ${opts.gallery} train photos per sku) + ${demoPictures.length} demo pictures + ${drawnPictures.length} drawn distractors; queries: ${opts.queries} photos, ${halves.join(' and ')} subset`,
  );
  photoCatalogue = await catalogue([...photoGallery, ...demoPictures, ...drawnPictures]);
  if (run('photos')) {
    const toysOnly = await catalogue([...demoPictures, ...drawnPictures]);
    // Other options over the same features and vocabulary (--variants, a JSON array), the
    // engine's own first: before and after in one run.
    const rebuilt = (
      cat: Awaited<ReturnType<typeof catalogue>>,
      pictures: readonly Picture[],
      variant: object,
    ) => {
      const options = withOptions(MATCHER, JSON.stringify(variant));
      const local = new MemoryLocalFeatures();
      const matcher = new OrbImageMatcher(cat.matcher.vocabulary, local, options, cat.features.length);
      cat.features.forEach((f, i) => {
        const d = matcher.describeFeatures(f);
        matcher.add(i, (pictures[i] as Picture).product, d);
        local.set(i, d.local);
      });
      return matcher;
    };
    const all = [...photoGallery, ...demoPictures, ...drawnPictures];
    const variants = [null, ...(JSON.parse(opts.variants) as object[])];
    for (const which of halves) {
      const queries = split[which].map(asPicture);
      console.log(`\n  ${which} subset of the ${opts.queries} photos:`);
      for (const variant of variants) {
        const label = variant ? `variant ${JSON.stringify(variant)}` : 'engine';
        const matcher = variant ? rebuilt(photoCatalogue, all, variant) : photoCatalogue.matcher;
        report(
          `${label}, ${opts.queries} photos among ${matcher.size} pictures`,
          queries.length,
          await measure(matcher, queries),
          GOALS.photos,
        );
        if (which === half && !variant && opts.analyse) await analyse(photoCatalogue, queries, skus);
        if (!variant && opts.dump) await dump(matcher, which, split[which]);
        const unrelated = variant
          ? rebuilt(toysOnly, [...demoPictures, ...drawnPictures], variant)
          : toysOnly.matcher;
        reportUnrelated(
          `${label}, photos against the drawn pictures alone`,
          queries.length,
          await measure(unrelated, queries),
        );
      }
    }
  }
} else if (run('photos')) console.log(`(a) photos: ${opts.labels} not found, skipped`);

if (run('demo')) {
  const queries = demoQueries(half);
  console.log(
    `\n(b) demo pictures photographed: ${demoPictures.length} catalogue pictures (${DEMO_PRODUCTS} products)`,
  );
  const toys = await catalogue(demoPictures);
  report('transformed demo pictures', queries.length, await measure(toys.matcher, queries), GOALS.demo);
  if (photoGallery.length) {
    const photosOnly = await catalogue(photoGallery);
    reportUnrelated(
      'transformed demo pictures against the photo catalogue alone',
      queries.length,
      await measure(photosOnly.matcher, queries),
    );
  }
}

if (run('scale') && photoCatalogue) {
  const target = opts.scale;
  const base = photoCatalogue;
  console.log(
    `\n(c) scale: the catalogue of (a) grown to ${target} pictures with perturbed copies of demo pictures`,
  );
  // Keypoints are read back from their stored form for each shortlist, as from the database.
  const stored = base.features.map((f) => encodeLocalFeatures(f.local));
  const copyOf = new Map<number, number>();
  const source: LocalFeatureSource = {
    async load(ids) {
      const out = new Map<number, LocalFeatures>();
      for (const id of ids) {
        const bytes = stored[copyOf.get(id) ?? id];
        if (bytes) out.set(id, decodeLocalFeatures(bytes));
      }
      return out;
    },
  };
  const vocabulary = base.matcher.vocabulary;
  const originals = base.features.map((f) => base.matcher.describeFeatures(f).global);
  const products = [...photoGallery, ...demoPictures, ...drawnPictures].map((p) => p.product);
  const rnd = seededRandom(99);
  const pictures: { id: number; product: number; global: GlobalDescriptor }[] = originals.map(
    (global, id) => ({
      id,
      product: products[id] as number,
      global,
    }),
  );
  for (let id = pictures.length; id < target; id++) {
    // Copies of demo pictures only, so the photos' own products stay unique.
    const from = photoGallery.length + Math.floor(rnd() * demoPictures.length);
    copyOf.set(id, from);
    pictures.push({
      id,
      product: DEMO_BASE * 2 + Math.floor(id / 2),
      global: perturbedDescriptor(originals[from] as GlobalDescriptor, vocabulary.size, rnd),
    });
  }
  const dimensions = vocabulary.size + COLOUR_BINS;
  const kinds: [string, () => VectorIndex][] = [['exact', () => new InvertedVectorIndex(dimensions)]];
  if (opts.hnsw) kinds.push(['HNSW', () => new HnswVectorIndex(dimensions, target)]);
  console.log(
    `  the matcher's default at this size: ${target <= EXACT_SEARCH_LIMIT ? 'exact' : 'HNSW'} (exact up to ${EXACT_SEARCH_LIMIT} pictures)`,
  );
  for (const [label, makeIndex] of kinds) {
    const rssBefore = process.memoryUsage().rss;
    const matcher = new OrbImageMatcher(vocabulary, source, MATCHER, target, makeIndex());
    const started = performance.now();
    for (const p of pictures) matcher.add(p.id, p.product, { global: p.global });
    const built = (performance.now() - started) / 1000;
    console.log(
      `  ${label}: ${matcher.size} pictures indexed in ${built.toFixed(1)} s (${((built * 1000) / matcher.size).toFixed(2)} ms a picture); the process grew by ${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB`,
    );
    const f = await measure(matcher, photoQueries);
    report(`photo to photo among ${matcher.size} pictures, ${label}`, photoQueries.length, f, GOALS.photos);
    console.log(
      `    p95 ${f.p95.toFixed(0)} ms (goal < ${GOALS.p95Ms} ms at 100 000 pictures: ${f.p95 < GOALS.p95Ms && matcher.size >= 100_000 ? 'met' : 'NOT met'})`,
    );
  }
} else if (run('scale')) console.log('\n(c) scale: needs the photos of (a), skipped');

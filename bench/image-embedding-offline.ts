/**
 * A learned global descriptor measured offline, beside the engine (decision 0071): the
 * penultimate layer (its average pooling over the last 7 x 7 map: 1 280 values) of the MobileNetV2 that the `nsfwjs`
 * npm package ships inside its tarball (MIT; ImageNet-pretrained, fine-tuned on five classes),
 * run on CPU by TensorFlow.js's WebAssembly backend, whose .wasm also ships in its npm tarball.
 * Nothing is fetched at run time. Neither package is a dependency of the project: they are
 * installed aside, and this bench is told where.
 *
 * Measured on the `val` photos of the labelled set (tuning or reporting half), against the same
 * catalogue as bench/image-matching-offline.ts (the first --gallery `train` photos of each sku,
 * the demo's 600 pictures, the first --distractors drawn ones):
 *   - the descriptor alone: cosine to every picture, a product scored by its best picture;
 *   - fused with the engine: each query's first 50 products as the engine ranked them (written by
 *     image-matching-offline.ts --dump, same gallery and distractors), re-scored as
 *     engine score + w x cosine, with the descriptor's own first 10 products added (engine score 0).
 * And the cost of describing a picture (decode, resize to 224 px, the network).
 *
 * Usage: npm install --prefix /tmp/vision nsfwjs@4.4.0 @tensorflow/tfjs@4.22.0 @tensorflow/tfjs-backend-wasm@4.22.0
 *        node --import tsx bench/image-embedding-offline.ts --runtime /tmp/vision [--half tuning]
 *          [--gallery 10] [--distractors 1000] [--dump tmp/runs/g10-dump]
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { renderToyPicture } from '../apps/server/src/db/seed/toy-pictures';
import { percentile } from './support/measure';
import { demoProducts, drawnDistractors, drawnPicture, splitLabelledPhotos } from './support/image-sets';

const { values } = parseArgs({
  options: {
    runtime: { type: 'string' },
    half: { type: 'string', default: 'tuning' },
    labels: {
      type: 'string',
      default: resolve(import.meta.dirname, '../../shared/datasets/grocery-photos/labels.csv'),
    },
    gallery: { type: 'string', default: '10' },
    distractors: { type: 'string', default: '1000' },
    dump: { type: 'string', default: '' },
  },
});
if (!values.runtime)
  throw new Error('--runtime DIR: where nsfwjs and @tensorflow/tfjs are installed (see the usage)');
const half = values.half === 'reporting' ? 'reporting' : 'tuning';
const DEMO_PRODUCTS = 300;
const DEMO_BASE = 1_000_000;
const SIZE = 224;

/* eslint-disable @typescript-eslint/no-explicit-any -- the runtime is loaded from outside the project, untyped */
const requireRuntime = createRequire(join(resolve(values.runtime), 'package.json'));
const tf = requireRuntime('@tensorflow/tfjs') as any;
requireRuntime('@tensorflow/tfjs-backend-wasm');
await tf.setBackend('wasm');
await tf.ready();
const nsfwjs = requireRuntime('nsfwjs') as any;
const model = await nsfwjs.load('MobileNetV2');
const endpoint = (model.endpoints as string[]).find((e) => /average_pooling/.test(e));
if (!endpoint) throw new Error(`no pooling layer among ${(model.endpoints as string[]).join(', ')}`);

/** The unit-length descriptor of a picture: its pixels stretched to 224 x 224, the pooled features. */
async function embed(image: Buffer): Promise<Float32Array> {
  const pixels = await sharp(image)
    .rotate()
    .resize(SIZE, SIZE, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const input = tf.tensor3d(Int32Array.from(pixels), [SIZE, SIZE, 3], 'int32');
  const out = model.infer(input, endpoint);
  const v = Float32Array.from((await out.data()) as Float32Array);
  input.dispose();
  out.dispose();
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  return v;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

// Kept between runs, as the engine bench keeps its features.
const cacheDir = resolve(import.meta.dirname, '../tmp/image-bench/embeddings');
mkdirSync(cacheDir, { recursive: true });
const times: number[] = [];
async function embeddingOf(key: string, image: () => Promise<Buffer>): Promise<Float32Array> {
  const file = join(
    cacheDir,
    `${createHash('sha256').update(`mobilenet_v2:${key}`).digest('hex').slice(0, 24)}.f32`,
  );
  if (existsSync(file)) return new Float32Array(new Uint8Array(readFileSync(file)).buffer);
  const body = await image();
  const t0 = performance.now();
  const v = await embed(body);
  times.push(performance.now() - t0);
  writeFileSync(file, Buffer.from(v.buffer));
  return v;
}

// The catalogue in image-matching-offline.ts's order (picture ids of its dump index this list).
const split = splitLabelledPhotos(values.labels, Number(values.gallery), 'val');
const skus = [...new Set(split.gallery.map((p) => p.sku))].sort();
const demoCache = join(tmpdir(), 'vitrine-bench-image-matching');
async function demoImage(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = join(demoCache, `${createHash('sha256').update(key).digest('hex').slice(0, 24)}.bin`);
  return existsSync(file) ? readFileSync(file) : make();
}
const pictures: { product: number; key: string; image: () => Promise<Buffer> }[] = [
  ...split.gallery.map((p) => ({
    product: skus.indexOf(p.sku),
    key: p.path,
    image: async () => readFileSync(p.path),
  })),
  ...demoProducts(DEMO_PRODUCTS).flatMap((p) =>
    p.views.map((v) => {
      const key = `demo:${JSON.stringify(v)}`;
      return { product: DEMO_BASE + p.index, key, image: () => demoImage(key, () => renderToyPicture(v)) };
    }),
  ),
  ...drawnDistractors(Number(values.distractors)).map((d, i) => ({
    product: DEMO_BASE + DEMO_PRODUCTS + Math.floor(i / 2),
    key: `drawn:${JSON.stringify(d)}`,
    image: () => drawnPicture(d, resolve(import.meta.dirname, '../tmp/image-bench/drawn')),
  })),
];
const started = performance.now();
const vectors: Float32Array[] = [];
for (const p of pictures) vectors.push(await embeddingOf(p.key, p.image));
console.log(
  `catalogue: ${pictures.length} pictures (${split.gallery.length} photos, ${Number(values.gallery)} a sku) in ${((performance.now() - started) / 1000).toFixed(0)} s; endpoint ${endpoint}, ${vectors[0]?.length} values`,
);

/** Each product's best cosine to the query. */
function productCosines(q: Float32Array): Map<number, number> {
  const best = new Map<number, number>();
  vectors.forEach((v, i) => {
    let dot = 0;
    for (let k = 0; k < v.length; k++) dot += (v[k] as number) * (q[k] as number);
    const product = (pictures[i] as { product: number }).product;
    if (dot > (best.get(product) ?? -1)) best.set(product, dot);
  });
  return best;
}

const ranked = (scores: Map<number, number>) =>
  [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
function recall(ranks: number[]): string {
  const at = (k: number) => (ranks.filter((r) => r >= 0 && r < k).length / ranks.length).toFixed(3);
  return `recall@1 ${at(1)}  @5 ${at(5)}  @10 ${at(10)}`;
}

const queries = split[half];
const cosines: Map<number, number>[] = [];
const queryTimes: number[] = [];
for (const q of queries) {
  const t0 = performance.now();
  cosines.push(productCosines(await embed(readFileSync(q.path))));
  queryTimes.push(performance.now() - t0);
}
console.log(`\n${half} half: ${queries.length} val photos`);
console.log(
  `  descriptor alone: ${recall(queries.map((q, i) => ranked(cosines[i] as Map<number, number>).indexOf(skus.indexOf(q.sku))))}`,
);
// Among the photographed products only: whether it tells the look-alike flavours apart at all.
const photosOnly = (cos: Map<number, number>) => new Map([...cos].filter(([p]) => p < DEMO_BASE));
console.log(
  `  descriptor alone, the ${skus.length} photographed products only: ${recall(queries.map((q, i) => ranked(photosOnly(cosines[i] as Map<number, number>)).indexOf(skus.indexOf(q.sku))))}`,
);

if (values.dump) {
  const dumped = readFileSync(`${values.dump}.${half}.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { path: string; found: { productId: number; score: number }[] });
  const byPath = new Map(dumped.map((d) => [d.path, d.found]));
  console.log(
    `  engine (from the dump): ${recall(queries.map((q) => (byPath.get(q.path) ?? []).findIndex((f) => f.productId === skus.indexOf(q.sku))))}`,
  );
  for (const w of [0.05, 0.1, 0.2, 0.3, 0.5, 1]) {
    const ranks = queries.map((q, i) => {
      const cos = cosines[i] as Map<number, number>;
      const fused = new Map<number, number>();
      for (const f of byPath.get(q.path) ?? [])
        fused.set(f.productId, f.score + w * (cos.get(f.productId) ?? 0));
      for (const p of ranked(cos).slice(0, 10)) if (!fused.has(p)) fused.set(p, w * (cos.get(p) ?? 0));
      return ranked(fused).indexOf(skus.indexOf(q.sku));
    });
    console.log(`  fused, engine score + ${w} x cosine: ${recall(ranks)}`);
  }
}
const all = [...times, ...queryTimes];
console.log(
  `\ncost of describing a picture (decode, resize, network; ${all.length} pictures): p50 ${percentile(all, 0.5).toFixed(0)} ms, p95 ${percentile(all, 0.95).toFixed(0)} ms`,
);

/**
 * A 200-product linesheet drawn in its worker thread (decision 0061): pictures read from storage
 * at the 320 px variant the showroom keeps, converted to JPEG and laid out with pdfkit in the
 * worker, as get_linesheet does. In the same run, for a ratio that the machine's load inflates
 * alike, the proforma invoice of a 200-line order drawn in its own worker from 160 px variants
 * (the machinery both share, platform/pdf).
 *
 * Usage: node --import tsx bench/linesheet.ts [--products 200] [--runs 3]
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import type { LinesheetDocument } from '../apps/server/src/modules/linesheet/linesheet.input';
import {
  samplePicture,
  sampleProformaInput,
} from '../apps/server/src/modules/orders/proforma/proforma.fixtures';
import type { ProformaDocument } from '../apps/server/src/modules/orders/proforma/proforma.input';
import { loadPictures, storedPicture } from '../apps/server/src/platform/pdf/cache';
import { LocalDiskStorage } from '../apps/server/src/platform/storage';
import { workerTask } from '../apps/server/src/platform/worker-task';
import { ms, percentile } from './support/measure';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PRODUCTS = arg('products', 200);
const RUNS = arg('runs', 3);

const root = join(import.meta.dirname, '..');
const serverRoot = join(root, 'apps/server');
const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-linesheet-'));
const storage = new LocalDiskStorage(join(dir, 'files'));

// The workers bundled as build.mjs bundles them (a worker thread cannot load TypeScript through
// tsx), inside node_modules so they find pdfkit, sharp and the fonts.
const cache = join(root, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const workerDir = mkdtempSync(join(cache, 'vitrine-bench-linesheet-'));
const pkg = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
await build({
  entryPoints: {
    'linesheet-worker': join(serverRoot, 'src/modules/linesheet/linesheet.worker.ts'),
    'proforma-worker': join(serverRoot, 'src/modules/orders/proforma/proforma.worker.ts'),
  },
  outdir: workerDir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@vitrine/')),
  logLevel: 'warning',
});
const linesheetWorker = workerTask<LinesheetDocument, Uint8Array>(
  pathToFileURL(join(workerDir, 'linesheet-worker.js')),
);
const proformaWorker = workerTask<ProformaDocument, Uint8Array>(
  pathToFileURL(join(workerDir, 'proforma-worker.js')),
);

// Real product photos when the labelled set is at hand, else drawn ones; with the 160 and 320 px
// variants the showroom keeps (plugins/picture-variants.ts).
const photoSet = resolve(root, '../shared/datasets/grocery-photos');
const photoPaths = existsSync(join(photoSet, 'labels.csv'))
  ? readFileSync(join(photoSet, 'labels.csv'), 'utf8')
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((row) => join(photoSet, row.split(',')[0] as string))
      .slice(0, PRODUCTS)
  : [];
const keys = Array.from({ length: PRODUCTS }, (_, i) => `catalog/bench/${i}.webp`);
for (let i = 0; i < PRODUCTS; i += 8)
  await Promise.all(
    keys.slice(i, i + 8).map(async (key, j) => {
      const photo = photoPaths[i + j];
      const original = photo
        ? await sharp(photo).rotate().resize(800, 800, { fit: 'inside' }).webp({ quality: 80 }).toBuffer()
        : await samplePicture(i + j);
      await storage.put(key, original, 'image/webp');
      for (const width of [160, 320])
        await storage.put(
          `variants/w${width}/${key}.webp`,
          await sharp(original).resize({ width }).webp({ quality: 78 }).toBuffer(),
          'image/webp',
        );
    }),
  );

/** What the service hands the worker: pictures read (each once), items pointing at them. */
async function linesheetDocument(): Promise<LinesheetDocument> {
  const { indexes, pictures } = await loadPictures(
    keys.map((k) => storedPicture(storage, k, 320)),
    8,
  );
  return {
    language: 'en',
    company: { names: ['Shantou Chenghai Xingda Toys Factory', '汕头澄海兴达玩具厂'], logo: null },
    selection: { kind: 'category', name: 'Remote control vehicles' },
    date: '2026-11-27',
    prices: { currency: 'USD', exponent: 2, tradeTerm: 'FOB' },
    items: keys.map((_, i) => ({
      number: `XD-${1001 + i}`,
      name: `Remote control stunt car ${i + 1}, 2.4 GHz, with rechargeable battery and lights`,
      packing: 'Window box',
      cartonQuantity: 24,
      innerBoxes: 4,
      carton: { length: 62, width: 40.5, height: 55 },
      cbm: 0.1381,
      cuft: 4.88,
      grossWeight: 12.5,
      netWeight: 10.8,
      price: 1250 + i,
      picture: indexes[i] ?? null,
    })),
    pictures,
    createdAt: Date.now(),
  };
}

async function proformaDocument(): Promise<ProformaDocument> {
  const input = sampleProformaInput({ lines: PRODUCTS, ref: 'bench' });
  const { indexes, pictures } = await loadPictures(
    keys.map((k) => storedPicture(storage, k, 160)),
    8,
  );
  return {
    ...input,
    seller: { ...input.seller, logo: null },
    lines: input.lines.map(({ picture: _p, ...rest }, i) => ({ ...rest, picture: indexes[i] ?? null })),
    pictures,
    createdAt: Date.now(),
  };
}

async function time(render: () => Promise<Uint8Array>) {
  const times: number[] = [];
  let size = 0;
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    size = (await render()).length;
    times.push(performance.now() - t);
  }
  return { times, size };
}

const load = loadavg()[0]?.toFixed(1);
// Warm both threads (fonts parsed once per thread), then interleave so the load hits both alike.
await linesheetWorker(await linesheetDocument());
await proformaWorker(await proformaDocument());
const sheet = await time(async () => linesheetWorker(await linesheetDocument()));
const invoice = await time(async () => proformaWorker(await proformaDocument()));
const p50 = (xs: number[]) => percentile(xs, 50);
console.log(`load average at start: ${load}`);
console.log(
  `linesheet, ${PRODUCTS} products, 320 px pictures, in its worker: p50 ${ms(p50(sheet.times))} ms (runs ${sheet.times.map((t) => ms(t).trim()).join(', ')} ms), ${(sheet.size / 1e6).toFixed(2)} MB`,
);
console.log(
  `proforma, ${PRODUCTS} lines, 160 px pictures, in its worker: p50 ${ms(p50(invoice.times))} ms, ${(invoice.size / 1e6).toFixed(2)} MB`,
);
console.log(`ratio linesheet / proforma: ${(p50(sheet.times) / p50(invoice.times)).toFixed(2)}`);
rmSync(dir, { recursive: true, force: true });
rmSync(workerDir, { recursive: true, force: true });
process.exit(0);

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderToyPicture } from '../../db/seed/toy-pictures';
import { decodeLocalFeatures } from '../../platform/image-index/image-features';
import { workerTask } from '../../platform/worker-task';
import {
  type ImageJob,
  type ImageWork,
  rememberingVocabularies,
  runImageJob,
  VOCABULARY_NOT_HELD,
} from './image-search.work';

const here = dirname(fileURLToPath(import.meta.url));
const serverRoot = join(here, '../../..');

describe('image work in a worker thread, as the built server runs it', () => {
  let dir: string;
  let threaded: ImageWork;
  let pictures: Buffer[];

  beforeAll(async () => {
    // Bundled as build.mjs does; inside node_modules, so the bundle finds sharp and OpenCV there.
    const cache = join(serverRoot, '../../node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    dir = mkdtempSync(join(cache, 'vitrine-image-worker-'));
    const pkg = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    await build({
      entryPoints: { 'image-worker': join(here, 'image-search.worker.ts') },
      outdir: dir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      external: Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@vitrine/')),
      logLevel: 'silent',
    });
    threaded = workerTask(pathToFileURL(join(dir, 'image-worker.js'))) as ImageWork;
    pictures = await Promise.all(
      (['car', 'robot', 'teddy'] as const).map((kind, i) =>
        renderToyPicture({ kind, color: '#d83b3b', accent: '#2d6cdf', seed: i, view: 0, size: 480 }),
      ),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('describes a picture exactly as it is described inline', async () => {
    const job = { kind: 'describe', image: pictures[0] as Buffer, vocabulary: null } as const;
    const [there, here_] = await Promise.all([threaded(job), runImageJob(job)]);
    expect(there.keypoints).toBeGreaterThan(100);
    expect({ ...there, local: Buffer.from(there.local) }).toEqual({
      ...here_,
      local: Buffer.from(here_.local),
    });
  });

  it('learns a vocabulary there, describes a query and re-ranks with it, as inline', async () => {
    const described = await Promise.all(
      pictures.map((image) => threaded({ kind: 'describe', image, vocabulary: null })),
    );
    const descriptors = described.map((d) => decodeLocalFeatures(d.local).descriptors);
    const vocabulary = await threaded({ kind: 'train', descriptors });
    const inline = await runImageJob({ kind: 'train', descriptors });
    expect(vocabulary.id).toBe(inline.id);
    expect(Buffer.from(vocabulary.data).equals(Buffer.from(inline.data))).toBe(true);

    const photo = await sharp(pictures[1])
      .extract({ left: 60, top: 60, width: 360, height: 360 })
      .jpeg()
      .toBuffer();
    const job = { kind: 'query', image: photo, vocabulary } as const;
    const [there, here_] = await Promise.all([threaded(job), runImageJob(job)]);
    expect(there.global.vocabularyId).toBe(vocabulary.id);
    expect(there.global.bag.words.length).toBeGreaterThan(10);
    expect(there.global).toEqual(here_.global);

    // Re-ranking the photo against the catalogue's pictures there counts what it counts here.
    const candidates = new Map(described.map((d, i) => [i + 1, decodeLocalFeatures(d.local)]));
    const rerank = { kind: 'rerank', vocabulary, query: there.local, candidates } as const;
    const [counted, countedHere] = await Promise.all([threaded(rerank), runImageJob(rerank)]);
    expect(counted).toEqual(countedHere);
    expect([...counted.keys()]).toEqual([1, 2, 3]);
    // The photo is of the robot (picture 2): only it shares a layout of keypoints with it.
    expect(counted.get(2)).toBeGreaterThan(Math.max(counted.get(1) ?? 0, counted.get(3) ?? 0) + 10);
  });

  it("sends a vocabulary's bytes once, and again only to a worker that does not hold it", async () => {
    const described = await Promise.all(
      pictures.map((image) => threaded({ kind: 'describe', image, vocabulary: null })),
    );
    const vocabulary = await threaded({
      kind: 'train',
      descriptors: described.map((d) => decodeLocalFeatures(d.local).descriptors),
    });
    // The jobs as they leave: how many bytes of the vocabulary each carries, and to which worker.
    let worker = threaded;
    const sent: number[] = [];
    const remembering = rememberingVocabularies(((job: ImageJob) => {
      if ('vocabulary' in job && job.vocabulary) sent.push(job.vocabulary.data.byteLength);
      return worker(job);
    }) as ImageWork);
    const describe = (image: Buffer) => remembering({ kind: 'describe', image, vocabulary });

    const first = await describe(pictures[0] as Buffer);
    const again = await describe(pictures[0] as Buffer);
    expect(sent).toEqual([vocabulary.data.byteLength, 0]);
    expect(again.global).toEqual(first.global);

    // A worker started since (a restart, another thread of a pool) says so and is sent the bytes.
    const started = workerTask(pathToFileURL(join(dir, 'image-worker.js'))) as ImageWork;
    worker = started;
    const there = await describe(pictures[0] as Buffer);
    expect(sent).toEqual([vocabulary.data.byteLength, 0, 0, vocabulary.data.byteLength]);
    expect(there.global).toEqual(first.global);

    // A vocabulary not held is told before any work on the picture is done (here, before finding
    // out it is no picture at all).
    const unknown = { id: 'not-a-vocabulary', data: new Uint8Array(0) };
    for (const kind of ['describe', 'query'] as const)
      await expect(
        runImageJob({ kind, image: Buffer.from('not a picture'), vocabulary: unknown }),
      ).rejects.toThrow(VOCABULARY_NOT_HELD);

    // Any other failure is the job's own, told as it is.
    await expect(describe(Buffer.from('not a picture'))).rejects.toThrow();
    expect(sent.slice(4)).toEqual([0]);
  });

  it('rejects a job it cannot do, and keeps serving', async () => {
    await expect(
      threaded({ kind: 'describe', image: Buffer.from('not a picture'), vocabulary: null }),
    ).rejects.toThrow();
    expect(
      (await threaded({ kind: 'describe', image: pictures[2] as Buffer, vocabulary: null })).keypoints,
    ).toBeGreaterThan(0);
  });
});

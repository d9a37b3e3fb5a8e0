import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { LocalDiskStorage } from '../../../platform/storage';
import { workerTask } from '../../../platform/worker-task';
import { pictureFrom, samplePicture, sampleProformaInput } from './proforma.fixtures';
import type { ProformaDocument, ProformaInput } from './proforma.input';
import { renderProforma } from './proforma.render';
import {
  createProformaService,
  ProformaBusyError,
  type ProformaRenderer,
  type ProformaService,
  storedPicture,
} from './proforma.service';

const here = dirname(fileURLToPath(import.meta.url));
const serverRoot = join(here, '../../../..');

async function textOf(pdf: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  await doc.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('the proforma service', () => {
  let root: string;
  let storage: LocalDiskStorage;
  let drawn: ProformaDocument[];
  let service: ProformaService;
  const counting: ProformaRenderer = (doc) => {
    drawn.push(doc);
    return renderProforma(doc);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'vitrine-proforma-'));
    storage = new LocalDiskStorage(root);
    drawn = [];
    service = createProformaService({ storage, clock: new ManualClock(), render: counting });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('answers an order it drew before from storage, the same bytes, without drawing again', async () => {
    const input = sampleProformaInput();
    const first = await service.get(input);
    const again = await service.get(sampleProformaInput());
    expect(first.rendered).toBe(true);
    expect(again.rendered).toBe(false);
    expect(again.key).toBe(first.key);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(drawn).toHaveLength(1);
    expect(first.key).toMatch(/^proforma\/c1-o1\/[0-9a-f]{64}\.pdf$/);
    expect(first.fileName).toBe('PI-2026-0042.pdf');
    expect(await storage.exists(first.key)).toBe(true);
  });

  it('draws a changed order again and keeps only its new version', async () => {
    const input = sampleProformaInput();
    const first = await service.get(input);
    const changed = await service.get({
      ...input,
      amounts: { ...input.amounts, deposit: input.amounts.deposit + 1 },
    });
    expect(changed.rendered).toBe(true);
    expect(changed.key).not.toBe(first.key);
    expect(drawn).toHaveLength(2);
    expect(await storage.exists(first.key)).toBe(false);
    expect(await storage.list('proforma/c1-o1')).toEqual([changed.key.split('/').pop()]);
  });

  it('takes a new picture behind a line as a change, and the same input in another key order as none', async () => {
    const input = sampleProformaInput({ picture: () => pictureFrom('pictures/a.webp', null) });
    const reordered = JSON.parse(JSON.stringify({ ...input, lines: [] })) as ProformaInput;
    const sameContent: ProformaInput = {
      ...Object.fromEntries(Object.entries(reordered).reverse()),
      lines: input.lines,
    } as ProformaInput;
    expect(service.keyOf(sameContent)).toBe(service.keyOf(input));
    const newPicture = sampleProformaInput({ picture: () => pictureFrom('pictures/b.webp', null) });
    expect(service.keyOf(newPicture)).not.toBe(service.keyOf(input));
  });

  it('draws once for identical requests that arrive together', async () => {
    const input = sampleProformaInput();
    const [a, b] = await Promise.all([service.get(input), service.get(sampleProformaInput())]);
    expect(drawn).toHaveLength(1);
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });

  it('refuses a document beyond its bound while drawing, yet answers stored ones', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: ProformaRenderer = async (doc) => {
      await gate;
      return renderProforma(doc);
    };
    const stored = await service.get(sampleProformaInput({ ref: 'c1-o9' }));
    const bounded = createProformaService({ storage, clock: new ManualClock(), render: slow, maxPending: 1 });
    const first = bounded.get(sampleProformaInput({ ref: 'c1-o1' }));
    await vi.waitFor(() => expect(bounded.pending()).toBe(1));
    await expect(bounded.get(sampleProformaInput({ ref: 'c1-o2' }))).rejects.toBeInstanceOf(
      ProformaBusyError,
    );
    expect((await bounded.get(sampleProformaInput({ ref: 'c1-o9' }))).bytes.equals(stored.bytes)).toBe(true);
    release();
    expect((await first).rendered).toBe(true);
    expect(bounded.pending()).toBe(0);
  });

  it('makes the document when a picture is gone or its loader fails, and reads a shared picture once', async () => {
    const photo = await samplePicture(2);
    let reads = 0;
    const shared = { id: 'pictures/shared.webp', load: async () => (reads++, photo) };
    const input = sampleProformaInput({
      lines: 4,
      picture: (i) =>
        [
          shared,
          pictureFrom('pictures/gone.webp', null),
          { id: 'pictures/broken.webp', load: () => Promise.reject(new Error('storage down')) },
          shared,
        ][i] ?? null,
    });
    const file = await service.get(input);
    expect(reads).toBe(1);
    expect(drawn[0]?.pictures.map((p) => p !== null)).toEqual([true, false, false]);
    expect(drawn[0]?.lines.map((l) => l.picture)).toEqual([0, 1, 2, 0]);
    expect(await textOf(file.bytes)).toContain('T-1003');
  });

  it('tells a logo by its bytes, whether they come as a Buffer or a Uint8Array', () => {
    const input = sampleProformaInput();
    const logo = (bytes: Uint8Array): ProformaInput => ({
      ...input,
      seller: { ...input.seller, logo: bytes },
    });
    const key = service.keyOf(logo(Buffer.from([1, 2, 3])));
    expect(service.keyOf(logo(new Uint8Array([1, 2, 3])))).toBe(key);
    expect(service.keyOf(logo(Buffer.from([1, 2, 4])))).not.toBe(key);
  });

  it('lets a request after a failed drawing try again', async () => {
    let failures = 1;
    const flaky = createProformaService({
      storage,
      clock: new ManualClock(),
      render: (doc) => (failures-- > 0 ? Promise.reject(new Error('worker exited')) : renderProforma(doc)),
    });
    await expect(flaky.get(sampleProformaInput())).rejects.toThrow('worker exited');
    expect(flaky.pending()).toBe(0);
    expect((await flaky.get(sampleProformaInput())).rendered).toBe(true);
  });

  it('reads a catalogue picture at 160 px when the showroom made that width, else the original', async () => {
    await storage.put('catalog/1/a.webp', Buffer.from('original a'), 'image/webp');
    await storage.put('catalog/1/b.webp', Buffer.from('original b'), 'image/webp');
    await storage.put('variants/w160/catalog/1/a.webp.webp', Buffer.from('small a'), 'image/webp');
    const a = storedPicture(storage, 'catalog/1/a.webp');
    expect(a.id).toBe('catalog/1/a.webp');
    expect(Buffer.from((await a.load()) ?? []).toString()).toBe('small a');
    expect(Buffer.from((await storedPicture(storage, 'catalog/1/b.webp').load()) ?? []).toString()).toBe(
      'original b',
    );
    expect(await storedPicture(storage, 'catalog/1/gone.webp').load()).toBeNull();
  });

  it('refuses amounts that are not whole minor units, naming the field', async () => {
    const input = sampleProformaInput();
    await expect(service.get({ ...input, amounts: { ...input.amounts, deposit: 12.5 } })).rejects.toThrow(
      'amounts.deposit',
    );
    expect(drawn).toHaveLength(0);
  });
});

describe('proforma invoices drawn in a worker thread, as the built server runs them', () => {
  let dir: string;
  let storageRoot: string;

  beforeAll(async () => {
    // Bundled as build.mjs does; inside node_modules, so the bundle finds pdfkit, sharp and the fonts there.
    const cache = join(serverRoot, '../../node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    dir = mkdtempSync(join(cache, 'vitrine-proforma-worker-'));
    storageRoot = mkdtempSync(join(tmpdir(), 'vitrine-proforma-'));
    const pkg = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    await build({
      entryPoints: { 'proforma-worker': join(here, 'proforma.worker.ts') },
      outdir: dir,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      external: Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@vitrine/')),
      logLevel: 'silent',
    });
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(storageRoot, { recursive: true, force: true });
  });

  it('gives a Chinese buyer a PDF with its number and labels, pictures included', async () => {
    const photo = await samplePicture(3);
    const service = createProformaService({
      storage: new LocalDiskStorage(storageRoot),
      clock: new ManualClock(),
      render: workerTask<ProformaDocument, Uint8Array>(pathToFileURL(join(dir, 'proforma-worker.js'))),
    });
    const file = await service.get(
      sampleProformaInput({ language: 'zh', picture: (i) => pictureFrom(`p/${i}.webp`, photo) }),
    );
    const text = await textOf(file.bytes);
    expect(text).toContain('PI-2026-0042');
    expect(text).toContain('尾款');
    expect(file.bytes.toString('latin1').match(/\/Filter \/DCTDecode/g)).toHaveLength(3);
  });
});

import { createHash } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Storage } from '../../../platform/storage';
import {
  assertProformaInput,
  type PictureSource,
  type ProformaDocument,
  type ProformaInput,
} from './proforma.input';
import { renderProforma } from './proforma.render';

/**
 * Names the layout: a change to how invoices look changes it, so documents cached under the old
 * layout are drawn again (the cache key is this plus the order's content).
 */
export const PROFORMA_LAYOUT_VERSION = 'pi-1';

/** Where the PDFs live in storage: one folder per order (ProformaInput.ref). */
export const PROFORMA_PREFIX = 'proforma';

/** Draws a document: in a worker thread in service (workerTask of dist/proforma-worker.js), inline in tests. */
export type ProformaRenderer = (doc: ProformaDocument) => Promise<Uint8Array>;

export interface ProformaServiceOptions {
  storage: Storage;
  clock: Clock;
  /** Defaults to rendering on this thread: main.ts passes the worker. */
  render?: ProformaRenderer;
  /**
   * How many documents may be waiting for or in the renderer at once; one more is refused
   * (ProformaBusyError) rather than queued without end. Requests for the same document share
   * one rendering and count once.
   */
  maxPending?: number;
  /** Pictures read from storage at once. */
  loadConcurrency?: number;
}

export interface ProformaFile {
  /** The storage key: proforma/<ref>/<content hash>.pdf. */
  key: string;
  bytes: Buffer;
  /** A file name for the download: the PI number. */
  fileName: string;
  /** False when it came from the cache. */
  rendered: boolean;
}

/** The renderer has as many documents in hand as it takes: the caller answers "busy, try again". */
export class ProformaBusyError extends Error {
  constructor() {
    super('Too many proforma invoices are being generated; try again shortly');
    this.name = 'ProformaBusyError';
  }
}

export interface ProformaService {
  /** The order's PDF: from storage when this version was drawn before, else drawn, stored, and older versions removed. */
  get(input: ProformaInput): Promise<ProformaFile>;
  /** Where a version of an order is (or would be) stored, without drawing it. */
  keyOf(input: ProformaInput): string;
  /** Documents being drawn now (waiting for or in the renderer). */
  pending(): number;
}

const isSource = (p: unknown): p is PictureSource =>
  typeof p === 'object' && p !== null && 'load' in p && typeof (p as PictureSource).load === 'function';

/** JSON with object keys sorted, so two equal inputs built in another order hash alike. */
function canonical(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
    // The holder's own value: a Buffer reaches the replacer already turned into { type, data }.
    const raw = this[key];
    if (raw instanceof Uint8Array) return { bytes: createHash('sha256').update(raw).digest('hex') };
    if (isSource(v)) return { picture: v.id };
    if (v && typeof v === 'object' && !Array.isArray(v))
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    return v;
  });
}

/** The content hash of an order's document: what it shows, and the layout that draws it. */
export function proformaHash(input: ProformaInput): string {
  return createHash('sha256')
    .update(PROFORMA_LAYOUT_VERSION)
    .update('\0')
    .update(canonical(input))
    .digest('hex');
}

/**
 * A catalogue picture as the PI wants it: its 160 px variant when the showroom has made one
 * (plugins/picture-variants.ts keeps them at variants/w<width>/<key>.webp), which decodes ~5 times
 * faster than an 800 px original, else the original. Named by the original's key either way.
 */
export function storedPicture(storage: Storage, key: string): PictureSource {
  return {
    id: key,
    load: async () => {
      const variant = await storage.read(`variants/w160/${key}.webp`).catch(() => null);
      return variant ?? (await storage.read(key));
    },
  };
}

const fileNameOf = (piNumber: string) => `${piNumber.replace(/[^\p{L}\p{N}._-]+/gu, '_') || 'proforma'}.pdf`;

export function createProformaService({
  storage,
  clock,
  render = renderProforma,
  maxPending = 4,
  loadConcurrency = 8,
}: ProformaServiceOptions): ProformaService {
  const inFlight = new Map<string, Promise<ProformaFile>>();

  const keyOf = (input: ProformaInput) => `${PROFORMA_PREFIX}/${input.ref}/${proformaHash(input)}.pdf`;

  /** A missing or unreadable picture is left out (an empty frame), never a failed document. */
  const loadPicture = async (source: PictureSource): Promise<Uint8Array | null> => {
    try {
      return await source.load();
    } catch {
      return null;
    }
  };

  async function documentOf(input: ProformaInput): Promise<ProformaDocument> {
    // Each distinct picture is read once, however many lines show it.
    const index = new Map<string, number>();
    const sources: PictureSource[] = [];
    const lines = input.lines.map((line) => {
      const { picture, ...rest } = line;
      if (!picture) return { ...rest, picture: null };
      let i = index.get(picture.id);
      if (i === undefined) {
        i = sources.length;
        index.set(picture.id, i);
        sources.push(picture);
      }
      return { ...rest, picture: i };
    });
    const pictures: (Uint8Array | null)[] = new Array<Uint8Array | null>(sources.length).fill(null);
    let next = 0;
    const lane = async () => {
      while (next < sources.length) {
        const i = next++;
        pictures[i] = await loadPicture(sources[i] as PictureSource);
      }
    };
    const { logo } = input.seller;
    const [logoBytes] = await Promise.all([
      isSource(logo) ? loadPicture(logo) : Promise.resolve(logo),
      ...Array.from({ length: Math.min(loadConcurrency, sources.length) }, lane),
    ]);
    return {
      ...input,
      seller: { ...input.seller, logo: logoBytes },
      lines,
      pictures,
      createdAt: clock.now(),
    };
  }

  /** Removes the order's older versions: the folder keeps the current one only. */
  async function dropOlder(input: ProformaInput, key: string) {
    const folder = `${PROFORMA_PREFIX}/${input.ref}`;
    const current = key.slice(folder.length + 1);
    for (const name of await storage.list(folder))
      if (name !== current) await storage.deletePrefix(`${folder}/${name}`);
  }

  let rendering = 0;

  async function produce(input: ProformaInput, key: string): Promise<ProformaFile> {
    const fileName = fileNameOf(input.piNumber);
    const cached = await storage.read(key);
    if (cached) return { key, bytes: cached, fileName, rendered: false };
    // Only drawing is bounded: a stored document is answered however busy the renderer is.
    if (rendering >= maxPending) throw new ProformaBusyError();
    rendering++;
    try {
      const bytes = Buffer.from(await render(await documentOf(input)));
      await storage.put(key, bytes, 'application/pdf');
      await dropOlder(input, key);
      return { key, bytes, fileName, rendered: true };
    } finally {
      rendering--;
    }
  }

  return {
    keyOf,
    pending: () => rendering,
    get(input) {
      try {
        assertProformaInput(input);
      } catch (e) {
        return Promise.reject(e as Error);
      }
      const key = keyOf(input);
      const running = inFlight.get(key);
      if (running) return running;
      const job = produce(input, key).finally(() => inFlight.delete(key));
      inFlight.set(key, job);
      return job;
    },
  };
}

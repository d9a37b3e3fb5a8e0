import { createHash } from 'node:crypto';
import type { Storage } from '../storage';

/**
 * The machinery every PDF the server draws shares (decisions 0031, 0041, 0061): a content-addressed
 * cache in storage, one drawing for identical requests, a bound on documents being drawn at once,
 * and pictures read from storage at the width the document prints them.
 */

/**
 * A picture in storage. `id` names its content (a storage key: a changed picture gets a new
 * key), so it stands for the bytes in the cache key without reading them.
 */
export interface PictureSource {
  id: string;
  /** The bytes (JPEG, PNG or WebP), or null when the picture is gone. */
  load(): Promise<Uint8Array | null>;
}

export const isPictureSource = (p: unknown): p is PictureSource =>
  typeof p === 'object' && p !== null && 'load' in p && typeof (p as PictureSource).load === 'function';

/**
 * A catalogue picture as a document wants it: the WebP variant of a width the showroom keeps
 * (plugins/picture-variants.ts, variants/w<width>/<key>.webp), which decodes several times faster
 * than an 800 px original, else the original. Named by the original's key either way.
 */
export function storedPicture(storage: Storage, key: string, width = 160): PictureSource {
  return {
    id: key,
    load: async () => {
      const variant = await storage.read(`variants/w${width}/${key}.webp`).catch(() => null);
      return variant ?? (await storage.read(key));
    },
  };
}

/** A missing or unreadable picture is left out (an empty frame), never a failed document. */
export async function loadPicture(source: PictureSource): Promise<Uint8Array | null> {
  try {
    return await source.load();
  } catch {
    return null;
  }
}

/**
 * Each distinct picture of a list read once, `concurrency` at a time: the bytes in a list, and each
 * item's index into it (null for an item without a picture).
 */
export async function loadPictures(
  items: readonly (PictureSource | null)[],
  concurrency: number,
): Promise<{ indexes: (number | null)[]; pictures: (Uint8Array | null)[] }> {
  const index = new Map<string, number>();
  const sources: PictureSource[] = [];
  const indexes = items.map((picture) => {
    if (!picture) return null;
    let i = index.get(picture.id);
    if (i === undefined) {
      i = sources.length;
      index.set(picture.id, i);
      sources.push(picture);
    }
    return i;
  });
  const pictures: (Uint8Array | null)[] = new Array<Uint8Array | null>(sources.length).fill(null);
  let next = 0;
  const lane = async () => {
    while (next < sources.length) {
      const i = next++;
      pictures[i] = await loadPicture(sources[i] as PictureSource);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, sources.length) }, lane));
  return { indexes, pictures };
}

/** JSON with object keys sorted, so two equal inputs built in another order hash alike. */
function canonical(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
    // The holder's own value: a Buffer reaches the replacer already turned into { type, data }.
    const raw = this[key];
    if (raw instanceof Uint8Array) return { bytes: createHash('sha256').update(raw).digest('hex') };
    if (isPictureSource(v)) return { picture: v.id };
    if (v && typeof v === 'object' && !Array.isArray(v))
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    return v;
  });
}

/** The content hash of a document: what it shows (pictures by id), and the layout that draws it. */
export function contentHash(layoutVersion: string, input: unknown): string {
  return createHash('sha256').update(layoutVersion).update('\0').update(canonical(input)).digest('hex');
}

/** The renderer has as many documents in hand as it takes: the caller answers "busy, try again" (-429). */
export class PdfBusyError extends Error {
  constructor(what = 'documents') {
    super(`Too many ${what} are being generated; try again shortly`);
    this.name = 'PdfBusyError';
  }
}

export interface PdfFile {
  /** The storage key: <prefix>/<ref>/<content hash>.pdf. */
  key: string;
  bytes: Buffer;
  fileName: string;
  /** False when it came from the cache. */
  rendered: boolean;
}

export interface PdfCacheOptions<D> {
  storage: Storage;
  /** The folder of this kind of document in storage (proforma, linesheet). */
  prefix: string;
  /** Names the layout: a change to it draws every document anew. */
  layoutVersion: string;
  /** Draws a prepared document: in a worker thread in service, inline in tests. */
  render(doc: D): Promise<Uint8Array>;
  /**
   * How many documents may be waiting for or in the renderer at once; one more is refused
   * (PdfBusyError) rather than queued without end. Requests for the same document share one
   * drawing and count once.
   */
  maxPending: number;
  /** What the busy error calls these documents. */
  what?: string;
}

export interface PdfRequest<I, D> {
  /** Names a document's versions in storage: letters, digits, - and _. The folder keeps the current one only. */
  ref: string;
  /** What the document shows: its hash is the file's name. */
  input: I;
  fileName: string;
  /** Reads what the renderer needs (the pictures' bytes): only when the document is not stored yet. */
  prepare(input: I): Promise<D>;
}

const REF = /^[A-Za-z0-9_-]{1,100}$/;

export function createPdfCache<I, D>(options: PdfCacheOptions<D>) {
  const { storage, prefix, layoutVersion, render, maxPending } = options;
  const inFlight = new Map<string, Promise<PdfFile>>();
  let rendering = 0;

  const keyOf = (ref: string, input: I) => `${prefix}/${ref}/${contentHash(layoutVersion, input)}.pdf`;

  /** Removes a ref's older versions: the folder keeps the current one only. */
  async function dropOlder(ref: string, key: string) {
    const folder = `${prefix}/${ref}`;
    const current = key.slice(folder.length + 1);
    for (const name of await storage.list(folder))
      if (name !== current) await storage.deletePrefix(`${folder}/${name}`);
  }

  async function produce(request: PdfRequest<I, D>, key: string): Promise<PdfFile> {
    const { fileName } = request;
    const cached = await storage.read(key);
    if (cached) return { key, bytes: cached, fileName, rendered: false };
    // Only drawing is bounded: a stored document is answered however busy the renderer is.
    if (rendering >= maxPending) throw new PdfBusyError(options.what);
    rendering++;
    try {
      const bytes = Buffer.from(await render(await request.prepare(request.input)));
      await storage.put(key, bytes, 'application/pdf');
      await dropOlder(request.ref, key);
      return { key, bytes, fileName, rendered: true };
    } finally {
      rendering--;
    }
  }

  return {
    keyOf,
    /** Documents being drawn now (waiting for or in the renderer). */
    pending: () => rendering,
    /** The document: from storage when this version was drawn before, else drawn, stored, and older versions removed. */
    get(request: PdfRequest<I, D>): Promise<PdfFile> {
      if (!REF.test(request.ref)) return Promise.reject(new TypeError('ref must be letters, digits, - or _'));
      const key = keyOf(request.ref, request.input);
      const running = inFlight.get(key);
      if (running) return running;
      const job = produce(request, key).finally(() => inFlight.delete(key));
      inFlight.set(key, job);
      return job;
    },
  };
}

/** A file name for a download: letters, digits, '.', '_' and '-'. */
export const safeFileName = (name: string, fallback: string) =>
  `${name.replace(/[^\p{L}\p{N}._-]+/gu, '_') || fallback}.pdf`;

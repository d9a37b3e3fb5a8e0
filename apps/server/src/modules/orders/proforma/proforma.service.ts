import type { Clock } from '../../../platform/clock';
import {
  contentHash,
  createPdfCache,
  isPictureSource,
  loadPicture,
  loadPictures,
  PdfBusyError,
  type PdfFile,
  safeFileName,
} from '../../../platform/pdf/cache';
import type { Storage } from '../../../platform/storage';
import { assertProformaInput, type ProformaDocument, type ProformaInput } from './proforma.input';
import { renderProforma } from './proforma.render';

export { storedPicture } from '../../../platform/pdf/cache';

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

export type ProformaFile = PdfFile;

/** The renderer has as many documents in hand as it takes: the caller answers "busy, try again". */
export const ProformaBusyError = PdfBusyError;

export interface ProformaService {
  /** The order's PDF: from storage when this version was drawn before, else drawn, stored, and older versions removed. */
  get(input: ProformaInput): Promise<ProformaFile>;
  /** Where a version of an order is (or would be) stored, without drawing it. */
  keyOf(input: ProformaInput): string;
  /** Documents being drawn now (waiting for or in the renderer). */
  pending(): number;
}

/** The content hash of an order's document: what it shows, and the layout that draws it. */
export const proformaHash = (input: ProformaInput): string => contentHash(PROFORMA_LAYOUT_VERSION, input);

/** The PDF machinery of platform/pdf (decision 0061) with the invoice's input, layout and renderer. */
export function createProformaService({
  storage,
  clock,
  render = renderProforma,
  maxPending = 4,
  loadConcurrency = 8,
}: ProformaServiceOptions): ProformaService {
  const cache = createPdfCache<ProformaInput, ProformaDocument>({
    storage,
    prefix: PROFORMA_PREFIX,
    layoutVersion: PROFORMA_LAYOUT_VERSION,
    render,
    maxPending,
    what: 'proforma invoices',
  });

  async function documentOf(input: ProformaInput): Promise<ProformaDocument> {
    const { logo } = input.seller;
    const [logoBytes, { indexes, pictures }] = await Promise.all([
      isPictureSource(logo) ? loadPicture(logo) : Promise.resolve(logo),
      loadPictures(
        input.lines.map((l) => l.picture),
        loadConcurrency,
      ),
    ]);
    return {
      ...input,
      seller: { ...input.seller, logo: logoBytes },
      lines: input.lines.map(({ picture: _p, ...rest }, i) => ({ ...rest, picture: indexes[i] ?? null })),
      pictures,
      createdAt: clock.now(),
    };
  }

  return {
    keyOf: (input) => cache.keyOf(input.ref, input),
    pending: cache.pending,
    get(input) {
      try {
        assertProformaInput(input);
      } catch (e) {
        return Promise.reject(e as Error);
      }
      return cache.get({
        ref: input.ref,
        input,
        fileName: safeFileName(input.piNumber, 'proforma'),
        prepare: documentOf,
      });
    },
  };
}

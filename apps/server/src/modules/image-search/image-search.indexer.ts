import type { FastifyBaseLogger } from 'fastify';
import { join } from 'node:path';
import type { Clock } from '../../platform/clock';
import {
  type GlobalDescriptor,
  OrbImageMatcher,
  type Reranker,
} from '../../platform/image-index/image-matcher';
import { VisualVocabulary } from '../../platform/image-index/visual-vocabulary';
import { assertStorageKey, type Storage } from '../../platform/storage';
import type { ImageSearchRepository, PictureState } from './image-search.repository';
import {
  type DescribedPicture,
  FEATURE_VERSION,
  type ImageWork,
  MATCHER_OPTIONS,
  PICTURE_FILE_MISSING,
  type PictureOnDisk,
  type VocabularyRef,
} from './image-search.work';

/** Pictures read per query when comparing the catalogue with what is indexed. */
const SCAN_PAGE = 1000;
/** Described pictures whose global descriptors are made again per job (about 20 kB of keypoints each). */
const BATCH = 100;
/**
 * A first vocabulary is learned once this many pictures are described, so a large catalogue
 * indexed for the first time becomes searchable early; a better one follows as it grows.
 */
const FIRST_TRAINING_AT = 200;
/** A vocabulary is learned again when the catalogue has doubled, and by at least this many pictures. */
const RETRAIN_MIN_GROWTH = 50;
/** Pictures whose keypoints a vocabulary is learned from (the engine samples descriptors from them). */
const TRAINING_PICTURES = 2000;
const PROGRESS_EVERY_MS = 10_000;
/** Stored descriptions read per query at start-up (about 2 kB each). */
const LOAD_BATCH = 200;
/** Longest run of index additions between two turns of the event loop. */
const ADD_SLICE_MS = 10;
const SIMILAR_CACHED = 2000;

/** A company's searchable index: a matcher over its pictures and the vocabulary they are described with. */
export interface CompanySearcher {
  readonly matcher: OrbImageMatcher;
  readonly vocabulary: VocabularyRef;
}

interface CompanyIndex {
  searcher: CompanySearcher | null;
  /** Pictures the vocabulary was learned from, and under which extractor. */
  trainedOn: number;
  trainedVersion: string;
  /** Each indexed picture, as `product:file:version` of the description it was added with. */
  added: Map<number, string>;
  /** Moves whenever what the index holds does, so cached answers can tell they are stale. */
  generation: number;
  /** Every picture seen at the last look is described and indexed. */
  complete: boolean;
  similar: Map<number, { generation: number; k: number; productIds: number[] }>;
}

export interface ImageIndexerDeps {
  repo: ImageSearchRepository;
  storage: Pick<Storage, 'read'>;
  /**
   * The local disk's storage root, when the storage is the local disk: the indexing worker reads
   * each picture there itself (decision 0080). Without it, pictures are read here and sent.
   */
  filesRoot?: string | undefined;
  clock: Clock;
  /** Where decoding, ORB and learning run: a worker thread in production. */
  work: ImageWork;
  /**
   * Where a search's re-ranking runs: the thread that describes queries in production, so
   * neither waits behind indexing nor holds up the requests of every other showroom.
   */
  queryWork: ImageWork;
  log: FastifyBaseLogger;
  /** Time between looks for new, changed and removed pictures; 0 looks only when asked. */
  scanEveryMs: number;
  /**
   * Runs a look at the catalogue as background work: its commits need not wait for the disk,
   * since a picture whose description is lost is described again (decision 0070).
   */
  background?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Pictures a query re-ranks, when not the engine's default (IMAGE_SEARCH_SHORTLIST). */
  shortlist?: number;
}

const signature = (productId: number, fileId: number, version: string) => `${productId}:${fileId}:${version}`;

/** A stored picture's file on the local disk, its key checked as the storage checks it. */
const onDisk = (root: string, key: string): PictureOnDisk => {
  assertStorageKey(key);
  return { path: join(root, key) };
};

/**
 * Lets waiting requests in between two steps. better-sqlite3 answers synchronously, so a loop of
 * awaited queries alone would never give the event loop a turn.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Keeps one in-memory picture index per company in step with the database: loads what is stored,
 * describes pictures that are new or changed (once; the description is stored), drops pictures
 * that are gone, and learns the company's vocabulary from its own pictures. All of it runs in the
 * background, one step at a time; searches use whatever is indexed so far.
 */
export function createImageIndexer({
  repo,
  storage,
  filesRoot,
  clock,
  work,
  queryWork,
  log,
  scanEveryMs,
  background = (work) => work(),
  shortlist,
}: ImageIndexerDeps) {
  // Only the searching matcher takes it: describing and re-ranking do not depend on it.
  const options = shortlist === undefined ? MATCHER_OPTIONS : { ...MATCHER_OPTIONS, shortlist };
  const companies = new Map<number, CompanyIndex>();
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;
  let loaded = false;

  const stateOf = (companyId: number): CompanyIndex => {
    let st = companies.get(companyId);
    if (!st) {
      st = {
        searcher: null,
        trainedOn: 0,
        trainedVersion: '',
        added: new Map(),
        generation: 0,
        complete: false,
        similar: new Map(),
      };
      companies.set(companyId, st);
    }
    return st;
  };

  function searcherFor(companyId: number, v: VocabularyRef, expectedSize: number): CompanySearcher {
    const vocabulary = VisualVocabulary.decode(v.data);
    const ref = { id: vocabulary.id, data: v.data };
    // Re-ranking reads keypoints of the shortlist only, and only the company's own.
    const local = { load: (ids: readonly number[]) => repo.locals(companyId, ids) };
    const rerank: Reranker = (query, candidates) =>
      queryWork({ kind: 'rerank', vocabulary: ref, query, candidates });
    const matcher = new OrbImageMatcher(
      vocabulary,
      local,
      options,
      Math.max(16, expectedSize),
      undefined,
      rerank,
    );
    return { matcher, vocabulary: ref };
  }

  /**
   * Adds pictures to a searcher a few milliseconds' worth at a time: an addition costs up to a
   * millisecond or so (the vector, and the graph of an HNSW index).
   */
  async function addAll(
    st: CompanyIndex,
    s: CompanySearcher,
    pictures: { pictureId: number; productId: number; global: GlobalDescriptor; sig: string }[],
  ) {
    let since = performance.now();
    for (const p of pictures) {
      s.matcher.add(p.pictureId, p.productId, { global: p.global });
      st.added.set(p.pictureId, p.sig);
      if (performance.now() - since > ADD_SLICE_MS) {
        await breathe();
        since = performance.now();
      }
    }
    if (pictures.length) st.generation++;
  }

  /** Adds stored pictures (described under the searcher's vocabulary) to the searcher. */
  async function load(companyId: number, st: CompanyIndex, s: CompanySearcher, sigs: Map<number, string>) {
    const rows = await repo.indexed(companyId, s.vocabulary.id, [...sigs.keys()]);
    await addAll(
      st,
      s,
      rows.map((r) => ({ ...r, sig: sigs.get(r.pictureId) as string })),
    );
    sigs.clear();
  }

  /**
   * Compares the company's pictures with what is stored and indexed: loads stored descriptions
   * the index lacks (at start-up, all of them), drops pictures that are gone, and answers the
   * pictures to describe and how many lack a descriptor under the current vocabulary.
   */
  async function reconcile(companyId: number): Promise<{ pending: PictureState[]; outdated: number }> {
    const st = stateOf(companyId);
    const meta = await repo.vocabularyMeta(companyId);
    if ((meta?.vocabulary_id ?? null) !== (st.searcher?.vocabulary.id ?? null)) {
      // First look, or another instance learned a new vocabulary: start from what is stored.
      const v = meta ? await repo.vocabulary(companyId) : null;
      st.searcher = null;
      if (v) {
        try {
          st.searcher = searcherFor(companyId, v, await repo.countDescribed(companyId, v.version));
        } catch (e) {
          log.warn(
            { err: e, companyId },
            'image index: the stored vocabulary is unreadable; learning a new one',
          );
        }
      }
      st.added = new Map();
      st.generation++;
    }
    st.trainedOn = st.searcher ? (meta?.pictures ?? 0) : 0;
    st.trainedVersion = st.searcher ? (meta?.feature_version ?? '') : '';

    const startedAt = Date.now();
    const loadedBefore = st.added.size;
    const pending: PictureState[] = [];
    const seen = new Set<number>();
    const toLoad = new Map<number, string>();
    let outdated = 0;
    for (let after = 0; ;) {
      await breathe();
      if (stopped) break;
      const page = await repo.scanPictures(companyId, after, SCAN_PAGE);
      for (const p of page) {
        seen.add(p.picture_id);
        const current =
          p.described_file === p.file_id &&
          p.described_product === p.product_id &&
          p.feature_version === FEATURE_VERSION;
        if (!current) pending.push(p);
        // A stored description stays searchable until its picture is described again.
        if (p.described_file === null || p.described_product === null || p.error !== '') continue;
        const s = st.searcher;
        if (!s) continue;
        if (p.vocabulary_id !== s.vocabulary.id) {
          if (current) outdated++;
          continue;
        }
        const sig = signature(p.described_product, p.described_file, p.feature_version ?? '');
        if (st.added.get(p.picture_id) !== sig) toLoad.set(p.picture_id, sig);
      }
      if (st.searcher && toLoad.size >= LOAD_BATCH) await load(companyId, st, st.searcher, toLoad);
      const last = page[page.length - 1];
      if (!last || page.length < SCAN_PAGE) break;
      after = last.picture_id;
    }
    if (stopped) return { pending: [], outdated: 0 };
    if (st.searcher && toLoad.size) await load(companyId, st, st.searcher, toLoad);
    for (const id of [...st.added.keys()]) {
      if (seen.has(id)) continue;
      st.searcher?.matcher.remove(id);
      st.added.delete(id);
      st.generation++;
    }
    if (st.added.size > loadedBefore)
      log.info(
        `image index: company ${companyId}: ${st.added.size - loadedBefore} stored pictures loaded in ${Date.now() - startedAt} ms`,
      );
    st.complete = pending.length === 0 && outdated === 0 && (st.searcher !== null || seen.size === 0);
    return { pending, outdated };
  }

  /** Makes global descriptors under the searcher's vocabulary for stored pictures, adding them to it. */
  async function redescribe(companyId: number, st: CompanyIndex, s: CompanySearcher, onlyOutdated: boolean) {
    for (let after = 0; ;) {
      await breathe();
      if (stopped) return false;
      const page = await repo.storedFeatures(companyId, FEATURE_VERSION, {
        afterId: after,
        limit: BATCH,
        exceptVocabulary: onlyOutdated ? s.vocabulary.id : undefined,
      });
      const last = page[page.length - 1];
      if (!last) return true;
      const globals = await work({ kind: 'globals', vocabulary: s.vocabulary, pictures: page });
      const made = page.flatMap((p, i) => {
        const global = globals[i];
        return global ? [{ pictureId: p.pictureId, productId: p.productId, fileId: p.fileId, global }] : [];
      });
      await repo.saveGlobals(companyId, made, clock.now());
      await addAll(
        st,
        s,
        made.map((p) => ({ ...p, sig: signature(p.productId, p.fileId, FEATURE_VERSION) })),
      );
      after = last.pictureId;
    }
  }

  /**
   * Learns the company's vocabulary from its stored keypoints, stores it, and re-makes every
   * picture's global descriptor into a new index that replaces the old one only when complete.
   */
  async function train(companyId: number, st: CompanyIndex): Promise<void> {
    const ids = await repo.describedIds(companyId, FEATURE_VERSION);
    if (!ids.length) return;
    const startedAt = Date.now();
    const step = Math.max(1, ids.length / TRAINING_PICTURES);
    const sample: number[] = [];
    for (let i = 0; i < ids.length && sample.length < TRAINING_PICTURES; i += step)
      sample.push(ids[Math.floor(i)] as number);
    const descriptors: Uint8Array[] = [];
    for (let i = 0; i < sample.length; i += BATCH) {
      await breathe();
      if (stopped) return;
      const locals = await repo.locals(companyId, sample.slice(i, i + BATCH));
      for (const l of locals.values()) if (l.count) descriptors.push(l.descriptors);
    }
    if (!descriptors.length || stopped) return;
    const vocabulary = await work({ kind: 'train', descriptors });
    const learnedIn = Date.now() - startedAt;
    if (stopped) return;
    await repo.saveVocabulary(companyId, vocabulary, ids.length, FEATURE_VERSION, clock.now());
    const fresh: CompanyIndex = { ...st, added: new Map() };
    const s = searcherFor(companyId, vocabulary, ids.length);
    if (!(await redescribe(companyId, fresh, s, false))) return;
    st.searcher = s;
    st.added = fresh.added;
    st.trainedOn = ids.length;
    st.trainedVersion = FEATURE_VERSION;
    st.generation++;
    log.info(
      `image index: company ${companyId}: vocabulary learned from ${sample.length} of ${ids.length} pictures in ${(learnedIn / 1000).toFixed(1)} s, ${st.added.size} pictures indexed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
  }

  const retrainDue = (st: CompanyIndex, described: number) =>
    described > 0 &&
    (!st.searcher ||
      st.trainedVersion !== FEATURE_VERSION ||
      (described >= 2 * st.trainedOn && described - st.trainedOn >= RETRAIN_MIN_GROWTH));

  /** Describes new and changed pictures (storing each at once), then learns a vocabulary when due. */
  async function index(companyId: number, pending: PictureState[], outdated: number): Promise<void> {
    const st = stateOf(companyId);
    let described = await repo.countDescribed(companyId, FEATURE_VERSION);
    if (pending.length) {
      const startedAt = Date.now();
      let reported = startedAt;
      let done = 0;
      let failed = 0;
      let triedEarly = false;
      log.info(`image index: company ${companyId}: describing ${pending.length} pictures`);
      for (const p of pending) {
        await breathe();
        if (stopped) return;
        const s = st.searcher;
        const image = filesRoot ? onDisk(filesRoot, p.storage_key) : await storage.read(p.storage_key);
        const result: DescribedPicture | { error: string } = image
          ? await work({ kind: 'describe', image, vocabulary: s?.vocabulary ?? null }).catch(
              (e: unknown) => ({
                // A worker's error arrives as its text ("Error: …").
                error: String(e).includes(PICTURE_FILE_MISSING) ? PICTURE_FILE_MISSING : String(e),
              }),
            )
          : { error: PICTURE_FILE_MISSING };
        if (stopped) return;
        const row = {
          companyId,
          pictureId: p.picture_id,
          productId: p.product_id,
          fileId: p.file_id,
          version: FEATURE_VERSION,
        };
        await repo.saveFeatures(row, result, clock.now());
        done++;
        const counted = p.feature_version === FEATURE_VERSION && p.error === '' && p.described_file !== null;
        if ('error' in result) {
          failed++;
          if (counted) described--;
          log.warn(
            `image index: company ${companyId}: picture ${p.picture_id} not described: ${result.error}`,
          );
          if (st.added.delete(p.picture_id)) {
            s?.matcher.remove(p.picture_id);
            st.generation++;
          }
        } else {
          if (!counted) described++;
          // Added only under the vocabulary it was made with, should a new one have come meanwhile.
          const global = result.global;
          if (global && s && st.searcher === s && global.vocabularyId === s.vocabulary.id) {
            s.matcher.add(p.picture_id, p.product_id, { global });
            st.added.set(p.picture_id, signature(p.product_id, p.file_id, FEATURE_VERSION));
            st.generation++;
          }
        }
        const now = Date.now();
        if (now - reported >= PROGRESS_EVERY_MS || done === pending.length) {
          reported = now;
          log.info(
            `image index: company ${companyId}: ${done} of ${pending.length} pictures described (${Math.round((now - startedAt) / done)} ms each${failed ? `, ${failed} failed` : ''})`,
          );
        }
        if (!st.searcher && !triedEarly && described >= FIRST_TRAINING_AT) {
          triedEarly = true;
          await train(companyId, st);
        }
      }
    }
    if (stopped) return;
    if (retrainDue(st, described)) await train(companyId, st);
    else if (outdated && st.searcher) await redescribe(companyId, st, st.searcher, true);
    if (!stopped) st.complete = true;
  }

  async function pass(): Promise<void> {
    const ids = await repo.companyIds();
    for (const id of [...companies.keys()]) if (!ids.includes(id)) companies.delete(id);
    // What is stored becomes searchable first, for every company; describing comes after.
    const todo: { companyId: number; pending: PictureState[]; outdated: number }[] = [];
    for (const companyId of ids) {
      if (stopped) return;
      try {
        todo.push({ companyId, ...(await reconcile(companyId)) });
      } catch (e) {
        log.error({ err: e, companyId }, 'image index: loading failed');
      }
    }
    // Every company's stored pictures are searchable now; describing new ones may take a while.
    loaded = true;
    for (const t of todo) {
      if (stopped) return;
      try {
        await index(t.companyId, t.pending, t.outdated);
      } catch (e) {
        log.error({ err: e, companyId: t.companyId }, 'image index: indexing failed');
      }
    }
  }

  function schedule() {
    if (stopped || scanEveryMs <= 0) return;
    timer = setTimeout(() => void refresh(), scanEveryMs);
    // A pending look must not keep the process alive at shutdown.
    timer.unref();
  }

  /**
   * Looks at the catalogue now (after the look in progress, if any) and resolves when the index
   * reflects it: what an importer calls after changing pictures, and what tests wait on.
   */
  function refresh(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      queued ??= running.then(() => {
        queued = null;
        return refresh();
      });
      return queued;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = background(pass)
      .catch((e: unknown) => log.error({ err: e }, 'image index: a look at the catalogue failed'))
      .finally(() => {
        running = null;
        schedule();
      });
    return running;
  }

  return {
    /** Starts indexing in the background; it never delays start-up. */
    start(): void {
      if (started || stopped) return;
      started = true;
      void refresh();
    },

    refresh,

    /** Stops indexing; resolves once the step in progress has ended (nothing touches the database after). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },

    /**
     * The company's index (null while it has none: no vocabulary learned yet), and whether every
     * picture of the catalogue is in it.
     */
    searcher(companyId: number): { searcher: CompanySearcher | null; complete: boolean } {
      const st = companies.get(companyId);
      return { searcher: st?.searcher ?? null, complete: st?.complete ?? false };
    },

    /**
     * Products whose pictures look like the product's first picture, most similar first, without
     * the product itself; empty when that picture is not indexed (yet).
     */
    async similarProducts(companyId: number, productId: number, k: number): Promise<number[]> {
      const st = companies.get(companyId);
      const s = st?.searcher;
      if (!st || !s) return [];
      const cached = st.similar.get(productId);
      if (cached && cached.generation === st.generation && cached.k >= k)
        return cached.productIds.slice(0, k);
      const first = await repo.firstPicture(companyId, productId);
      if (!first || first.global.vocabularyId !== s.vocabulary.id) return [];
      const generation = st.generation;
      const hits = await s.matcher.search(first, k + 1);
      const productIds = hits
        .filter((h) => h.productId !== productId)
        .slice(0, k)
        .map((h) => h.productId);
      if (st.similar.size >= SIMILAR_CACHED) st.similar.delete(st.similar.keys().next().value as number);
      st.similar.set(productId, { generation, k, productIds });
      return productIds;
    },

    /** Whether what is stored has been loaded for every company once since start (/ready). */
    loaded(): boolean {
      return loaded;
    },

    /** Pictures in memory, over all companies (/metrics). */
    size(): number {
      let n = 0;
      for (const st of companies.values()) n += st.searcher?.matcher.size ?? 0;
      return n;
    },

    /** What is indexed for a company (logs, tests). */
    status(companyId: number) {
      const st = companies.get(companyId);
      return {
        pictures: st?.searcher?.matcher.size ?? 0,
        vocabulary: st?.searcher?.vocabulary.id ?? null,
        trainedOn: st?.trainedOn ?? 0,
        complete: st?.complete ?? false,
      };
    },
  };
}

export type ImageIndexer = ReturnType<typeof createImageIndexer>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's picture indexer (app.ts), for an importer to ask for a look and for tests to wait on. */
    imageIndex: ImageIndexer;
  }
}

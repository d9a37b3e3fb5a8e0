import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { createHmac, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildOpenApiDocument, type CallName, LANGUAGES } from '@vitrine/contract';
import { consoleTranslator } from '@vitrine/i18n/console';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/database';
import { type PoolState, withoutWaitingForDisk } from './db/dialect';
import { deleteHitsBefore } from './db/limits';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAnalyticsService } from './modules/analytics/analytics.service';
// --- issue 18 (analytics) ---
import { createSearchLog, type SearchLog } from './modules/analytics/search-log';
import { createStaffAnalyticsRepository } from './modules/analytics/staff-analytics.repository';
import { staffAnalyticsRoutes } from './modules/analytics/staff-analytics.routes';
import { createStaffAnalyticsService } from './modules/analytics/staff-analytics.service';
// --- end issue 18 (analytics) ---
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createCartRepository } from './modules/cart/cart.repository';
import { cartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createStaffProductsRepository } from './modules/catalog/staff-products.repository';
import { staffProductsRoutes } from './modules/catalog/staff-products.routes';
import { createContentRepository } from './modules/content/content.repository';
import { contentRoutes } from './modules/content/content.routes';
import { createContentService } from './modules/content/content.service';
import { createStaffProductsService, type StaffProductsDeps } from './modules/catalog/staff-products.service';
import { createTextSearch } from './modules/catalog/text-search';
import type { TextSearchLimits } from './modules/catalog/text-search';
import { createBuyersRepository } from './modules/buyers/buyers.repository';
import { buyersRoutes } from './modules/buyers/buyers.routes';
import { createBuyersService } from './modules/buyers/buyers.service';
import { createChatMail } from './modules/chat/chat.mail';
import { createChatRepository } from './modules/chat/chat.repository';
import { chatRoutes } from './modules/chat/chat.routes';
import { createChatService } from './modules/chat/chat.service';
import { registerChatSocket } from './modules/chat/chat.socket';
import { createCompanyRepository } from './modules/company/company.repository';
import { companyRoutes } from './modules/company/company.routes';
import { createCompanyService } from './modules/company/company.service';
import { createImageIndexer } from './modules/image-search/image-search.indexer';
import { createImageSearchRepository } from './modules/image-search/image-search.repository';
import { imageSearchRoutes } from './modules/image-search/image-search.routes';
import { createImageSearchService } from './modules/image-search/image-search.service';
import {
  type ImageWork,
  INLINE_IMAGE_WORK,
  rememberingVocabularies,
  type ImageWorkers,
} from './modules/image-search/image-search.work';
import { createNewsRepository } from './modules/news/news.repository';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { ordersRoutes } from './modules/orders/orders.routes';
import {
  createProformaLinks,
  createProformaPort,
  registerProformaDownload,
} from './modules/orders/orders.proforma';
import { createOrdersService, type OrderChange, type ProformaPort } from './modules/orders/orders.service';
import { createProformaService, type ProformaRenderer } from './modules/orders/proforma/proforma.service';
import { newsRoutes } from './modules/news/news.routes';
import { createNewsService } from './modules/news/news.service';
import { buildWorkbook, type WorkbookInput } from './modules/samples/samples.excel';
import { createSamplesRepository } from './modules/samples/samples.repository';
import { samplesRoutes } from './modules/samples/samples.routes';
import { createSamplesService } from './modules/samples/samples.service';
import { createSiteRepository } from './modules/site/site.repository';
import { siteRoutes } from './modules/site/site.routes';
import { createSiteService } from './modules/site/site.service';
import { createStaffRepository } from './modules/staff/staff.repository';
import { staffRoutes } from './modules/staff/staff.routes';
import { createStaffService } from './modules/staff/staff.service';
import { createUploadsRepository } from './modules/uploads/uploads.repository';
import { createUploadsRetention } from './modules/uploads/uploads.retention';
import { createUploadsRetentionRepository } from './modules/uploads/uploads.retention.repository';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import {
  createUploadsService,
  MAX_UPLOAD_BYTES,
  UPLOAD_LIMITS,
  uploadFolder,
  uploadOwner,
} from './modules/uploads/uploads.service';
import { createImportRepository } from './modules/catalog-import/import.repository';
import { createImportRetention } from './modules/catalog-import/import.retention';
import { createImportRetentionRepository } from './modules/catalog-import/import.retention.repository';
import { importRoutes } from './modules/catalog-import/import.routes';
import { type PaceLimits, givesWayTo } from './modules/catalog-import/import.pace';
import { createImportService } from './modules/catalog-import/import.service';
import {
  IMPORT_PICTURE_LIMITS,
  inlineImportWork,
  type ImportWorker,
} from './modules/catalog-import/import.work';
import { collectHandlers, registerApi } from './plugins/api';
import { registerHealth } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import {
  type CallLimit,
  createCallLimiter,
  createHeavyCallGate,
  createInFlightLimiter,
  defaultHeavyCalls,
  HEAVY_CALL_MAX_WAIT_MS,
  type InFlightLimit,
} from './plugins/limits';
import { type LogStream, loggerOptions } from './plugins/logging';
import { registerLocalUploads } from './plugins/local-upload';
import {
  makePictureVariants,
  registerPictureVariants,
  storePictureVariants,
} from './plugins/picture-variants';
import { reencodeImage } from './platform/image-content';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticStaff, registerStaticWeb } from './plugins/static-web';
import { type Bus, InProcessBus } from './platform/bus';
import { shareCatalogueChanges } from './platform/catalogue-events';
import { sessionsEndedNotifier } from './platform/session-events';
import { createChatSigner } from './platform/chat-signature';
import { type OrderChangedEvent, orderTopic } from './platform/order-events';
import type { Clock } from './platform/clock';
import { KeptMailer, type Mailer } from './platform/mailer';
import { capacity, type CapacityOptions, inFlight } from './platform/in-flight';
import { createPdfLinks, linkKey, registerPdfDownload } from './platform/pdf/links';
import { createLinesheetRepository } from './modules/linesheet/linesheet.repository';
import { createLinesheetRetention } from './modules/linesheet/linesheet.retention';
import { linesheetRoutes } from './modules/linesheet/linesheet.routes';
import {
  createLinesheetService,
  LINESHEET_LINK_PATH,
  LINESHEET_PREFIX,
  type LinesheetRenderer,
} from './modules/linesheet/linesheet.service';
import { type Periodic, runEvery } from './platform/periodic';
import { LocalDiskStorage, type Storage } from './platform/storage';

export interface AppDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Local disk (served here under /files/, uploads to /upload) or S3 (served by the bucket). */
  storage: Storage;
  defaultSite: string | undefined;
  /** Folder of the built web app; absent: API only. */
  webRoot?: string | undefined;
  /** Where object storage serves files and takes uploads (the pages' CSP allows them); local disk: none. */
  fileOrigins?: readonly string[];
  /** Folder of the built staff console, served under /staff/; absent: not served. */
  staffRoot?: string | undefined;
  logLevel?: string;
  /** Where log lines go (tests capture them); default: standard output. */
  logStream?: LogStream;
  /** The bearer token of /metrics; unset: no /metrics. */
  metricsToken?: string | undefined;
  trustProxy?: boolean;
  /** How long website settings are served from memory (default 2 s; tests choose). */
  websiteCacheMs?: number;
  /** How long list totals are served from memory (default 30 s; tests choose). */
  countCacheMs?: number;
  /** When a short keyword is searched at word starts, or not at all (decision 0021; tests lower them). */
  textSearchLimits?: TextSearchLimits;
  /** Limits per session and address of the costly calls (default CALL_LIMITS; tests choose). */
  callLimits?: Partial<Record<CallName, CallLimit>>;
  /** Calls one caller may have in flight at once (default IN_FLIGHT_LIMITS; tests choose). */
  inFlightLimits?: Partial<Record<CallName, InFlightLimit>>;
  /**
   * How many heavy calls (HEAVY_CALLS) this instance runs at once and lets wait (decision 0064);
   * default one fewer than the cores (at least one) running, 32 waiting; null: no such cap (tests).
   */
  heavyCalls?: Partial<Omit<CapacityOptions, 'maxWaitMs'>> | null;
  /** Check every answer against its contract schema (tests). */
  checkResponses?: boolean;
  /** The database pool's state, for /metrics (db/dialect.ts); absent or null without a pool. */
  databasePool?: () => PoolState | null;
  /** Builds Excel workbooks; main.ts hands in a worker thread, tests build inline. */
  buildWorkbook?: (input: WorkbookInput) => Promise<Buffer>;
  /** Image search: main.ts hands in worker threads for its CPU work, tests run it inline. */
  imageWork?: ImageWorkers;
  /** How often the catalogue is looked at for new, changed and removed pictures (default 60 s; 0: only when asked). */
  imageScanEveryMs?: number;
  /** Pictures a photo search re-ranks (IMAGE_SEARCH_SHORTLIST); default the engine's. */
  imageSearchShortlist?: number;
  /** How often what is no longer needed is deleted (default an hour, first at start; 0: only when asked). */
  housekeepingEveryMs?: number;
  /** Draws proforma invoices: main.ts hands in a worker thread, tests draw inline. */
  renderProforma?: ProformaRenderer;
  /** Reads an import's spreadsheets, zips and pictures: main.ts hands in a worker thread, tests read inline. */
  importWork?: ImportWorker;
  /** Where an import keeps its zips while it reads them (default: the system's temporary folder). */
  importWorkDir?: string;
  /** Tests: the calls in hand an import's rows give way to (default: this app's requests being answered). */
  importCallsInHand?: () => number;
  /** Tests: how long an import's row gives way at most (default PACE_LIMITS). */
  importPace?: PaceLimits;
  /**
   * Tests: false has the import's pictures handed back and stored here, as with S3, though the
   * storage is the local disk, whose files the import's worker otherwise writes itself (decision 0080).
   */
  importWorkerWritesPictures?: boolean;
  /** Tests: called between storing an import row's product and marking the row done. */
  afterImportRowStored?: (jobId: number, line: number) => void | Promise<void>;
  /** Replaces the proforma invoices altogether (tests: a renderer that is always busy). */
  proforma?: ProformaPort;
  /** Draws linesheets: main.ts hands in a worker thread, tests draw inline. */
  renderLinesheet?: LinesheetRenderer;
  /** The most products in one linesheet (default LINESHEET_MAX_PRODUCTS; tests lower it). */
  linesheetMaxProducts?: number;
  /** Linesheets drawn at once before one more is answered -429 (default 2; tests choose). */
  linesheetMaxPending?: number;
  /** Hears every drop of a company's catalogue caches (tests count them). */
  onCatalogueChange?: (companyId: number) => void;
  /** Hears every committed change of a quotation or order, besides the bus (tests). */
  onOrderChange?: (change: OrderChange) => void;
  /** Chat fan-out and other events between instances: in-process by default, Redis when configured. */
  bus?: Bus;
  /** Signs chat signatures (32+ bytes); every instance must share it. Absent: one for this process. */
  chatSecret?: Buffer;
  /** How often chat connections are checked for silence and expired signatures (default 10 s; 0: when asked). */
  chatSweepEveryMs?: number;
  /** Offline chat mail: SMTP when configured; absent: kept and counted (KeptMailer). */
  mailer?: Mailer;
  /** How often unanswered and unread conversations are mailed about (default a minute; 0: when asked). */
  chatMailEveryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Mails offline buyers and staff about unread chat messages (decision 0037). */
    chatMail: Periodic;
    /** The chat socket's connections on this instance, and their check (tests call it). */
    chatSocket: ReturnType<typeof registerChatSocket>;
    /** Deletes ended sessions, old wrong logins, image-search photos past their week, used credentials. */
    housekeeping: Periodic;
    // --- issue 18 (analytics) ---
    /** Buyers' searches waiting to be written (tests flush it). */
    searchLog: SearchLog;
    // --- end issue 18 (analytics) ---
  }
}

/** Builds the whole server; it never listens (main.ts does), so tests can inject requests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.logLevel ?? 'info', deps.logStream),
    trustProxy: deps.trustProxy ?? false,
    return503OnClosing: true,
  });

  await app.register(compress, { threshold: 1024 });
  await registerSecurityHeaders(app);
  // Frames over the contract's limit are answered with a clear error; this only bounds memory.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  const bus = deps.bus ?? new InProcessBus((err) => app.log.error({ err }, 'bus subscriber failed'));
  // A bus the app made is the app's to close; one handed in is its owner's.
  if (!deps.bus) app.addHook('onClose', () => bus.close());
  const signingSecret = deps.chatSecret ?? randomBytes(32);
  const chatSigner = createChatSigner(signingSecret, deps.clock);
  // Proforma download links are signed with a key of their own, derived from the secret every
  // instance shares, so a link made on one instance is good on another (decision 0041).
  const proformaLinks = createProformaLinks(
    createHmac('sha256', signingSecret).update('vitrine proforma links').digest(),
    deps.clock,
  );
  // Linesheet links likewise, with a key of their own: a link of one kind never opens the other.
  const linesheetLinks = createPdfLinks(linkKey(signingSecret, 'vitrine linesheet links'), deps.clock);

  const uploads = createUploadsService({
    repo: createUploadsRepository(deps.db),
    storage: deps.storage,
    clock: deps.clock,
  });
  // Staff pictures (logos, backgrounds, avatars) are the company's own uploads, checked by content.
  const isCompanyPicture = async (url: string, companyId: number) =>
    (await uploads.readUploadedImage(url, { companyId, purpose: 'site' })).ok;
  const site = createSiteService({
    repo: createSiteRepository(deps.db),
    clock: deps.clock,
    defaultSite: deps.defaultSite,
    cacheMs: deps.websiteCacheMs ?? 2000,
    isCompanyPicture,
  });
  // Revoked sessions are told on the bus; every instance's chat socket lets go of theirs.
  const sessionsEnded = sessionsEndedNotifier(bus, (err) =>
    app.log.error({ err }, 'publishing a session end failed'),
  );
  const staff = createStaffService({
    repo: createStaffRepository(deps.db),
    clock: deps.clock,
    sessionsEnded,
  });

  // --- issue 18 (analytics) ---
  // Buyers' searches are kept in memory and written in batches, never on the search's way (decision 0058).
  const searchLog = createSearchLog({
    db: deps.db,
    clock: deps.clock,
    onError: (err, dropped) => app.log.warn({ err, dropped }, 'search log: entries not written'),
  });
  app.decorate('searchLog', searchLog);
  // After the API stops answering: what waits is written before the database closes.
  app.addHook('onClose', () => searchLog.flush());
  const staffAnalytics = createStaffAnalyticsService(createStaffAnalyticsRepository(deps.db), deps.clock);
  // --- end issue 18 (analytics) ---

  const catalog = createCatalogService({
    repo: createCatalogRepository(deps.db, deps.textSearchLimits),
    storage: deps.storage,
    clock: deps.clock,
    countCacheMs: deps.countCacheMs ?? 30_000,
    searchLog: searchLog.record,
  });
  // The cart and the sample records show products as the catalogue shapes them.
  const cards = async (...args: Parameters<typeof catalog.byIds>) => {
    const r = await catalog.byIds(...args);
    return r.ok ? r.data : [];
  };

  // Jobs in hand of the queues /metrics shows: workbooks waiting for their worker thread,
  // uploads being decoded and re-encoded before they are stored, and image searches' work
  // (describing a query, re-ranking a shortlist) waiting for or running in its threads.
  const exportJobs = inFlight();
  const uploadJobs = inFlight();
  const searchJobs = inFlight();
  // The heavy calls this instance runs at once, whoever sends them (decision 0064).
  const heavyCalls =
    deps.heavyCalls === null
      ? null
      : capacity({
          running: deps.heavyCalls?.running ?? defaultHeavyCalls().running,
          waiting: deps.heavyCalls?.waiting ?? defaultHeavyCalls().waiting,
          maxWaitMs: HEAVY_CALL_MAX_WAIT_MS,
        });
  const cart = createCartService({ repo: createCartRepository(deps.db), clock: deps.clock, cards });
  const samples = createSamplesService({
    repo: createSamplesRepository(deps.db),
    clock: deps.clock,
    cards,
    storage: deps.storage,
    buildWorkbook: exportJobs.track(deps.buildWorkbook ?? buildWorkbook),
    // A customer's cart export reads the server cart, not what the browser sends.
    customerCart: cart.lineInputs,
  });
  const chatRepo = createChatRepository(deps.db);
  const chat = createChatService({
    repo: chatRepo,
    clock: deps.clock,
    bus,
    signer: chatSigner,
    // Beside a conversation, staff see the buyer's cart and sample lists as those modules show them.
    context: {
      cart: async (owner, siteInfo, lang) => {
        const r = await cart.list(owner, siteInfo, lang);
        if (!r.ok) throw new Error(r.tip);
        return r.data;
      },
      samples: async (owner, siteInfo) => {
        const r = await samples.list({ ...owner, visitorKey: null }, 1, 10, siteInfo);
        return r.ok ? r.data.list : [];
      },
    },
    // A chat file is the company's own im upload, wherever uploadKey files it.
    isChatFile: (url, companyId) => uploads.isOwnUpload(url, { companyId, purpose: 'im' }),
    isPicture: (url) => deps.storage.keyOfUrl(url) !== null || /^\/(?!\/)/.test(url),
    onPublishError: (err) => app.log.error({ err }, 'chat: publishing failed'),
    onBatchError: (err, size) =>
      app.log.warn({ err, size }, 'chat: a batch of messages failed; writing them one by one'),
  });
  const auth = createAuthService({
    repo: createAuthRepository(deps.db),
    clock: deps.clock,
    websiteInfo: site.websiteInfo,
    // A visitor's key is kept at login when records belong to it (decision 0028).
    visitorKeyInUse: samples.visitorKeyInUse,
    chatSignature: chat.signatureFor,
    sessionsEnded,
  });

  // Where the local disk keeps files, absolute: the workers that read and write pictures there
  // themselves (decision 0080) run in processes of their own.
  const localFilesRoot = deps.storage instanceof LocalDiskStorage ? resolve(deps.storage.root) : undefined;
  // Pictures are indexed in the background from the moment the app is ready; start-up never waits.
  const imageWork = deps.imageWork ?? INLINE_IMAGE_WORK;
  const queryWork = searchJobs.track(rememberingVocabularies(imageWork.query)) as ImageWork;
  const imageIndex = createImageIndexer({
    repo: createImageSearchRepository(deps.db),
    storage: deps.storage,
    filesRoot: localFilesRoot,
    clock: deps.clock,
    work: rememberingVocabularies(imageWork.indexing),
    queryWork,
    log: app.log,
    scanEveryMs: deps.imageScanEveryMs ?? 60_000,
    shortlist: deps.imageSearchShortlist,
    background: withoutWaitingForDisk,
  });
  app.decorate('imageIndex', imageIndex);
  app.addHook('onReady', async () => {
    imageIndex.start();
    // A thread of its own loads OpenCV now rather than on the first search (inline work loads it when needed).
    // Sent together, the warm jobs go one to each thread of the query pool.
    const work = deps.imageWork;
    for (let i = 0; work && i < (work.queryThreads ?? 1); i++)
      void work.query({ kind: 'warm' }).catch(() => undefined);
  });
  app.addHook('onClose', () => imageIndex.stop());
  const imageSearch = createImageSearchService({
    index: imageIndex,
    readUploadedImage: uploads.readUploadedImage,
    // A product taken off the showroom (decision 0050) stays indexed, so putting it back needs no
    // re-indexing, but is never offered to a buyer as a match or a similar product.
    cards: async (ids, site, lang) => {
      const r = await catalog.byIds(ids, site, lang, { shownOnly: true });
      return r.ok ? r.data : [];
    },
    catalogueSimilar: async (...args: Parameters<typeof catalog.similarTo>) => {
      const r = await catalog.similarTo(...args);
      return r.ok ? r.data : [];
    },
    work: queryWork,
    searchLog: searchLog.record,
  });

  // A change of the catalogue in the console reaches buyers at once: the company's list totals
  // and keyword filters held in memory are dropped, here and, through the bus, on every other
  // instance (decisions 0057, 0076).
  const catalogueChanges = await shareCatalogueChanges(
    bus,
    randomBytes(8).toString('hex'),
    (companyId) => catalog.forget(companyId),
    (err) => app.log.warn({ err }, 'catalogue: a change was not told to the other instances'),
  );
  app.addHook('onClose', () => catalogueChanges.stop().catch(() => undefined));
  const catalogueChanged = (companyId: number) => {
    catalog.forget(companyId);
    catalogueChanges.tell(companyId);
    deps.onCatalogueChange?.(companyId);
  };
  const productSearch = createTextSearch(deps.db, deps.textSearchLimits);
  const staffProductDeps: Omit<StaffProductsDeps, 'changed'> = {
    repo: createStaffProductsRepository(deps.db, productSearch),
    clock: deps.clock,
    storage: deps.storage,
    prepareText: (keyword, companyId) => productSearch.prepare(keyword, companyId),
    // Product pictures come through the staff's upload credential (purpose site) and are
    // re-encoded here too: a storage that takes uploads directly (S3) never re-encoded them.
    async readPicture(url, companyId) {
      const read = await uploads.readUploadedImage(url, { companyId, purpose: 'site' });
      if (!read.ok) return { ok: false };
      const clean = await reencodeImage(read.bytes, UPLOAD_LIMITS.site);
      return clean.ok
        ? { ok: true, bytes: clean.bytes, type: clean.type, width: clean.width, height: clean.height }
        : { ok: false };
    },
    async readModel(url, companyId) {
      const read = await uploads.readUploadedModel(url, companyId);
      return read.ok ? { ok: true } : { ok: false, reason: read.reason };
    },
    makeVariants: (key, made) =>
      made ? storePictureVariants(deps.storage, key, made) : makePictureVariants(deps.storage, key),
    indexPictures: () => imageIndex.refresh(),
  };
  const staffProducts = createStaffProductsService({ ...staffProductDeps, changed: catalogueChanged });

  // Issue 18 item 3: categories, banners, news, showrooms and booths kept in the console (decision 0057).
  const content = createContentService({
    repo: createContentRepository(deps.db),
    clock: deps.clock,
    storage: deps.storage,
    keepPicture: staffProducts.keepPicture,
    // Buyers' reads of these tables go to the database each time but for the catalogue's totals.
    changed: catalogueChanged,
  });
  // Calls being answered now (received, their response not yet closed): an import's rows give way
  // to them (decision 0070). 'close' comes for every response, sent or cut off. Only the /api's
  // calls count: a chat socket or a file being downloaded is "in hand" for minutes.
  let callsInHand = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (!givesWayTo(request.method, request.url)) return;
    callsInHand++;
    reply.raw.once('close', () => callsInHand--);
  });
  // The catalogue import stores its rows through the console's own product calls (decision 0055).
  const imports = createImportService({
    repo: createImportRepository(deps.db),
    clock: deps.clock,
    storage: deps.storage,
    work: deps.importWork ?? inlineImportWork,
    // The same product calls, but telling no change per row: buyers' lists would miss their
    // cached totals for the whole run. The run tells it once, when it ends (decision 0076).
    products: createStaffProductsService({ ...staffProductDeps, changed: () => undefined }),
    changed: catalogueChanged,
    uploadOwner,
    pictureLimits: IMPORT_PICTURE_LIMITS,
    pictureFilesRoot: deps.importWorkerWritesPictures === false ? undefined : localFilesRoot,
    translator: (lang) => consoleTranslator(lang === 'zh' ? LANGUAGES[0] : LANGUAGES[1]),
    indexPictures: () => imageIndex.refresh(),
    log: app.log,
    workDir: deps.importWorkDir ?? join(tmpdir(), 'vitrine-import'),
    afterRowStored: deps.afterImportRowStored,
    background: withoutWaitingForDisk,
    callsInHand: deps.importCallsInHand ?? (() => callsInHand),
    pace: deps.importPace,
  });
  // An import whose instance stopped mid-run (a crash, a deploy) is resumed at start.
  app.addHook('onReady', async () => {
    void imports.resumeAbandoned().catch((err: unknown) => app.log.error({ err }, 'import: resuming failed'));
  });
  app.addHook('onClose', () => imports.settled());

  const orders = createOrdersService({
    repo: createOrdersRepository(deps.db),
    clock: deps.clock,
    storage: deps.storage,
    readVoucher: async (url, companyId) => {
      const r = await uploads.readUploadedImage(url, { companyId, purpose: 'voucher' });
      return r.ok ? r : { ok: false, reason: r.reason };
    },
    readAnnex: uploads.readUploadedAnnex,
    proforma:
      deps.proforma ??
      createProformaPort({
        storage: deps.storage,
        links: proformaLinks,
        service: createProformaService({
          storage: deps.storage,
          clock: deps.clock,
          render: deps.renderProforma,
        }),
      }),
    // After each committed change: on the bus, so the sockets of every instance can say so (decision 0043).
    onChange: (change) => {
      deps.onOrderChange?.(change);
      const event: OrderChangedEvent = {
        orderId: change.orderId,
        customerId: change.customerId,
        status: change.status,
      };
      bus
        .publish(orderTopic(change.companyId), event)
        .catch((err: unknown) => app.log.error({ err }, 'orders: publishing a change failed'));
    },
  });

  // A PDF catalogue of a selection (decision 0061): the catalogue, cart and samples read through
  // their own services, so the linesheet shows products exactly as the showroom does.
  const linesheetRepo = createLinesheetRepository(deps.db);
  const linesheets = createLinesheetService({
    repo: linesheetRepo,
    storage: deps.storage,
    clock: deps.clock,
    links: linesheetLinks,
    render: deps.renderLinesheet,
    maxProducts: deps.linesheetMaxProducts,
    maxPending: deps.linesheetMaxPending,
    sources: {
      cards,
      async list(filter, limit, site, lang, t) {
        const r = await catalog.getList(
          { page: 1, page_size: limit, sort: 'default', ...filter },
          site,
          lang,
          t,
        );
        return r.ok ? { ok: true, data: { cards: r.data.list, total: r.data.total } } : r;
      },
      customerCart: async (buyer) => (await cart.lineInputs(buyer)).map((l) => l.id),
      buyerRecord: (buyer, id) =>
        buyer.customerId !== null
          ? samples.recordProducts({ ...buyer, customerId: buyer.customerId, visitorKey: null }, id)
          : buyer.visitorKey
            ? samples.recordProducts({ ...buyer, customerId: null, visitorKey: buyer.visitorKey }, id)
            : Promise.resolve(null),
      staffRecord: samples.staffRecordProducts,
    },
  });

  registerApi(
    app,
    {
      resolveWebsite: site.resolveWebsite,
      resolveSession: auth.resolveSession,
      resolveStaff: staff.resolveStaff,
      checkResponses: deps.checkResponses ?? false,
      overLimit: createCallLimiter({ db: deps.db, clock: deps.clock, limits: deps.callLimits }),
      enterInFlight: createInFlightLimiter(deps.inFlightLimits),
      enterHeavy: heavyCalls ? createHeavyCallGate(heavyCalls) : undefined,
    },
    collectHandlers([
      siteRoutes(site),
      authRoutes(auth),
      staffRoutes(staff),
      buyersRoutes(
        createBuyersService({
          repo: createBuyersRepository(deps.db),
          clock: deps.clock,
          isCompanyPicture,
          sessionsEnded,
        }),
      ),
      companyRoutes(createCompanyService(createCompanyRepository(deps.db))),
      newsRoutes(createNewsService(createNewsRepository(deps.db), deps.clock)),
      analyticsRoutes(createAnalyticsService(createAnalyticsRepository(deps.db), deps.clock)),
      // --- issue 18 (analytics) ---
      staffAnalyticsRoutes(staffAnalytics),
      // --- end issue 18 (analytics) ---
      catalogRoutes(catalog),
      staffProductsRoutes(staffProducts),
      contentRoutes(content),
      importRoutes(imports),
      cartRoutes(cart),
      samplesRoutes(samples),
      ordersRoutes(orders),
      uploadsRoutes(uploads),
      // get_toy_similar is image search's: visual first, topped up by the catalogue's rule.
      imageSearchRoutes(imageSearch),
      chatRoutes(chat),
      linesheetRoutes(linesheets),
    ]),
  );
  app.decorate(
    'chatSocket',
    registerChatSocket(app, {
      chat,
      bus,
      signer: chatSigner,
      clock: deps.clock,
      resolvers: {
        resolveWebsite: site.resolveWebsite,
        resolveSession: auth.resolveSession,
        resolveStaff: staff.resolveStaff,
      },
      sweepEveryMs: deps.chatSweepEveryMs,
    }),
  );

  // Each module deletes its own leftovers; the schedule is the app's. The first run is at start.
  const importRetention = createImportRetention({
    repo: createImportRetentionRepository(deps.db),
    storage: deps.storage,
    clock: deps.clock,
    importFolder: (companyId) => uploadFolder(companyId, 'import'),
  });
  const linesheetRetention = createLinesheetRetention({
    repo: linesheetRepo,
    storage: deps.storage,
    clock: deps.clock,
  });
  // Decision 0073: uploads of the other purposes that nothing came to name within a day.
  const uploadsRetention = createUploadsRetention({
    repo: createUploadsRetentionRepository(deps.db),
    storage: deps.storage,
    clock: deps.clock,
  });
  const housekeeping = runEvery(
    deps.housekeepingEveryMs ?? 3600_000,
    async () => {
      const purged = {
        ...(await auth.purge()),
        ...(await staff.purge()),
        ...(await uploads.purge()),
        // --- issue 18 (analytics) ---
        searchLogs: await staffAnalytics.purge(),
        // --- end issue 18 (analytics) ---
        // Decision 0068: finished imports and their uploads, linesheets nobody asked for in a day.
        ...(await importRetention.purge()),
        ...(await linesheetRetention.purge()),
        ...(await uploadsRetention.purge()),
        // A limit's window is a minute or so; an hour-old count limits nothing.
        rateLimits: await deleteHitsBefore(deps.db, deps.clock.now() - 3600_000),
      };
      app.log.info({ purged }, 'housekeeping');
    },
    (err) => app.log.error({ err }, 'housekeeping failed'),
  );
  app.decorate('housekeeping', housekeeping);
  const chatMail = createChatMail({
    repo: chatRepo,
    clock: deps.clock,
    mailer: deps.mailer ?? new KeptMailer(),
    websiteInfo: site.websiteInfo,
  });
  const chatMailing = runEvery(
    deps.chatMailEveryMs ?? 60_000,
    async () => {
      const sent = await chatMail.run();
      if (sent.buyers || sent.digests) app.log.info({ sent }, 'chat mail');
    },
    (err) => app.log.error({ err }, 'chat mail failed'),
  );
  app.decorate('chatMail', chatMailing);
  app.addHook('onReady', async () => chatMailing.start());
  app.addHook('onClose', () => chatMailing.stop());
  app.addHook('onReady', async () => housekeeping.start());
  app.addHook('onClose', () => housekeeping.stop());

  registerProformaDownload(app, { storage: deps.storage, links: proformaLinks });
  registerPdfDownload(app, {
    storage: deps.storage,
    links: linesheetLinks,
    path: LINESHEET_LINK_PATH,
    prefix: LINESHEET_PREFIX,
  });

  const openApi = buildOpenApiDocument();
  app.get('/api/docs.json', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(openApi),
  );
  registerHealth(app, { db: deps.db, imageIndexLoaded: imageIndex.loaded });
  registerMetrics(app, {
    token: deps.metricsToken,
    imageIndexSize: imageIndex.size,
    databasePool: deps.databasePool ?? (() => null),
    queues: {
      uploads: () => uploadJobs.count,
      exports: () => exportJobs.count,
      image_searches: () => searchJobs.count,
    },
    heavyCalls,
  });

  if (deps.storage instanceof LocalDiskStorage) {
    await app.register(fastifyStatic, {
      root: deps.storage.root,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      // Stored files never change under their key (a new picture gets a new key).
      maxAge: 7 * 24 * 3600 * 1000,
      immutable: true,
    });
    // What S3 does for a presigned POST, the server does for its own disk.
    registerLocalUploads(app, {
      storage: deps.storage,
      clock: deps.clock,
      claim: uploads.claim,
      prepare: uploadJobs.track(uploads.prepare),
      maxFileBytes: MAX_UPLOAD_BYTES,
    });
  }

  registerPictureVariants(app, deps.storage);

  const pages = { fileOrigins: deps.fileOrigins ?? [] };
  if (deps.staffRoot) await registerStaticStaff(app, deps.staffRoot, pages);
  if (deps.webRoot) await registerStaticWeb(app, deps.webRoot, pages);
  return app;
}

import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { buildOpenApiDocument } from '@vitrine/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/database';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createCartRepository } from './modules/cart/cart.repository';
import { cartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import type { TextSearchLimits } from './modules/catalog/text-search';
import { createBuyersRepository } from './modules/buyers/buyers.repository';
import { buyersRoutes } from './modules/buyers/buyers.routes';
import { createBuyersService } from './modules/buyers/buyers.service';
import { createCompanyRepository } from './modules/company/company.repository';
import { companyRoutes } from './modules/company/company.routes';
import { createCompanyService } from './modules/company/company.service';
import { createImageIndexer } from './modules/image-search/image-search.indexer';
import { createImageSearchRepository } from './modules/image-search/image-search.repository';
import { imageSearchRoutes } from './modules/image-search/image-search.routes';
import { createImageSearchService } from './modules/image-search/image-search.service';
import { INLINE_IMAGE_WORK, type ImageWorkers } from './modules/image-search/image-search.work';
import { createNewsRepository } from './modules/news/news.repository';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService, type OrderChange, type ProformaPort } from './modules/orders/orders.service';
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
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { createUploadsService, MAX_UPLOAD_BYTES } from './modules/uploads/uploads.service';
import { collectHandlers, registerApi } from './plugins/api';
import { registerLocalUploads } from './plugins/local-upload';
import { registerPictureVariants } from './plugins/picture-variants';
import { registerStaticStaff, registerStaticWeb } from './plugins/static-web';
import type { Clock } from './platform/clock';
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
  /** Folder of the built staff console, served under /staff/; absent: not served. */
  staffRoot?: string | undefined;
  logLevel?: string;
  trustProxy?: boolean;
  /** How long website settings are served from memory (default 2 s; tests choose). */
  websiteCacheMs?: number;
  /** How long list totals are served from memory (default 30 s; tests choose). */
  countCacheMs?: number;
  /** When a short keyword is searched at word starts, or not at all (decision 0021; tests lower them). */
  textSearchLimits?: TextSearchLimits;
  /** Check every answer against its contract schema (tests). */
  checkResponses?: boolean;
  /** Builds Excel workbooks; main.ts hands in a worker thread, tests build inline. */
  buildWorkbook?: (input: WorkbookInput) => Promise<Buffer>;
  /** Image search: main.ts hands in worker threads for its CPU work, tests run it inline. */
  imageWork?: ImageWorkers;
  /** How often the catalogue is looked at for new, changed and removed pictures (default 60 s; 0: only when asked). */
  imageScanEveryMs?: number;
  /** How often what is no longer needed is deleted (default an hour, first at start; 0: only when asked). */
  housekeepingEveryMs?: number;
  /** Makes proforma invoices (off the request thread); absent: the download says it is not available yet. */
  proforma?: ProformaPort;
  /** Hears every committed change of a quotation or order (the chat's bus, once it exists). */
  onOrderChange?: (change: OrderChange) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes ended sessions, old wrong logins, image-search photos past their week, used credentials. */
    housekeeping: Periodic;
  }
}

/** Builds the whole server; it never listens (main.ts does), so tests can inject requests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.logLevel ?? 'info' },
    trustProxy: deps.trustProxy ?? false,
    return503OnClosing: true,
  });

  await app.register(compress, { threshold: 1024 });

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
  const staff = createStaffService({ repo: createStaffRepository(deps.db), clock: deps.clock });

  const catalog = createCatalogService({
    repo: createCatalogRepository(deps.db, deps.textSearchLimits),
    storage: deps.storage,
    clock: deps.clock,
    countCacheMs: deps.countCacheMs ?? 30_000,
  });
  // The cart and the sample records show products as the catalogue shapes them.
  const cards = async (...args: Parameters<typeof catalog.byIds>) => {
    const r = await catalog.byIds(...args);
    return r.ok ? r.data : [];
  };

  const cart = createCartService({ repo: createCartRepository(deps.db), clock: deps.clock, cards });
  const samples = createSamplesService({
    repo: createSamplesRepository(deps.db),
    clock: deps.clock,
    cards,
    storage: deps.storage,
    buildWorkbook: deps.buildWorkbook ?? buildWorkbook,
    // A customer's cart export reads the server cart, not what the browser sends.
    customerCart: cart.lineInputs,
  });
  const auth = createAuthService({
    repo: createAuthRepository(deps.db),
    clock: deps.clock,
    websiteInfo: site.websiteInfo,
    // A visitor's key is kept at login when records belong to it (decision 0028).
    visitorKeyInUse: samples.visitorKeyInUse,
  });

  // Pictures are indexed in the background from the moment the app is ready; start-up never waits.
  const imageWork = deps.imageWork ?? INLINE_IMAGE_WORK;
  const imageIndex = createImageIndexer({
    repo: createImageSearchRepository(deps.db),
    storage: deps.storage,
    clock: deps.clock,
    work: imageWork.indexing,
    queryWork: imageWork.query,
    log: app.log,
    scanEveryMs: deps.imageScanEveryMs ?? 60_000,
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
    cards,
    catalogueSimilar: async (...args: Parameters<typeof catalog.similarTo>) => {
      const r = await catalog.similarTo(...args);
      return r.ok ? r.data : [];
    },
    work: imageWork.query,
  });

  const orders = createOrdersService({
    repo: createOrdersRepository(deps.db),
    clock: deps.clock,
    storage: deps.storage,
    readVoucher: async (url, companyId) => {
      const r = await uploads.readUploadedImage(url, { companyId, purpose: 'voucher' });
      return r.ok ? r : { ok: false, reason: r.reason };
    },
    readAnnex: uploads.readUploadedAnnex,
    proforma: deps.proforma,
    onChange: deps.onOrderChange,
  });

  registerApi(
    app,
    {
      resolveWebsite: site.resolveWebsite,
      resolveSession: auth.resolveSession,
      resolveStaff: staff.resolveStaff,
      checkResponses: deps.checkResponses ?? false,
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
        }),
      ),
      companyRoutes(createCompanyService(createCompanyRepository(deps.db))),
      newsRoutes(createNewsService(createNewsRepository(deps.db), deps.clock)),
      analyticsRoutes(createAnalyticsService(createAnalyticsRepository(deps.db), deps.clock)),
      catalogRoutes(catalog),
      cartRoutes(cart),
      samplesRoutes(samples),
      ordersRoutes(orders),
      uploadsRoutes(uploads),
      // get_toy_similar is image search's: visual first, topped up by the catalogue's rule.
      imageSearchRoutes(imageSearch),
    ]),
  );

  // Each module deletes its own leftovers; the schedule is the app's. The first run is at start.
  const housekeeping = runEvery(
    deps.housekeepingEveryMs ?? 3600_000,
    async () => {
      const purged = { ...(await auth.purge()), ...(await staff.purge()), ...(await uploads.purge()) };
      app.log.info({ purged }, 'housekeeping');
    },
    (err) => app.log.error({ err }, 'housekeeping failed'),
  );
  app.decorate('housekeeping', housekeeping);
  app.addHook('onReady', async () => housekeeping.start());
  app.addHook('onClose', () => housekeeping.stop());

  const openApi = buildOpenApiDocument();
  app.get('/api/docs.json', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(openApi),
  );
  app.get('/healthz', async () => ({ ok: true }));

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
      maxFileBytes: MAX_UPLOAD_BYTES,
    });
  }

  registerPictureVariants(app, deps.storage);

  if (deps.staffRoot) await registerStaticStaff(app, deps.staffRoot);
  if (deps.webRoot) await registerStaticWeb(app, deps.webRoot);
  return app;
}

import type { PaceLimits } from '../modules/catalog-import/import.pace';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHAT_SOCKET_PATH,
  type CallName,
  type CallResponse,
  type ClientFrameInput,
  type TempAuth,
} from '@vitrine/contract';
import type { CallLimit, InFlightLimit } from '../plugins/limits';
import type { LogStream } from '../plugins/logging';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import type { TextSearchLimits } from '../modules/catalog/text-search';
import { loadConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import { DEMO_CREDENTIALS, DEMO_STAFF, seedDemo } from '../db/seed/demo';
import { ManualClock } from '../platform/clock';
import type { LinesheetRenderer } from '../modules/linesheet/linesheet.service';
import type { ProformaPort } from '../modules/orders/orders.service';
import { LocalDiskStorage } from '../platform/storage';
import type { Bus } from '../platform/bus';
import type { Mailer } from '../platform/mailer';
import { chatClient } from './chat-client';
import { createTestDatabase } from './database';
import type { WorkbookInput } from '../modules/samples/samples.excel';

export interface Answer<T = unknown> {
  code: number;
  data: T;
  tip: string;
}

export interface CallOptions {
  website?: number | string;
  token?: string;
  headers?: Record<string, string>;
  /** The caller's address (throttling is per address). */
  ip?: string;
}

/** The configured PostgreSQL URL when the suite runs against PostgreSQL. */
export const testDatabaseUrl = (): string | undefined => loadConfig(process.env).databaseUrl;

export interface TestAppOptions {
  seed?: boolean;
  productsPerCompany?: number;
  /** Render product pictures (off by default: most tests need none, and rendering takes time). */
  pictures?: boolean;
  webRoot?: string;
  staffRoot?: string;
  websiteCacheMs?: number;
  countCacheMs?: number;
  textSearchLimits?: TextSearchLimits;
  /** Limits per session and address (plugins/limits.ts); none unless a test asks, as tests call from one address. */
  callLimits?: Partial<Record<CallName, CallLimit>>;
  /** Calls one caller may have in flight at once; none unless a test asks. */
  inFlightLimits?: Partial<Record<CallName, InFlightLimit>>;
  /** The heavy calls the app runs at once and lets wait (decision 0064); none unless a test asks. */
  heavyCalls?: { running: number; waiting: number };
  /** Capture the log (at info) instead of silencing it. */
  logStream?: LogStream;
  /** Serve /metrics behind this token. */
  metricsToken?: string;
  /** The chat's bus (default: in-process, the app's own). */
  bus?: Bus;
  /** Shared by twins (apps on one database), so a signature made by one is good on the other. */
  chatSecret?: Buffer;
  /** Where offline chat mail goes (default: kept and counted). */
  mailer?: Mailer;
  /** Builds the Excel workbooks (default: the app's own, inline). */
  buildWorkbook?: (input: WorkbookInput) => Promise<Buffer>;
  /** Replaces the proforma invoices (default: the app's own, drawn inline). */
  proforma?: ProformaPort;
  /** Called between storing an import row's product and marking the row done (a crash, in tests). */
  afterImportRowStored?: (jobId: number, line: number) => void | Promise<void>;
  /** The calls in hand an import's rows give way to (default: the app's own requests). */
  importCallsInHand?: () => number;
  /** How long an import's row gives way at most (default PACE_LIMITS). */
  importPace?: PaceLimits;
  /** false: the import's pictures come back as bytes and are stored by the app, as with S3. */
  importWorkerWritesPictures?: boolean;
  /** Hears every drop of a company's catalogue caches (tests count them). */
  onCatalogueChange?: (companyId: number) => void;
  /** Draws linesheets (default: the app's own, inline). */
  renderLinesheet?: LinesheetRenderer;
  /** The most products in one linesheet (default LINESHEET_MAX_PRODUCTS). */
  linesheetMaxProducts?: number;
  /** Linesheets drawn at once before one more is answered -429. */
  linesheetMaxPending?: number;
}

/** Boots the real app on a fresh database seeded with the demo companies (small catalogues, no pictures). */
export async function createTestApp(opts: TestAppOptions = {}) {
  const handle = await createTestDatabase(testDatabaseUrl());
  await migrateToLatest(handle.db);
  const clock = new ManualClock();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-test-'));
  const storage = new LocalDiskStorage(join(dataDir, 'files'));
  mkdirSync(storage.root, { recursive: true });
  if (opts.seed !== false) {
    await seedDemo(handle.db, storage, clock, {
      productsPerCompany: opts.productsPerCompany ?? 6,
      pictures: opts.pictures ?? false,
    });
  }
  const chatSecret = opts.chatSecret ?? randomBytes(32);
  const build = (bus: Bus | undefined) =>
    buildApp({
      db: handle.db,
      databasePool: handle.pool,
      clock,
      storage,
      bus,
      chatSecret,
      // Tests sweep chat connections when they mean to (app.chatSocket.sweep).
      chatSweepEveryMs: 0,
      mailer: opts.mailer,
      chatMailEveryMs: 0,
      proforma: opts.proforma,
      renderLinesheet: opts.renderLinesheet,
      linesheetMaxProducts: opts.linesheetMaxProducts,
      linesheetMaxPending: opts.linesheetMaxPending,
      buildWorkbook: opts.buildWorkbook,
      afterImportRowStored: opts.afterImportRowStored,
      importCallsInHand: opts.importCallsInHand,
      importPace: opts.importPace,
      importWorkerWritesPictures: opts.importWorkerWritesPictures,
      onCatalogueChange: opts.onCatalogueChange,
      importWorkDir: join(dataDir, 'import'),
      defaultSite: 'demo',
      logLevel: opts.logStream ? 'info' : 'silent',
      logStream: opts.logStream,
      metricsToken: opts.metricsToken,
      checkResponses: true,
      webRoot: opts.webRoot,
      staffRoot: opts.staffRoot,
      websiteCacheMs: opts.websiteCacheMs ?? 0,
      countCacheMs: opts.countCacheMs ?? 0,
      textSearchLimits: opts.textSearchLimits,
      callLimits: opts.callLimits ?? {},
      inFlightLimits: opts.inFlightLimits ?? {},
      heavyCalls: opts.heavyCalls ?? null,
      // Tests purge when they mean to (app.housekeeping.runNow), never behind another test's back.
      housekeepingEveryMs: 0,
    });
  const app: FastifyInstance = await build(opts.bus);
  /** Other instances of the app on the same database, as behind a load balancer. */
  const twins: FastifyInstance[] = [];

  async function call<N extends CallName>(
    name: N,
    body: unknown = {},
    o: CallOptions = {},
  ): Promise<Answer<CallResponse<N>>> {
    return raw<CallResponse<N>>(
      { method: 'POST', url: `/api/${name}`, payload: body as InjectOptions['payload'] },
      o,
    );
  }

  async function raw<T = unknown>(req: InjectOptions, o: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...(req.headers as Record<string, string>), ...o.headers };
    if (o.website !== undefined) headers['website-id'] = String(o.website);
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await app.inject({ ...req, headers, ...(o.ip ? { remoteAddress: o.ip } : {}) });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
    return res.json<Answer<T>>();
  }

  /** Website id of a demo site code. */
  async function siteId(site: 'demo' | 'demo2'): Promise<number> {
    const r = await call('get_website_info', { site });
    return r.data.id;
  }

  /** Logs in on a demo site as its visitor or customer; returns the token and website id. */
  async function login(site: 'demo' | 'demo2', as: 'visitor' | 'customer') {
    const website = await siteId(site);
    const creds = DEMO_CREDENTIALS.find((c) => c.site === site);
    const r = await call('login', {
      website_id: website,
      code: as === 'visitor' ? creds?.visitor : creds?.customer,
    });
    if (r.code !== 0) throw new Error(`login failed: ${r.tip}`);
    return { token: r.data.token, website, user: r.data.user };
  }

  /** What the browser does with an upload credential: its fields, then the file, as multipart/form-data. */
  async function upload(
    auth: TempAuth,
    file: Buffer,
    opts: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...auth.upload.fields, ...opts.fields })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(file)], { type: auth.content_type }), 'photo');
    const request = new Request('http://showroom/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'POST',
      url: auth.upload.url,
      headers: { 'content-type': request.headers.get('content-type') ?? '', ...opts.headers },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    return {
      status: res.statusCode,
      body: res.body ? (res.json() as { reason: string; tip: string }) : null,
    };
  }

  /** Logs a demo staff member into the console; returns the token and the website id. */
  async function staffLogin(site: 'demo' | 'demo2', role: 'owner' | 'sales' | 'service') {
    const website = await siteId(site);
    const member = DEMO_STAFF.find((m) => m.site === site && m.role === role);
    if (!member) throw new Error(`no demo ${role} on ${site}`);
    const r = await call('staff_login', { email: member.email, password: member.password }, { website });
    if (r.code !== 0) throw new Error(`staff login failed: ${r.tip}`);
    return { token: r.data.token, website, staff: r.data.staff };
  }

  /** A chat socket to an app (this one by default), already connected. */
  async function socket(on: FastifyInstance = app) {
    await on.ready();
    return chatClient(await on.injectWS(CHAT_SOCKET_PATH));
  }

  /** A customer's or staff member's chat socket, logged in (the `ready` frame taken). */
  async function chatAs(
    who: { token: string; website: number; sig: string },
    on: FastifyInstance = app,
    extra: Partial<Extract<ClientFrameInput, { type: 'login' }>> = {},
  ) {
    const client = await socket(on);
    client.send({ type: 'login', website_id: who.website, token: who.token, user_sig: who.sig, ...extra });
    const first = await Promise.race([client.next('ready'), client.next('error')]);
    if (first.type !== 'ready') throw new Error(`chat login refused: ${first.code} ${first.tip}`);
    return client;
  }

  return {
    app,
    db: handle.db,
    socket,
    chatAs,
    /** Another app instance on the same database and clock, with its own bus (e.g. Redis). */
    async twin(bus?: Bus) {
      const other = await build(bus);
      twins.push(other);
      return other;
    },
    dialect: handle.dialect,
    clock,
    storage,
    call,
    raw,
    siteId,
    login,
    staffLogin,
    upload,
    async close() {
      for (const other of twins) await other.close();
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import {
  type CallResult,
  ErrorCode,
  fail,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  type ImportJob,
  type ImportMapping,
  type ImportProblem,
  type ImportRow,
  type ImportStatus,
  type Language,
  LANGUAGES,
  ok,
  type ProductFields,
  productFields,
  type StaffProduct,
} from '@vitrine/contract';
import type { StaffTranslate } from '@vitrine/i18n/console';
import type { Clock } from '../../platform/clock';
import type { Logger, StaffCaller } from '../../platform/context';
import {
  type ImageCheckOptions,
  pictureKey,
  pictureSha,
  type StoredPictureFile,
} from '../../platform/image-content';
import type { Storage } from '../../platform/storage';
import { giveWay, PACE_LIMITS, type PaceLimits } from './import.pace';
import type { ImportJobRow, ImportRepository, ImportRowRow } from './import.repository';
import {
  type CheckedRow,
  type ExtractedPicture,
  guessMapping,
  type ImportWorker,
  type SheetType,
} from './import.work';

/**
 * The catalogue import (issue 18 item 2, decision 0055): a job per spreadsheet and its zips,
 * a dry run that stores the plan row by row, and a run in the background that stores each row
 * through the console's own product calls (decision 0050) and marks it done. A row is found
 * again by its number, so a run that stopped anywhere is resumed without doubling anything.
 */

/**
 * A picture read and re-encoded already, as the product calls take it: with its WebP widths, or
 * written to the local disk already with them by the worker (decision 0080).
 */
type ReadPicture = { ok: true; type: string; width: number; height: number } & (
  { bytes: Buffer; variants: readonly Uint8Array[] } | { stored: StoredPictureFile }
);

/**
 * The console's product calls (modules/catalog/staff-products.service.ts), as the import uses them:
 * its saves answer the product's id and stamp, never the product read back (decision 0081).
 */
export interface ProductsPort {
  get(input: { id: number }, c: StaffCaller, site: { money_unit: string }): Promise<CallResult<StaffProduct>>;
  store(
    input: { id?: number | undefined; updated_at?: number | undefined; product: ProductFields },
    c: StaffCaller,
    site: { money_unit: string },
  ): Promise<CallResult<{ id: number; updated_at: number }>>;
  storePictures(
    input: {
      id: number;
      updated_at: number;
      pictures: ({ picture_id: number } | { picture: ReadPicture })[];
    },
    c: StaffCaller,
  ): Promise<CallResult<{ id: number; updated_at: number }>>;
}

export interface ImportDeps {
  repo: ImportRepository;
  clock: Clock;
  storage: Pick<Storage, 'read' | 'put' | 'exists' | 'publicUrl' | 'keyOfUrl'>;
  /** The spreadsheet, zip and picture work: a worker thread (main.ts) or inline (tests). */
  work: ImportWorker;
  products: ProductsPort;
  /** Which company and purpose an upload's key belongs to (uploads.service uploadOwner). */
  uploadOwner(key: string): { companyId: number; purpose: string } | null;
  /** What a product picture must be (the staff's pictures' rules). */
  pictureLimits: ImageCheckOptions;
  /**
   * The local disk's storage root, when the storage is the local disk: the worker writes each
   * picture's files there itself (decision 0080). Without it the pictures come back as bytes.
   */
  pictureFilesRoot?: string;
  translator(lang: 'en' | 'zh'): StaffTranslate;
  /** Has the image index look at the new pictures now. */
  indexPictures(): Promise<void>;
  /**
   * The company's products changed: drop the caches in front of buyers' lists. Told once when a
   * run ends, however it ends, never per row: `products` does not tell it (decision 0076).
   */
  changed(companyId: number): void;
  log: Logger;
  /** Where the zips are kept on disk while a job reads them. */
  workDir: string;
  /** Rows stored per batch (default 20); the run yields to requests between rows. */
  batchSize?: number;
  /** How long a run holds its job without renewing (default 60 s). */
  leaseMs?: number;
  /**
   * Runs a job's run as background work: its commits need not wait for the disk, since a row
   * not marked done is stored again by its number (db/dialect withoutWaitingForDisk, decision 0070).
   */
  background?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Calls being answered now: a row waits for them, a bounded time (import.pace.ts, decision 0070). */
  callsInHand?: () => number;
  /** How long a row gives way at most (default PACE_LIMITS). */
  pace?: PaceLimits;
  /** Tests: called after a row's product is stored and before the row is marked done. */
  afterRowStored?: (jobId: number, line: number) => void | Promise<void>;
}

const json = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A picture of a row: which zip, which entry. */
interface PictureRef {
  zip: number;
  name: string;
}

const stem = (name: string) =>
  (name.split('/').pop() ?? name)
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .trim()
    .toLowerCase();

/**
 * Pictures by the names a row may give them: a picture's own stem (`QA-1.jpg` → `qa-1`), a
 * numbered stem (`QA-1_2.jpg`, `QA-1-2.jpg`, `QA-1 (2).jpg` → `qa-1`, second), a folder
 * (`QA-1/front.jpg` → `qa-1`).
 */
export function pictureIndex(zips: { entries: { name: string }[] }[]) {
  const exact = new Map<string, PictureRef[]>();
  const grouped = new Map<string, { ref: PictureRef; order: number }[]>();
  zips.forEach((z, zip) => {
    for (const { name } of z.entries) {
      const ref = { zip, name };
      const s = stem(name);
      exact.set(s, [...(exact.get(s) ?? []), ref]);
      // A separator before the number: `qa-10` is its own picture, not `qa-1`'s tenth.
      const numbered = /^(.*?)(?:[\s_-]+|\s*[(（])(\d{1,2})[)）]?$/.exec(s);
      if (numbered?.[1] && numbered[1] !== s)
        grouped.set(numbered[1], [...(grouped.get(numbered[1]) ?? []), { ref, order: Number(numbered[2]) }]);
      const parts = name.split('/');
      const folder = parts.length > 1 ? (parts[parts.length - 2] ?? '').trim().toLowerCase() : '';
      if (folder) grouped.set(folder, [...(grouped.get(folder) ?? []), { ref, order: 100 + s.length }]);
    }
  });
  return (keys: string[]): PictureRef[] => {
    const out: PictureRef[] = [];
    const seen = new Set<string>();
    const add = (r: PictureRef) => {
      const id = `${r.zip}/${r.name}`;
      if (!seen.has(id)) {
        seen.add(id);
        out.push(r);
      }
    };
    for (const key of keys.map((k) => stem(k)).filter(Boolean)) {
      for (const r of exact.get(key) ?? []) add(r);
      for (const g of [...(grouped.get(key) ?? [])].sort(
        (a, b) => a.order - b.order || a.ref.name.localeCompare(b.ref.name),
      ))
        add(g.ref);
    }
    return out;
  };
}

/** The product a row makes: what it had (or the defaults), with the row's cells over it. */
function merged(base: ProductFields | null, fields: Record<string, unknown>) {
  const start: Record<string, unknown> = base ? structuredClone(base) : { names: {}, packing: {} };
  for (const [path, value] of Object.entries(fields)) {
    const [head, lang] = path.split('.');
    if (lang && head) (start[head] as Record<string, unknown>)[lang] = value;
    else if (head) start[head] = value;
  }
  return productFields.safeParse(start);
}

export function createImportService(deps: ImportDeps) {
  const { repo, clock, storage, work } = deps;
  const batchSize = deps.batchSize ?? 20;
  const leaseMs = deps.leaseMs ?? 60_000;
  /** Jobs this instance is running (a second start of one is a no-op). */
  const running = new Map<number, Promise<void>>();
  let templateKey: Promise<string> | null = null;

  const view = (j: ImportJobRow): ImportJob => {
    const sheet = json<{ headers: string[]; preview: string[][] }>(j.headers, { headers: [], preview: [] });
    return {
      id: Number(j.id),
      status: j.status as ImportStatus,
      file_name: j.sheet_name,
      sheet_type: j.sheet_type as SheetType,
      headers: sheet.headers,
      preview: sheet.preview,
      mapping: json<ImportMapping>(j.mapping, {}),
      file_problems: json<ImportProblem[]>(j.file_errors, []),
      rows_total: Number(j.rows_total),
      rows_done: Number(j.rows_done),
      to_create: Number(j.to_create),
      to_update: Number(j.to_update),
      created: Number(j.created_count),
      updated: Number(j.updated_count),
      errors: Number(j.error_count),
      pictures_total: Number(j.pictures_total),
      pictures_done: Number(j.pictures_done),
      created_at: Number(j.created_at),
      updated_at: Number(j.updated_at),
      finished_at: j.finished_at === null ? null : Number(j.finished_at),
    };
  };

  const rowView = (r: ImportRowRow): ImportRow => {
    const fields = json<Record<string, unknown>>(r.fields, {});
    return {
      line: Number(r.line),
      status: r.status as ImportRow['status'],
      action: (r.action || '') as ImportRow['action'],
      toy_number: r.toy_number,
      article_number: r.article_number,
      name: String(fields['names.en'] ?? fields['names.zh'] ?? ''),
      pictures: json<PictureRef[]>(r.pictures, []).length,
      product_id: r.product_id === null ? null : Number(r.product_id),
      problems: json<ImportProblem[]>(r.errors, []),
    };
  };

  /** The key of the company's own import upload behind a URL; null for anything else. */
  const ownImportFile = (url: string, companyId: number) => {
    const key = storage.keyOfUrl(url);
    const owner = key ? deps.uploadOwner(key) : null;
    return key && owner?.companyId === companyId && owner.purpose === 'import' ? key : null;
  };

  const zipPath = (jobId: number, n: number) => join(deps.workDir, `import-${jobId}-${n}.zip`);

  /** The job's zips on local disk, where the worker reads entries at random. */
  async function zipsOnDisk(job: ImportJobRow): Promise<(string | null)[]> {
    await mkdir(deps.workDir, { recursive: true });
    const keys = json<string[]>(job.zip_keys, []);
    const paths: (string | null)[] = [];
    for (const [n, key] of keys.entries()) {
      const path = zipPath(Number(job.id), n);
      const bytes = await storage.read(key);
      if (!bytes) {
        paths.push(null);
        continue;
      }
      await writeFile(path, bytes);
      paths.push(path);
    }
    return paths;
  }

  async function dropZips(job: ImportJobRow) {
    const keys = json<string[]>(job.zip_keys, []);
    for (const n of keys.keys()) {
      const path = zipPath(Number(job.id), n);
      await work({ kind: 'close', path }).catch(() => undefined);
      await rm(path, { force: true });
    }
  }

  async function readRows(job: ImportJobRow) {
    const bytes = await storage.read(job.sheet_key);
    if (!bytes) return { ok: false as const, code: 'sheet_unreadable' as const };
    return work({ kind: 'sheet', bytes, type: job.sheet_type as SheetType });
  }

  /** A caller for the run: the staff member who started it, as the audit log names them. */
  async function callerOf(job: ImportJobRow): Promise<StaffCaller | null> {
    const member = await repo.staffMember(Number(job.company_id), Number(job.staff_id));
    if (!member || (member.role !== 'owner' && member.role !== 'sales')) return null;
    return {
      ip: 'import',
      userAgent: `import #${job.id}`,
      staff: {
        sessionId: 0,
        staffId: Number(member.id),
        companyId: Number(job.company_id),
        role: member.role,
        name: member.name,
        email: member.email ?? '',
        expiresAt: 0,
      },
      t: deps.translator(job.lang === 'zh' ? 'zh' : 'en'),
    };
  }

  /** Stores one row: its product by number (updated or created), then its pictures. */
  async function storeRow(
    job: ImportJobRow,
    row: ImportRowRow,
    c: StaffCaller,
    pictures: Map<string, ExtractedPicture>,
  ) {
    const companyId = Number(job.company_id);
    const site = { money_unit: job.money_unit };
    const problems = json<ImportProblem[]>(row.errors, []);
    const fields = json<Record<string, unknown>>(row.fields, {});
    const column = row.toy_number ? 'toy_number' : 'article_number';
    const number = row.toy_number || row.article_number;
    const found = (await repo.productsByNumber(companyId, column, [number])).get(number);
    let current: StaffProduct | null = null;
    if (found) {
      const got = await deps.products.get({ id: found.id }, c, site);
      current = got.ok ? got.data : null;
    }
    const fail = async (problem: ImportProblem) => {
      await repo.transaction(async (r) => {
        if (
          await r.finishRow(Number(job.id), Number(row.line), {
            status: 'error',
            errors: JSON.stringify([...problems, problem]),
          })
        )
          await r.count(Number(job.id), { rows_done: 1, error_count: 1 }, clock.now());
      });
    };
    const product = merged(current, fields);
    if (!product.success) {
      const issue = product.error.issues[0];
      const path = issue?.path.join('.') ?? '';
      const code =
        path === 'names.en' ? 'name_required' : path === 'net_weight' ? 'net_over_gross' : 'save_refused';
      return fail({ code, column: path.replace('names.', 'name_'), value: issue?.message ?? '' });
    }
    const saved = await deps.products.store(
      current
        ? { id: current.id, updated_at: current.updated_at, product: product.data }
        : { product: product.data },
      c,
      site,
    );
    if (!saved.ok) return fail({ code: 'save_refused', column: '', value: saved.tip });
    let stored = saved.data;
    // Pictures: those that read as pictures replace the product's, unless they are the same.
    const refs = json<PictureRef[]>(row.pictures, []);
    const good: ReadPicture[] = [];
    for (const ref of refs) {
      const p = pictures.get(`${ref.zip}/${ref.name}`);
      if (p?.ok) {
        const read = { ok: true, type: p.type, width: p.width, height: p.height } as const;
        good.push(
          'stored' in p
            ? { ...read, stored: p.stored }
            : {
                ...read,
                bytes: Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.byteLength),
                variants: p.variants,
              },
        );
      } else
        problems.push({
          code: p?.code ?? 'picture_missing',
          column: 'pictures',
          value: ref.name.slice(0, 100),
        });
    }
    if (good.length > 0) {
      // A product made just now has no pictures to compare with.
      const had = current ? await repo.pictureKeys(companyId, stored.id) : [];
      const wanted = good.map((p) =>
        pictureKey(companyId, 'stored' in p ? p.stored.sha256 : pictureSha(p.bytes), p.type),
      );
      if (had.join('\n') !== wanted.join('\n')) {
        const set = await deps.products.storePictures(
          { id: stored.id, updated_at: stored.updated_at, pictures: good.map((picture) => ({ picture })) },
          c,
        );
        if (set.ok) stored = set.data;
        else problems.push({ code: 'save_refused', column: 'pictures', value: set.tip });
      }
    }
    await deps.afterRowStored?.(Number(job.id), Number(row.line));
    // A row planned as new that finds its product made it on an earlier, interrupted pass.
    const action = !current || row.action === 'create' ? 'create' : 'update';
    await repo.transaction(async (r) => {
      const marked = await r.finishRow(Number(job.id), Number(row.line), {
        status: 'done',
        action,
        product_id: stored.id,
        errors: JSON.stringify(problems),
      });
      if (marked)
        await r.count(
          Number(job.id),
          {
            rows_done: 1,
            [action === 'create' ? 'created_count' : 'updated_count']: 1,
            pictures_done: good.length,
          },
          clock.now(),
        );
    });
  }

  /** Runs a job from its first row not done until none is left; the lease is renewed per batch. */
  async function runJob(jobId: number, companyId: number): Promise<void> {
    let job = await repo.job(companyId, jobId);
    if (!job) return;
    const c = await callerOf(job);
    if (!c) {
      // A run resumed here may follow rows stored by an instance that stopped: counted now.
      deps.changed(companyId);
      await repo.updateJob(jobId, { status: 'failed', lease_until: 0, updated_at: clock.now() });
      return;
    }
    const zips = await zipsOnDisk(job);
    const stored = job;
    /** A batch's pictures, read, re-encoded and given their widths in the worker, zip by zip. */
    const picturesOf = async (rows: ImportRowRow[]) => {
      const pictures = new Map<string, ExtractedPicture>();
      const wanted = new Map<number, string[]>();
      for (const r of rows)
        for (const ref of json<PictureRef[]>(r.pictures, []))
          wanted.set(ref.zip, [...(wanted.get(ref.zip) ?? []), ref.name]);
      for (const [zip, names] of wanted) {
        const path = zips[zip];
        if (!path) continue;
        const files = deps.pictureFilesRoot ? { root: deps.pictureFilesRoot, companyId } : undefined;
        for (const p of await work({ kind: 'pictures', path, names, limits: deps.pictureLimits, files }))
          pictures.set(`${zip}/${p.name}`, p);
      }
      return pictures;
    };
    // The worker reads the next batch's pictures while this thread stores the batch before it,
    // so neither waits for the other (decision 0067).
    let rows = await repo.pendingRows(jobId, batchSize);
    let pictures = picturesOf(rows);
    while (rows.length > 0) {
      await repo.renew(jobId, clock.now(), clock.now() + leaseMs);
      const nextRows = await repo.pendingRows(jobId, batchSize, Number(rows[rows.length - 1]?.line));
      const nextPictures = picturesOf(nextRows);
      // Should this batch fail, the next one's reading must not end as an unhandled rejection.
      nextPictures.catch(() => undefined);
      const ready = await pictures;
      for (const row of rows) {
        if (deps.callsInHand)
          await giveWay(
            { callsInHand: deps.callsInHand, now: () => performance.now(), sleep: (ms) => sleep(ms) },
            deps.pace ?? PACE_LIMITS,
          );
        await storeRow(stored, row, c, ready);
        await yieldToRequests();
      }
      // New pictures are described in the background, batch by batch.
      void deps.indexPictures().catch(() => undefined);
      rows = nextRows;
      pictures = nextPictures;
    }
    job = (await repo.job(companyId, jobId)) ?? job;
    // Before staff see it done, so that what they then see on the showroom is counted.
    deps.changed(companyId);
    await repo.updateJob(jobId, {
      status: 'done',
      lease_until: 0,
      finished_at: clock.now(),
      updated_at: clock.now(),
    });
    await dropZips(job);
  }

  /** Starts a job's run in this instance unless it runs here already; failures are logged. */
  function start(jobId: number, companyId: number) {
    if (running.has(jobId)) return;
    const background = deps.background ?? ((work) => work());
    const run = background(() => runJob(jobId, companyId))
      .catch((err: unknown) => {
        // The rows stored before it stopped are counted at once, not when the resumed run ends.
        deps.changed(companyId);
        // The lease runs out and the job is resumed (at the next start, or when staff run it again).
        deps.log.error({ err, jobId }, 'import: the run stopped');
      })
      .finally(() => running.delete(jobId));
    running.set(jobId, run);
  }

  return {
    /** The template workbook, made once per process and kept in storage by its content. */
    async template(_c: StaffCaller) {
      templateKey ??= (async () => {
        const bytes = Buffer.from(await work({ kind: 'template' }));
        const sha = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
        const key = `import/template-${sha}.xlsx`;
        if (!(await storage.exists(key)))
          await storage.put(key, bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        return key;
      })().catch((e: unknown) => {
        templateKey = null;
        throw e;
      });
      return ok({ url: storage.publicUrl(await templateKey), file_name: 'vitrine-import-template.xlsx' });
    },

    async create(
      input: { sheet_url: string; zip_urls: string[]; file_name: string },
      c: StaffCaller,
      site: { money_unit: string },
      lang: Language,
    ): Promise<CallResult<ImportJob>> {
      const companyId = c.staff.companyId;
      const sheetKey = ownImportFile(input.sheet_url, companyId);
      const type = sheetKey?.endsWith('.xlsx') ? 'xlsx' : sheetKey?.endsWith('.csv') ? 'csv' : null;
      if (!sheetKey || !type) return fail(ErrorCode.BAD_REQUEST, c.t('server.import.notYourFile'));
      const zipKeys = input.zip_urls.map((u) => ownImportFile(u, companyId));
      if (zipKeys.some((k) => !k?.endsWith('.zip')))
        return fail(ErrorCode.BAD_REQUEST, c.t('server.import.notYourFile'));
      const now = clock.now();
      const read = await readRows({ sheet_key: sheetKey, sheet_type: type } as ImportJobRow);
      const headers = read.ok ? read.headers : [];
      const id = await repo.transaction(async (r) => {
        const jobId = await r.createJob({
          company_id: companyId,
          staff_id: c.staff.staffId,
          status: read.ok ? 'new' : 'failed',
          sheet_key: sheetKey,
          sheet_name: input.file_name || (sheetKey.split('/').pop() ?? ''),
          sheet_type: type,
          money_unit: site.money_unit,
          lang: lang.key === 'zh' ? 'zh' : 'en',
          zip_keys: JSON.stringify(zipKeys),
          headers: JSON.stringify({
            headers,
            preview: read.ok ? read.rows.slice(0, IMPORT_LIMITS.PREVIEW_ROWS) : [],
          }),
          mapping: JSON.stringify(read.ok ? guessMapping(headers) : {}),
          file_errors: JSON.stringify(
            read.ok ? [] : [{ code: read.code, column: 'sheet', value: read.value ?? '' }],
          ),
          to_create: 0,
          to_update: 0,
          rows_total: 0,
          rows_done: 0,
          created_count: 0,
          updated_count: 0,
          error_count: 0,
          pictures_total: 0,
          pictures_done: 0,
          lease_until: 0,
          created_at: now,
          updated_at: now,
          finished_at: null,
        });
        await r.audit({
          companyId,
          staffId: c.staff.staffId,
          staffName: c.staff.name,
          action: 'staff_create_import',
          target: `import:${jobId}`,
          after: { sheet: sheetKey, zips: zipKeys },
          ip: c.ip,
          at: now,
        });
        return jobId;
      });
      const job = await repo.job(companyId, id);
      return job ? ok(view(job)) : fail(ErrorCode.FAILED, c.t('server.notFound'));
    },

    /**
     * The dry run: every row read with the mapping, pictures matched, each row planned as a
     * create or an update by its number, or refused with its problems. Nothing but the plan is
     * stored; checking again replaces it.
     */
    async check(
      input: { id: number; mapping: ImportMapping },
      c: StaffCaller,
    ): Promise<CallResult<ImportJob>> {
      const companyId = c.staff.companyId;
      let job = await repo.job(companyId, input.id);
      if (!job) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      if (job.status !== 'new' && job.status !== 'checked')
        return fail(ErrorCode.FAILED, c.t('server.import.notCheckable'));
      const headers = json<{ headers: string[] }>(job.headers, { headers: [] }).headers;
      const known = new Set(IMPORT_COLUMNS.map((col) => col.key));
      if (Object.entries(input.mapping).some(([k, i]) => !known.has(k) || i >= headers.length))
        return fail(ErrorCode.BAD_REQUEST, c.t('server.import.badMapping'));
      const now = clock.now();
      const fileProblems: ImportProblem[] = [];
      if (input.mapping.toy_number === undefined && input.mapping.article_number === undefined)
        fileProblems.push({ code: 'no_number_column', column: 'toy_number', value: '' });
      if (LANGUAGES.every((l) => input.mapping[`name_${l.key}`] === undefined))
        fileProblems.push({ code: 'no_name_column', column: 'name_en', value: '' });
      const read = await readRows(job);
      if (!read.ok) fileProblems.push({ code: read.code, column: 'sheet', value: read.value ?? '' });
      const [categories, factories] = await Promise.all([
        repo.categories(companyId),
        repo.factories(companyId),
      ]);
      const rows: CheckedRow[] =
        read.ok && !fileProblems.some((p) => p.code === 'no_number_column')
          ? await work({
              kind: 'check',
              input: {
                rows: read.rows,
                mapping: input.mapping,
                moneyUnit: job.money_unit,
                categories: categories.map((k) => ({
                  id: Number(k.id),
                  names: LANGUAGES.map((l) =>
                    String((k as unknown as Record<string, unknown>)[`name${l.suffix}`] ?? ''),
                  ),
                })),
                factories: factories.map((f) => ({ id: Number(f.id), names: [f.name, f.name_en ?? ''] })),
              },
            })
          : [];
      // The zips: each listed (nothing inflated); a bomb or a broken zip is refused whole.
      const paths = await zipsOnDisk(job);
      const listings: { entries: { name: string }[] }[] = [];
      const zipNames = json<string[]>(job.zip_keys, []).map((k) => k.split('/').pop() ?? k);
      for (const [n, path] of paths.entries()) {
        const listing = path
          ? await work({ kind: 'zip', path })
          : ({ ok: false, code: 'zip_unreadable' } as const);
        if (!listing.ok) {
          fileProblems.push({ code: listing.code, column: `zip ${n + 1}`, value: zipNames[n] ?? '' });
          listings.push({ entries: [] });
        } else {
          fileProblems.push(...listing.problems.map((p) => ({ ...p, column: `zip ${n + 1}` })));
          listings.push(listing);
        }
      }
      const find = pictureIndex(listings);
      const toy = await repo.productsByNumber(
        companyId,
        'toy_number',
        rows.filter((r) => r.toyNumber).map((r) => r.toyNumber),
      );
      const article = await repo.productsByNumber(
        companyId,
        'article_number',
        rows.filter((r) => !r.toyNumber && r.articleNumber).map((r) => r.articleNumber),
      );
      const used = new Set<string>();
      let toCreate = 0;
      let toUpdate = 0;
      let errors = 0;
      let pending = 0;
      let picturesTotal = 0;
      const planned = rows.map((r) => {
        const problems = [...r.problems];
        const exists = r.toyNumber ? toy.has(r.toyNumber) : article.has(r.articleNumber);
        if (!r.empty && !exists && !r.hasName)
          problems.push({ code: 'name_required', column: 'name_en', value: '' });
        const keys = [...r.pictureNames, r.toyNumber, r.articleNumber].filter(Boolean);
        let refs = r.empty ? [] : find(keys);
        for (const name of r.pictureNames) {
          if (find([name]).length === 0)
            problems.push({ code: 'picture_missing', column: 'pictures', value: name.slice(0, 100) });
        }
        if (refs.length > 20) {
          problems.push({ code: 'too_many_pictures', column: 'pictures', value: String(refs.length) });
          refs = refs.slice(0, 20);
        }
        const refused = problems.some((p) => p.code !== 'picture_missing' && p.code !== 'too_many_pictures');
        const status = r.empty ? 'skipped' : refused ? 'error' : 'pending';
        if (status === 'pending') {
          pending++;
          if (exists) toUpdate++;
          else toCreate++;
          picturesTotal += refs.length;
          for (const ref of refs) used.add(`${ref.zip}/${ref.name}`);
        } else if (status === 'error') errors++;
        return {
          job_id: Number(job?.id),
          company_id: companyId,
          line: r.line,
          status,
          action: status === 'pending' ? (exists ? 'update' : 'create') : '',
          toy_number: r.toyNumber,
          article_number: r.articleNumber,
          fields: JSON.stringify(r.fields),
          pictures: JSON.stringify(status === 'pending' ? refs : []),
          errors: JSON.stringify(problems),
          product_id: null,
        };
      });
      // A picture that is no picture (or whose header is broken) is named on its row now, not
      // only by the run, and left out of the plan: the row's product is stored without it.
      const byZip = new Map<number, string[]>();
      for (const id of used) {
        const slash = id.indexOf('/');
        const zip = Number(id.slice(0, slash));
        byZip.set(zip, [...(byZip.get(zip) ?? []), id.slice(slash + 1)]);
      }
      const notPictures = new Set<string>();
      for (const [zip, names] of byZip) {
        const path = paths[zip];
        if (path)
          for (const name of await work({ kind: 'sniff', path, names })) notPictures.add(`${zip}/${name}`);
      }
      if (notPictures.size > 0)
        for (const row of planned) {
          const refs = json<PictureRef[]>(row.pictures, []);
          const bad = refs.filter((ref) => notPictures.has(`${ref.zip}/${ref.name}`));
          if (bad.length === 0) continue;
          row.pictures = JSON.stringify(refs.filter((ref) => !bad.includes(ref)));
          row.errors = JSON.stringify([
            ...json<ImportProblem[]>(row.errors, []),
            ...bad.map((ref) => ({
              code: 'picture_not_image' as const,
              column: 'pictures',
              value: ref.name.slice(0, 100),
            })),
          ]);
          picturesTotal -= bad.length;
        }
      // Pictures no row took: likely a misnamed file, which the exporter wants to hear about.
      const unmatched = listings.flatMap((l, zip) =>
        l.entries.filter((e) => !used.has(`${zip}/${e.name}`)).map((e) => e.name),
      );
      for (const name of unmatched.slice(0, 200))
        fileProblems.push({ code: 'picture_unmatched', column: 'zip', value: name.slice(0, 100) });
      await repo.transaction(async (r) => {
        await r.audit({
          companyId,
          staffId: c.staff.staffId,
          staffName: c.staff.name,
          action: 'staff_check_import',
          target: `import:${input.id}`,
          before: { mapping: json<ImportMapping>(job?.mapping ?? '{}', {}) },
          after: { mapping: input.mapping, to_create: toCreate, to_update: toUpdate, refused: errors },
          ip: c.ip,
          at: now,
        });
        await r.replaceRows(Number(job?.id), planned);
        await r.updateJob(input.id, {
          status: 'checked',
          mapping: JSON.stringify(input.mapping),
          file_errors: JSON.stringify(fileProblems),
          to_create: toCreate,
          to_update: toUpdate,
          rows_total: pending,
          rows_done: 0,
          created_count: 0,
          updated_count: 0,
          error_count: errors,
          pictures_total: picturesTotal,
          pictures_done: 0,
          updated_at: now,
        });
      });
      job = await repo.job(companyId, input.id);
      return job ? ok(view(job)) : fail(ErrorCode.FAILED, c.t('server.notFound'));
    },

    /** The real run, in the background; a job whose run stopped (its lease ran out) is resumed. */
    async run(input: { id: number }, c: StaffCaller): Promise<CallResult<ImportJob>> {
      const companyId = c.staff.companyId;
      const job = await repo.job(companyId, input.id);
      if (!job) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const fatal = json<ImportProblem[]>(job.file_errors, []).some((p) =>
        ['no_number_column', 'sheet_unreadable', 'sheet_empty', 'too_many_rows', 'too_many_columns'].includes(
          p.code,
        ),
      );
      if (job.status === 'new' || fatal) return fail(ErrorCode.FAILED, c.t('server.import.checkFirst'));
      const now = clock.now();
      if (await repo.lease(input.id, companyId, now, now + leaseMs)) {
        await repo.audit({
          companyId,
          staffId: c.staff.staffId,
          staffName: c.staff.name,
          action: 'staff_run_import',
          target: `import:${input.id}`,
          after: { rows: Number(job.rows_total), done: Number(job.rows_done) },
          ip: c.ip,
          at: now,
        });
        start(input.id, companyId);
      } else if (job.status !== 'running') return fail(ErrorCode.FAILED, c.t('server.import.notRunnable'));
      const after = await repo.job(companyId, input.id);
      return after ? ok(view(after)) : fail(ErrorCode.FAILED, c.t('server.notFound'));
    },

    async get(
      input: { id: number; page: number; page_size: number; only_problems: boolean },
      c: StaffCaller,
    ) {
      const job = await repo.job(c.staff.companyId, input.id);
      if (!job) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const { rows, total } = await repo.rows(
        Number(job.id),
        input.only_problems,
        input.page_size,
        (input.page - 1) * input.page_size,
      );
      return ok({ job: view(job), rows: rows.map(rowView), rows_matching: total });
    },

    async list(c: StaffCaller) {
      return ok({ list: (await repo.jobs(c.staff.companyId, 20)).map(view) });
    },

    /** Resumes the runs that stopped with their instance (called at start). */
    async resumeAbandoned(): Promise<number> {
      const jobs = await repo.abandoned(clock.now());
      for (const j of jobs) {
        if (await repo.lease(Number(j.id), Number(j.company_id), clock.now(), clock.now() + leaseMs))
          start(Number(j.id), Number(j.company_id));
      }
      return jobs.length;
    },

    /** Waits for this instance's runs (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...running.values()]);
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;

import { randomBytes } from 'node:crypto';
import {
  breakReached,
  type CallResponse,
  type CartLine,
  type CartLineInput,
  checkSampleForm,
  ErrorCode,
  isEnglishMode,
  type Language,
  LIMITS,
  cartLineOf,
  CUFT_PER_CBM,
  fillContainers,
  formatHsCode,
  type ProductCard,
  selectionTotals,
  siteMoney,
  type StaffSample,
  type WebsiteInfo,
} from '@vitrine/contract';
import type { Translate } from '@vitrine/i18n/all';
import sharp from 'sharp';
import type { z } from 'zod';
import type { addChooseRequest } from '@vitrine/contract';
import { type CallResult, fail, ok } from '@vitrine/contract';
import { staffAuditEntry } from '../../db/audit';
import type { Clock } from '../../platform/clock';
import type { StaffCaller } from '../../platform/context';
import type { Storage } from '../../platform/storage';
import type { WorkbookInput } from './samples.excel';
import type { InboxFilter, SampleOwner, SamplesRepository } from './samples.repository';

/** Products shaped for the website and language (the catalogue provides it; app.ts wires it). */
export type ProductCards = (ids: number[], site: WebsiteInfo, lang: Language) => Promise<ProductCard[]>;

export interface SamplesServiceDeps {
  repo: SamplesRepository;
  clock: Clock;
  cards: ProductCards;
  storage: Storage;
  /** Builds a workbook: in a worker thread in production, inline in tests. */
  buildWorkbook(input: WorkbookInput): Promise<Buffer>;
  /** A customer's server cart, as ids and cartons (the cart provides it; app.ts wires it). */
  customerCart(customer: CartCustomer): Promise<CartLineInput[]>;
}

/** A customer on one website of their company: whose server cart an export reads. */
export interface CartCustomer {
  companyId: number;
  websiteId: number;
  customerId: number;
}

/** How long an exported workbook can be downloaded. */
const EXPORT_TTL_MS = 3600 * 1000;
const EXPORTS = 'exports';
/** Pictures in a workbook: small JPEGs (Excel takes no WebP), made once beside the original. */
const THUMB_PX = 128;

type Row = NonNullable<Awaited<ReturnType<SamplesRepository['one']>>>;
type InboxRow = NonNullable<Awaited<ReturnType<SamplesRepository['inboxOne']>>>;

/**
 * The website as its exporter sees it: with prices, whatever the website shows buyers. A record
 * keeps the prices of its lines this way (the exporter quotes from them); buyers' views of it
 * hide them again while the website hides prices.
 */
const withPrices = (site: WebsiteInfo): WebsiteInfo => ({ ...site, show_price: 1 });

/** The lines a browser sent, one per product (the last number of cartons wins). */
function distinctLines(lines: readonly CartLineInput[]): CartLineInput[] {
  const byId = new Map<number, number>();
  for (const l of lines) byId.set(l.id, l.ctn);
  return [...byId].map(([id, ctn]) => ({ id, ctn }));
}

export function createSamplesService({
  repo,
  clock,
  cards,
  storage,
  buildWorkbook,
  customerCart,
}: SamplesServiceDeps) {
  function summary(r: Row, site: WebsiteInfo) {
    const cbm = Number(r.total_volume);
    const m = siteMoney(site);
    return {
      id: r.id,
      number: r.number,
      created_at: r.created_at,
      product_count: r.product_count,
      company_name: r.company_name,
      contact: r.contact,
      phone: r.phone,
      email: r.email,
      remark: r.remark,
      totals: {
        lines: r.product_count,
        ctn: r.total_ctn,
        price: site.show_price ? Number(r.total_price) : null,
        money_unit: m.money_unit,
        trade_term: m.trade_term,
        weight: Number(r.total_weight),
        cbm,
        cuft: Math.round(cbm * CUFT_PER_CBM * 100) / 100,
        containers: fillContainers(cbm),
      },
    };
  }

  /** A stored line as it was at submission; prices stay hidden if the website hides them now. */
  function storedLine(l: { ctn: number; snapshot: string }, addedAt: number, site: WebsiteInfo): CartLine {
    const snap = JSON.parse(l.snapshot) as ProductCard;
    const product = site.show_price ? snap : { ...snap, price: null };
    return cartLineOf(product, l.ctn, addedAt);
  }

  async function thumbnail(pictureUrl: string): Promise<Uint8Array | null> {
    const key = pictureUrl ? storage.keyOfUrl(pictureUrl) : null;
    if (!key) return null;
    const thumbKey = `${key}.xlsx${THUMB_PX}.jpg`;
    const kept = await storage.read(thumbKey);
    if (kept) return kept;
    const original = await storage.read(key);
    if (!original) return null;
    try {
      const jpeg = await sharp(original)
        .resize(THUMB_PX, THUMB_PX, { fit: 'contain', background: '#ffffff' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80 })
        .toBuffer();
      await storage.put(thumbKey, jpeg, 'image/jpeg');
      return jpeg;
    } catch {
      return null;
    }
  }

  /** Pictures for the rows, a few at a time (sharp works in its own threads). */
  async function thumbnails(urls: string[]): Promise<(Uint8Array | null)[]> {
    const unique = [...new Set(urls)];
    const made = new Map<string, Uint8Array | null>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < unique.length) {
          const url = unique[next++] as string;
          made.set(url, await thumbnail(url));
        }
      }),
    );
    return urls.map((u) => made.get(u) ?? null);
  }

  /** Removes workbooks past their hour; their folder names start with the time they were made. */
  async function sweepExports(): Promise<void> {
    const now = clock.now();
    for (const name of await storage.list(EXPORTS)) {
      const madeAt = Number(name.split('-')[0]);
      if (Number.isFinite(madeAt) && madeAt < now - EXPORT_TTL_MS)
        await storage.deletePrefix(`${EXPORTS}/${name}`);
    }
  }

  async function exportLines(
    lines: CartLine[],
    header: [string, string][],
    title: string,
    fileBase: string,
    site: WebsiteInfo,
    lang: Language,
    t: Translate,
  ): Promise<CallResult<CallResponse<'export_choose'>>> {
    const totals = selectionTotals(lines, siteMoney(site));
    const showPrice = !!site.show_price;
    const priceLabel = (label: string) =>
      [label, totals.trade_term, totals.money_unit].filter(Boolean).join(' ');
    const columns: WorkbookInput['columns'] = [
      { label: '#', width: 5 },
      { label: t('cart.export.picture'), width: 11 },
      { label: t('cart.export.number'), width: 14 },
      { label: t('cart.export.name'), width: 30 },
      { label: t('cart.export.packing'), width: 16 },
      { label: t('cart.export.cartonQuantity'), width: 11, decimals: 0 },
      { label: t('cart.export.cartonSize'), width: 16 },
      { label: t('cart.export.cartonCbm'), width: 11, decimals: 4 },
      { label: t('cart.export.grossWeight'), width: 11, decimals: 2 },
      { label: t('cart.export.netWeight'), width: 11, decimals: 2 },
      { label: t('cart.export.ctn'), width: 8, decimals: 0 },
      { label: t('cart.export.pieces'), width: 10, decimals: 0 },
      ...(showPrice
        ? [
            { label: priceLabel(t('cart.export.unitPrice')), width: 12, decimals: 2 },
            { label: priceLabel(t('cart.export.totalPrice')), width: 14, decimals: 2 },
          ]
        : []),
      { label: t('cart.export.totalWeight'), width: 12, decimals: 2 },
      { label: t('cart.export.totalCbm'), width: 12, decimals: 4 },
      { label: t('cart.export.totalCuft'), width: 12, decimals: 2 },
      // The ordering facts (decision 0059) come after the columns the workbook always had, so a
      // buyer's sheet that reads them by position keeps working (decision 0068).
      { label: t('cart.export.moq'), width: 11, decimals: 0 },
      ...(showPrice ? [{ label: t('cart.export.priceBreak'), width: 14, decimals: 0 }] : []),
      { label: t('cart.export.leadTime'), width: 12, decimals: 0 },
      { label: t('cart.export.hsCode'), width: 14 },
    ];
    const pictures = await thumbnails(lines.map((l) => l.product.picture));
    const rows = lines.map((l, i) => {
      const p = l.product;
      return {
        picture: pictures[i] ?? null,
        cells: [
          i + 1,
          null,
          p.number ?? '',
          p.is_expire ? `${p.name} (${t('cart.expired')})` : p.name,
          p.packing,
          p.carton_quantity,
          `${p.carton.length} × ${p.carton.width} × ${p.carton.height}`,
          p.carton.cbm,
          p.gross_weight,
          p.net_weight,
          l.ctn,
          l.pieces,
          ...(showPrice ? [l.unit_price, l.total_price] : []),
          l.total_weight,
          l.total_cbm,
          l.total_cuft,
          // Zero means "not given" for these facts: an empty cell, not a 0 that reads as a value.
          p.min_order_quantity || null,
          // The break the line's pieces reach, the one its unit price above comes from.
          ...(showPrice ? [breakReached(p.price_breaks, l.pieces)?.from ?? null] : []),
          p.lead_time_days || null,
          p.hs_code ? formatHsCode(p.hs_code) : '',
        ],
      };
    });
    const totalsRow = [
      t('cart.export.total'),
      null,
      null,
      t('cart.export.lines', { count: totals.lines }),
      null,
      null,
      null,
      null,
      null,
      null,
      totals.ctn,
      totals.pieces,
      ...(showPrice ? [null, totals.price] : []),
      totals.weight,
      totals.cbm,
      totals.cuft,
    ];
    const company = isEnglishMode(lang) ? site.company_name_en || site.company_name : site.company_name;
    // From a worker the bytes arrive as a plain Uint8Array.
    const buffer = Buffer.from(
      await buildWorkbook({
        title,
        header: [[t('cart.export.exporter'), company], ...header],
        columns,
        rows,
        totals: totalsRow,
        pictureColumn: 1,
        rightToLeft: lang.rtl,
      }),
    );

    await sweepExports().catch(() => {});
    const filename = `${fileBase.replace(/[^A-Za-z0-9._-]/g, '-')}.xlsx`;
    const key = `${EXPORTS}/${clock.now()}-${randomBytes(16).toString('hex')}/${filename}`;
    await storage.put(key, buffer, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return ok(
      { url: storage.publicUrl(key), filename, size: buffer.length, rows: rows.length },
      t('cart.exported'),
    );
  }

  async function currentLines(
    input: CartLineInput[],
    site: WebsiteInfo,
    lang: Language,
  ): Promise<CartLine[]> {
    const lines = distinctLines(input);
    const byId = new Map(
      (
        await cards(
          lines.map((l) => l.id),
          site,
          lang,
        )
      ).map((c) => [c.id, c]),
    );
    const now = clock.now();
    return lines.flatMap((l) => {
      const product = byId.get(l.id);
      return product ? [cartLineOf(product, l.ctn, now)] : [];
    });
  }

  /** A record's workbook: its lines as submitted, under its number, date and contact details. */
  async function exportRecordRow(r: Row, site: WebsiteInfo, lang: Language, t: Translate) {
    const stored = await repo.lines(site.company_id, r.id, LIMITS.CART_MAX_LINES, 0);
    const lines = stored.map((l) => storedLine(l, r.created_at, site));
    const header: [string, string][] = [
      [t('cart.export.record'), r.number],
      [
        t('cart.export.createdAt'),
        new Date(r.created_at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
      ],
      [t('cart.form.companyName'), r.company_name],
      [t('cart.form.contact'), r.contact],
      [t('cart.form.email'), r.email],
      [t('cart.form.phone'), r.phone],
      [t('cart.form.remark'), r.remark],
    ];
    return exportLines(lines, header, t('cart.export.recordTitle'), `sample-${r.number}`, site, lang, t);
  }

  const inboxItem = (r: InboxRow, site: WebsiteInfo): StaffSample => ({
    ...summary(r, site),
    status: r.seen_at === null ? 'new' : 'seen',
    seen_at: r.seen_at,
    customer_id: r.customer_id,
    customer_name: r.customer_name ?? '',
    lang: r.lang,
  });

  return {
    /** Whether a visitor key (its hash) owns records on a website: login keeps such a key. */
    visitorKeyInUse: (websiteId: number, keyHash: string) => repo.visitorKeyInUse(websiteId, keyHash),

    /** staff_list_samples: the company's submitted lists, newest first. */
    async inbox(
      input: InboxFilter & { page: number; page_size: number },
      site: WebsiteInfo,
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_list_samples'>>> {
      const { rows, total } = await repo.inbox(
        c.staff.companyId,
        input,
        input.page_size,
        (input.page - 1) * input.page_size,
      );
      const view = withPrices(site);
      return ok({
        list: rows.map((r) => inboxItem(r, view)),
        total,
        page: input.page,
        page_size: input.page_size,
      });
    },

    /** staff_get_sample: a list with its lines as submitted and its totals (prices shown). */
    async inboxDetail(
      id: number,
      site: WebsiteInfo,
      c: StaffCaller,
    ): Promise<CallResult<CallResponse<'staff_get_sample'>>> {
      const r = await repo.inboxOne(c.staff.companyId, id);
      if (!r) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const view = withPrices(site);
      const stored = await repo.lines(c.staff.companyId, r.id, LIMITS.CART_MAX_LINES, 0);
      const lines = stored.map((l) => storedLine(l, r.created_at, view));
      return ok({ sample: inboxItem(r, view), lines, totals: selectionTotals(lines, siteMoney(view)) });
    },

    /** staff_mark_sample_seen: the first time is recorded (and audited); later ones change nothing. */
    async markSeen(id: number, site: WebsiteInfo, c: StaffCaller): Promise<CallResult<StaffSample>> {
      const companyId = c.staff.companyId;
      return repo.transaction(async (r) => {
        const before = await r.inboxOne(companyId, id);
        if (!before) return fail(ErrorCode.FAILED, c.t('server.notFound'));
        const now = clock.now();
        if (await r.markSeen(companyId, id, c.staff.staffId, now))
          await r.audit(
            staffAuditEntry(
              c,
              now,
              'staff_mark_sample_seen',
              `sample:${id}`,
              { status: 'new' },
              { status: 'seen' },
            ),
          );
        const after = await r.inboxOne(companyId, id);
        if (!after) throw new Error('A sample list just marked could not be read back');
        return ok(inboxItem(after, withPrices(site)), c.t('server.markedSeen'));
      });
    },

    /** staff_export_sample: the workbook the buyer's own export makes, with prices. */
    async exportForStaff(id: number, site: WebsiteInfo, lang: Language, c: StaffCaller & { t: Translate }) {
      const r = await repo.inboxOne(c.staff.companyId, id);
      if (!r) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      return exportRecordRow(r, withPrices(site), lang, c.t);
    },

    /**
     * Records a submission. The form rules and the 1000 limit are checked here as in the
     * browser; products no longer offered (gone, or expired by the website's rule) are left
     * out and named in `skipped`, after the browser has asked 'continue submitting?'.
     */
    async submit(
      input: z.output<typeof addChooseRequest>,
      owner: SampleOwner,
      site: WebsiteInfo,
      lang: Language,
      t: Translate,
    ): Promise<CallResult<CallResponse<'add_choose'>>> {
      const problem = checkSampleForm(input)[0];
      if (problem) return fail(ErrorCode.FAILED, t(`cart.${problem.problem}`));

      const replay = await repo.byIdempotencyKey(site.company_id, input.idempotency_key);
      if (replay) {
        const same =
          replay.website_id === owner.websiteId &&
          replay.customer_id === owner.customerId &&
          (owner.customerId !== null || replay.visitor_key === owner.visitorKey);
        return same
          ? ok({ id: replay.id, number: replay.number, product_count: replay.product_count, skipped: [] })
          : fail(ErrorCode.FAILED, t('cart.submitConflict'));
      }

      const requested = distinctLines(input.lines);
      if (requested.length === 0) return fail(ErrorCode.FAILED, t('cart.empty'));
      if (requested.length > LIMITS.CART_MAX_LINES) return fail(ErrorCode.FAILED, t('cart.limit'));

      const all = await currentLines(requested, withPrices(site), lang);
      const lines = all.filter((l) => !l.product.is_expire);
      const kept = new Set(lines.map((l) => l.product.id));
      const skipped = requested.filter((l) => !kept.has(l.id)).map((l) => l.id);
      if (lines.length === 0) return fail(ErrorCode.FAILED, t('cart.nothingLeft'));

      const totals = selectionTotals(lines, siteMoney(withPrices(site)));
      const now = clock.now();
      const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
      const created = await repo.create(
        owner,
        {
          idempotency_key: input.idempotency_key,
          company_name: input.company_name.trim(),
          contact: input.contact.trim(),
          phone: input.phone.trim(),
          email: input.email.trim(),
          remark: input.remark.trim(),
          lang: lang.key,
          product_count: lines.length,
          total_ctn: totals.ctn,
          total_price: totals.price ?? 0,
          total_weight: totals.weight,
          total_volume: totals.cbm,
          created_at: now,
        },
        lines.map((l) => ({ productId: l.product.id, ctn: l.ctn, snapshot: JSON.stringify(l.product) })),
        // Numbered per company and day: S2026112600001 is the company's first record of the day.
        { sequence: `S${day}`, format: (n) => `S${day}${String(n).padStart(5, '0')}` },
      );
      return ok(
        {
          id: created.id,
          number: created.number,
          product_count: lines.length,
          skipped: created.created ? skipped : [],
        },
        t('cart.submitted'),
      );
    },

    async list(owner: SampleOwner, page: number, pageSize: number, site: WebsiteInfo) {
      const { rows, total } = await repo.list(owner, pageSize, (page - 1) * pageSize);
      return ok({ list: rows.map((r) => summary(r, site)), total, page, page_size: pageSize });
    },

    async detail(owner: SampleOwner, id: number, site: WebsiteInfo, t: Translate) {
      const r = await repo.one(owner, id);
      if (!r) return fail(ErrorCode.FAILED, t('cart.recordNotFound'));
      // The record stores no pieces total (records from before would lack it): summed from its
      // lines as submitted, each carton count times the pieces per carton it had then.
      const rows = await repo.lines(site.company_id, r.id, LIMITS.CART_MAX_LINES, 0);
      const stored = rows.map((l) => storedLine(l, r.created_at, site));
      const pieces = stored.reduce((sum, l) => sum + l.pieces, 0);
      const belowMoq = stored.filter((l) => l.below_moq).length;
      const s = summary(r, site);
      return ok({ ...s, totals: { ...s.totals, pieces, below_moq: belowMoq } });
    },

    async lines(
      owner: SampleOwner,
      input: { id: number; page: number; page_size: number },
      site: WebsiteInfo,
      t: Translate,
    ): Promise<CallResult<CallResponse<'get_choose_toy_list'>>> {
      const r = await repo.one(owner, input.id);
      if (!r) return fail(ErrorCode.FAILED, t('cart.recordNotFound'));
      const rows = await repo.lines(
        site.company_id,
        r.id,
        input.page_size,
        (input.page - 1) * input.page_size,
      );
      return ok({
        list: rows.map((l) => storedLine(l, r.created_at, site)),
        total: r.product_count,
        page: input.page,
        page_size: input.page_size,
      });
    },

    /**
     * The contact details to fill the form: the latest submission's, else, for a customer who
     * has submitted nothing yet, what the company knows of them (their name, email and phone;
     * a customer's company is not kept on the account, so it is left to type).
     */
    async lastContact(owner: SampleOwner) {
      const latest = await repo.latest(owner);
      if (latest) return ok(latest);
      if (owner.customerId === null) return ok(null);
      const known = await repo.customerContact(owner.companyId, owner.customerId);
      if (!known) return ok(null);
      return ok({ company_name: '', contact: known.customer_name, phone: known.phone, email: known.email });
    },

    async remove(owner: SampleOwner, ids: number[], t: Translate) {
      const deleted = await repo.softDelete(owner, [...new Set(ids)], clock.now());
      return deleted ? ok({ deleted }) : fail(ErrorCode.FAILED, t('cart.recordNotFound'));
    },

    /** The number and products of one of the owner's records, in the record's order; null when it is not theirs (a linesheet's). */
    async recordProducts(owner: SampleOwner, id: number): Promise<{ number: string; ids: number[] } | null> {
      const r = await repo.one(owner, id);
      if (!r) return null;
      const lines = await repo.lines(owner.companyId, r.id, LIMITS.CART_MAX_LINES, 0);
      return { number: r.number, ids: lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id])) };
    },

    /** The products of a record of the staff's company; null when it is another company's or none. */
    async staffRecordProducts(
      companyId: number,
      id: number,
    ): Promise<{ number: string; ids: number[] } | null> {
      const r = await repo.inboxOne(companyId, id);
      if (!r) return null;
      const lines = await repo.lines(companyId, r.id, LIMITS.CART_MAX_LINES, 0);
      return { number: r.number, ids: lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id])) };
    },

    async exportRecord(owner: SampleOwner, id: number, site: WebsiteInfo, lang: Language, t: Translate) {
      const r = await repo.one(owner, id);
      if (!r) return fail(ErrorCode.FAILED, t('cart.recordNotFound'));
      return exportRecordRow(r, site, lang, t);
    },

    /**
     * The cart's workbook: a customer's server cart (the lines sent are not read: the server's
     * are the cart), a visitor's lines as sent. Lines of no product of this website's catalogue
     * are left out, and a cart with none left is empty, never a workbook without rows.
     */
    async exportCart(
      sent: CartLineInput[],
      customer: CartCustomer | null,
      site: WebsiteInfo,
      lang: Language,
      t: Translate,
    ) {
      const input = customer ? await customerCart(customer) : sent;
      const lines = input.length ? await currentLines(input, site, lang) : [];
      if (lines.length === 0) return fail(ErrorCode.FAILED, t('cart.empty'));
      const day = new Date(clock.now()).toISOString().slice(0, 10);
      return exportLines(
        lines,
        [[t('cart.export.createdAt'), day]],
        t('cart.export.cartTitle'),
        `sample-cart-${day}`,
        site,
        lang,
        t,
      );
    },
  };
}

export type SamplesService = ReturnType<typeof createSamplesService>;

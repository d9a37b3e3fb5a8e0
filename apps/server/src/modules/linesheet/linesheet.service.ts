import { createHash } from 'node:crypto';
import {
  type CallResult,
  ErrorCode,
  fail,
  type LangKey,
  type Language,
  languageByKey,
  LINESHEET_MAX_PRODUCTS,
  type LinesheetResponse,
  type LinesheetSelection,
  minorUnitsOf,
  ok,
  type ProductCard,
  siteMoney,
  type StaffLinesheetSelection,
  toMinor,
  type WebsiteInfo,
} from '@vitrine/contract';
import type { MessageKey } from '@vitrine/i18n';
import type { Translate } from '@vitrine/i18n/all';
import type { Clock } from '../../platform/clock';
import {
  createPdfCache,
  loadPicture,
  loadPictures,
  PdfBusyError,
  type PictureSource,
  safeFileName,
  storedPicture,
} from '../../platform/pdf/cache';
import { documentLocale } from '../../platform/pdf/fonts';
import type { PdfLinks } from '../../platform/pdf/links';
import type { Storage } from '../../platform/storage';
import type { LinesheetDocument, LinesheetInput } from './linesheet.input';
import { LINESHEET_LABELS } from './linesheet.labels';
import { LINESHEET_PICTURE_PX, renderLinesheet } from './linesheet.render';
import type { LinesheetRepository } from './linesheet.repository';

/** Names the layout: a change to how linesheets look draws every one anew. */
export const LINESHEET_LAYOUT_VERSION = 'ls-1';
/** Where the PDFs live in storage: one folder per selection and language. */
export const LINESHEET_PREFIX = 'linesheet';
/** Where the signed links are served (platform/pdf/links.ts). */
export const LINESHEET_LINK_PATH = '/api/linesheet/';

export type LinesheetRenderer = (doc: LinesheetDocument) => Promise<Uint8Array>;

/** Whose records and cart a buyer's linesheet may read (the samples and cart modules' owners). */
export interface LinesheetBuyer {
  companyId: number;
  websiteId: number;
  /** Null for a visitor. */
  customerId: number | null;
  /** A visitor's key (the owner of their sample records); null for a customer or a visitor without one. */
  visitorKey: string | null;
  /** Names the buyer's cart linesheet in storage (u<customer> or s<session>). */
  cartRef: string;
}

/** What the linesheet reads from the other features, wired in app.ts (features never import each other). */
export interface LinesheetSources {
  /** Products by id as the catalogue shapes them for the website, in the order asked; others left out. */
  cards(ids: number[], site: WebsiteInfo, lang: Language): Promise<ProductCard[]>;
  /** A category's or a keyword's products (get_list's rules), the first `limit`, and how many there are. */
  list(
    filter: { category_id?: number; keyword?: string },
    limit: number,
    site: WebsiteInfo,
    lang: Language,
    t: Translate,
  ): Promise<CallResult<{ cards: ProductCard[]; total: number }>>;
  /** A customer's server cart: its product ids. */
  customerCart(buyer: LinesheetBuyer & { customerId: number }): Promise<number[]>;
  /** One of the buyer's sample records; null when it is not theirs. */
  buyerRecord(buyer: LinesheetBuyer, id: number): Promise<{ number: string; ids: number[] } | null>;
  /** A sample record of the staff's company; null when it is another company's. */
  staffRecord(companyId: number, id: number): Promise<{ number: string; ids: number[] } | null>;
}

export interface LinesheetServiceDeps {
  repo: LinesheetRepository;
  storage: Storage;
  clock: Clock;
  links: PdfLinks;
  sources: LinesheetSources;
  /** Defaults to drawing on this thread: main.ts passes the worker. */
  render?: LinesheetRenderer;
  /** Linesheets being drawn at once before one more is refused (-429). */
  maxPending?: number;
  /** The most products in one linesheet (tests lower it). */
  maxProducts?: number;
}

type Messages = 'api.linesheet' | 'server.linesheet';

const shortHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

export function createLinesheetService(deps: LinesheetServiceDeps) {
  const { repo, storage, clock, links, sources } = deps;
  const maxProducts = deps.maxProducts ?? LINESHEET_MAX_PRODUCTS;
  const cache = createPdfCache<LinesheetInput, LinesheetDocument>({
    storage,
    prefix: LINESHEET_PREFIX,
    layoutVersion: LINESHEET_LAYOUT_VERSION,
    render: deps.render ?? renderLinesheet,
    maxPending: deps.maxPending ?? 2,
    what: 'linesheets',
  });

  const say = (t: Translate, ns: Messages, key: string, vars?: Record<string, string | number>) =>
    t(`${ns}.${key}` as MessageKey, vars);

  /** A stored file's source at the print width, or null for a URL that is not this storage's. */
  const pictureOf = (url: string, width: number | null): PictureSource | null => {
    const key = url ? storage.keyOfUrl(url) : null;
    if (!key) return null;
    return width ? storedPicture(storage, key, width) : { id: key, load: () => storage.read(key) };
  };

  async function documentOf(input: LinesheetInput): Promise<LinesheetDocument> {
    const [logo, { indexes, pictures }] = await Promise.all([
      input.company.logo ? loadPicture(input.company.logo) : Promise.resolve(null),
      loadPictures(
        input.items.map((i) => i.picture),
        8,
      ),
    ]);
    return {
      ...input,
      company: { names: input.company.names, logo },
      items: input.items.map(({ picture: _p, ...rest }, i) => ({ ...rest, picture: indexes[i] ?? null })),
      pictures,
      createdAt: clock.now(),
    };
  }

  type Chosen = { cards: ProductCard[]; name: string; ref: string };

  /** Ids to cards, refusing more than the cap before anything is read. */
  async function byIds(
    ids: number[],
    site: WebsiteInfo,
    lang: Language,
    t: Translate,
    ns: Messages,
  ): Promise<CallResult<ProductCard[]>> {
    const unique = [...new Set(ids)];
    if (unique.length > maxProducts)
      return fail(ErrorCode.FAILED, say(t, ns, 'tooMany', { count: unique.length, max: maxProducts }));
    return ok(unique.length ? await sources.cards(unique, site, lang) : []);
  }

  async function listed(
    filter: { category_id?: number; keyword?: string },
    site: WebsiteInfo,
    lang: Language,
    t: Translate,
    ns: Messages,
  ): Promise<CallResult<ProductCard[]>> {
    const r = await sources.list(filter, maxProducts, site, lang, t);
    if (!r.ok) return r;
    if (r.data.total > maxProducts)
      return fail(ErrorCode.FAILED, say(t, ns, 'tooMany', { count: r.data.total, max: maxProducts }));
    return ok(r.data.cards);
  }

  async function choose(
    selection: LinesheetSelection | StaffLinesheetSelection,
    access: { buyer: LinesheetBuyer } | { staffCompanyId: number },
    site: WebsiteInfo,
    lang: Language,
    t: Translate,
    ns: Messages,
  ): Promise<CallResult<Chosen>> {
    // Staff are told as by every other staff call that names another company's row.
    const notFound = () =>
      fail(
        ErrorCode.FAILED,
        ns === 'server.linesheet' ? t('server.notFound' as MessageKey) : say(t, ns, 'notFound'),
      );
    const done = (r: CallResult<ProductCard[]>, name: string, ref: string): CallResult<Chosen> =>
      r.ok ? ok({ cards: r.data, name, ref }) : r;
    switch (selection.kind) {
      case 'cart': {
        if (!('buyer' in access)) return notFound();
        const { buyer } = access;
        const ids =
          buyer.customerId !== null
            ? await sources.customerCart({ ...buyer, customerId: buyer.customerId })
            : (selection.ids ?? []);
        return done(await byIds(ids, site, lang, t, ns), '', `cart-${buyer.cartRef}`);
      }
      case 'record': {
        const record =
          'buyer' in access
            ? await sources.buyerRecord(access.buyer, selection.id)
            : await sources.staffRecord(access.staffCompanyId, selection.id);
        if (!record) return notFound();
        return done(await byIds(record.ids, site, lang, t, ns), record.number, `record-${selection.id}`);
      }
      case 'category': {
        const c = await repo.category(site.company_id, selection.category_id, lang.suffix);
        if (!c) return notFound();
        const name = c.name_l.trim() || c.name_en.trim() || c.name;
        return done(
          await listed({ category_id: selection.category_id }, site, lang, t, ns),
          name,
          `category-${selection.category_id}`,
        );
      }
      case 'search':
        return done(
          await listed({ keyword: selection.keyword }, site, lang, t, ns),
          selection.keyword,
          `search-${shortHash(selection.keyword.toLowerCase())}`,
        );
      case 'products':
        return done(
          await byIds(selection.ids, site, lang, t, ns),
          '',
          `products-${shortHash(selection.ids.join(','))}`,
        );
    }
  }

  async function make(
    selection: LinesheetSelection | StaffLinesheetSelection,
    access: { buyer: LinesheetBuyer } | { staffCompanyId: number },
    site: WebsiteInfo,
    asked: LangKey,
    t: Translate,
    ns: Messages,
  ): Promise<CallResult<LinesheetResponse>> {
    // The language the embedded fonts print: names follow it too, so a Korean or Arabic buyer
    // gets a whole English document rather than English labels beside unprintable names.
    const language = documentLocale(asked, LINESHEET_LABELS).language;
    const lang = languageByKey(language) as Language;
    const chosen = await choose(selection, access, site, lang, t, ns);
    if (!chosen.ok) return chosen;
    const { cards, name } = chosen.data;
    if (cards.length === 0) return fail(ErrorCode.FAILED, say(t, ns, 'empty'));
    const inner = await repo.innerBoxes(
      site.company_id,
      cards.map((c) => c.id),
    );
    const currency = site.money_unit || 'USD';
    const chinese = language === 'zh';
    const names = [site.company_name, site.company_name_en];
    const input: LinesheetInput = {
      language,
      company: {
        names: [...new Set(chinese ? names : names.reverse())].filter(Boolean),
        logo: pictureOf(site.company_logo, null),
      },
      selection: { kind: selection.kind, name },
      date: new Date(clock.now()).toISOString().slice(0, 10),
      prices: site.show_price
        ? { currency, exponent: minorUnitsOf(currency), tradeTerm: siteMoney(site).trade_term }
        : null,
      items: cards.map((c) => ({
        number: c.number,
        name: c.name,
        packing: c.packing,
        cartonQuantity: c.carton_quantity,
        innerBoxes: inner.get(c.id) ?? 0,
        carton: { length: c.carton.length, width: c.carton.width, height: c.carton.height },
        cbm: c.carton.cbm,
        cuft: c.carton.cuft,
        grossWeight: c.gross_weight,
        netWeight: c.net_weight,
        // Never from a hidden price, whatever the card says.
        price: site.show_price && c.price !== null ? toMinor(c.price, currency) : null,
        picture: pictureOf(c.picture, LINESHEET_PICTURE_PX),
      })),
    };
    const ref = `c${site.company_id}-${chosen.data.ref}-${language}`;
    const fileName = safeFileName(
      ['linesheet', selection.kind, name, input.date].filter(Boolean).join('-'),
      'linesheet',
    );
    try {
      // Before the PDF is read or drawn: housekeeping never takes a folder it has no row for
      // as one being drawn (linesheet.retention.ts, decision 0068).
      await repo.touch(site.company_id, ref, clock.now());
      const file = await cache.get({ ref, input, fileName, prepare: documentOf });
      return ok({
        url: `${LINESHEET_LINK_PATH}${links.sign(file.key, file.fileName)}`,
        filename: file.fileName,
        size: file.bytes.length,
        products: cards.length,
        language,
      });
    } catch (e) {
      if (e instanceof PdfBusyError) return fail(ErrorCode.TOO_MANY_REQUESTS, say(t, ns, 'busy'));
      throw e;
    }
  }

  return {
    /** get_linesheet: the buyer's cart or record, a category or a search, in the request's language. */
    forBuyer(
      selection: LinesheetSelection,
      buyer: LinesheetBuyer,
      site: WebsiteInfo,
      lang: Language,
      t: Translate,
    ) {
      return make(selection, { buyer }, site, lang.key, t, 'api.linesheet');
    },
    /** staff_get_linesheet: the same of the staff's company, in the language chosen for the buyer. */
    forStaff(
      selection: StaffLinesheetSelection,
      language: LangKey,
      site: WebsiteInfo,
      staff: { companyId: number },
      t: Translate,
    ) {
      return make(selection, { staffCompanyId: staff.companyId }, site, language, t, 'server.linesheet');
    },
    /** Linesheets being drawn now. */
    pending: cache.pending,
  };
}

export type LinesheetService = ReturnType<typeof createLinesheetService>;

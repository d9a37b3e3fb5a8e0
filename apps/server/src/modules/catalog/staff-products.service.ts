import {
  type CallResponse,
  type CallResult,
  ErrorCode,
  fail,
  LANGUAGES,
  type Language,
  LANG_KEYS,
  type LangKey,
  minorUnitsOf,
  ok,
  PRODUCT_FLAG_FIELDS,
  type ProductFields,
  type ProductFlagField,
  type StaffProduct,
  type StaffProductRow,
  type StaffProductSort,
  type ProductFlagFilter,
} from '@vitrine/contract';
import { staffAuditEntry } from '../../db/audit';
import type { Clock } from '../../platform/clock';
import { pictureKey, pictureSha, type StoredPictureFile } from '../../platform/image-content';
import type { StaffCaller } from '../../platform/context';
import type { Storage } from '../../platform/storage';
import { FLAG_COLUMNS } from './catalog.repository';
import { parsePriceBreaks } from './catalog.service';
import {
  NAME_COLUMNS,
  onShowSignals,
  PACKING_COLUMNS,
  type ProductRow,
  type ProductValues,
  type StaffProductsRepository,
  takenOffSignals,
} from './staff-products.repository';
import { type Keyword, parseKeyword, type TextFilter } from './text-search';

/**
 * The console's catalogue (issue 18 item 1, decision 0050): products with every field of spec
 * section 3, their pictures, taking them off the showroom and putting them back, and actions on
 * a selection. Every write is audited in its own transaction; every read and write is scoped
 * to the caller's company.
 */

/** A picture as it arrives: checked, re-encoded, or refused (the uploads module reads it). */
export type ArrivingPicture =
  | ({ ok: true; type: string; width: number; height: number } & (
      | {
          bytes: Buffer;
          /** Its WebP widths made already, in PICTURE_WIDTHS' order (the catalogue import's worker). */
          variants?: readonly Uint8Array[];
        }
      | { stored: StoredPictureFile }
    ))
  | { ok: false };

export interface StaffProductsDeps {
  repo: StaffProductsRepository;
  clock: Clock;
  storage: Pick<Storage, 'put' | 'exists' | 'publicUrl'>;
  prepareText(keyword: Keyword, companyId: number): Promise<TextFilter | undefined>;
  /** The company's own upload behind a URL of staff_get_upload_credential, re-encoded; or refused. */
  readPicture(url: string, companyId: number): Promise<ArrivingPicture>;
  /**
   * A 3D model: the company's own upload behind a URL of staff_get_model_upload_credential,
   * checked as a GLB (decision 0060); or why not.
   */
  readModel(url: string, companyId: number): Promise<{ ok: true } | { ok: false; reason: ModelProblem }>;
  /** Makes the WebP widths of a stored picture, or stores those made already. */
  makeVariants(key: string, made?: readonly Uint8Array[]): Promise<void>;
  /** Has the image index look at the catalogue now (new pictures become searchable). */
  indexPictures(): Promise<void>;
  /**
   * The company's products changed in what buyers' lists count or a keyword finds: drop the
   * caches in front of those reads (the catalogue's totals and keyword filters), so the next
   * buyer's call is fresh (decision 0076). Told after the change is committed.
   */
  changed(companyId: number): void;
}

/** What a save changed, without the product read back: its id and its new updated_at. */
export interface ProductStamp {
  id: number;
  updated_at: number;
}

/** Why a 3D model was refused: a key of server.products.model.* */
export type ModelProblem =
  'notFound' | 'empty' | 'tooLarge' | 'notGlb' | 'wrongVersion' | 'badLength' | 'notGltf';

const texts = (row: ProductRow, columns: readonly string[]) =>
  Object.fromEntries(
    LANG_KEYS.map((k, i) => [k, String((row as unknown as Record<string, unknown>)[columns[i] ?? ''] ?? '')]),
  ) as Record<LangKey, string>;

const flagOf = (v: unknown): 0 | 1 => (Number(v) ? 1 : 0);

/** Ex-works prices are stored in major units with four decimals; the console speaks minor units. */
const toMinor = (price: unknown, exponent: number) => Math.round(Number(price) * 10 ** exponent);
const toMajor = (minor: number, exponent: number) => minor / 10 ** exponent;

/** What the audit log keeps of a product: its fields, as the console sends them. */
type ProductView = ProductFields & { taken_off_at: number | null };

class Refused extends Error {
  constructor(readonly result: CallResult<never>) {
    super('refused');
  }
}

export function createStaffProductsService(deps: StaffProductsDeps) {
  const { repo, clock, storage } = deps;
  const entry = (c: StaffCaller, action: string, target: string, before?: unknown, after?: unknown) =>
    staffAuditEntry(c, clock.now(), action, target, before, after);

  const view = (row: ProductRow, exponent: number): ProductView => ({
    category_id: row.category_id,
    factory_id: row.factory_id,
    toy_number: row.toy_number,
    article_number: row.article_number,
    company_number: row.company_number,
    factory_number: row.factory_number,
    names: texts(row, NAME_COLUMNS),
    packing: texts(row, PACKING_COLUMNS),
    purchase_number: Number(row.purchase_number),
    order_box_type: Number(row.order_box_type),
    price: toMinor(row.exworks_price, exponent),
    price_valid_until: row.price_valid_until === null ? null : Number(row.price_valid_until),
    stock_quantity: Number(row.stock_quantity),
    carton_quantity: Number(row.carton_quantity),
    inner_boxes: Number(row.inner_boxes),
    carton_length: Number(row.carton_length),
    carton_width: Number(row.carton_width),
    carton_height: Number(row.carton_height),
    pack_length: Number(row.pack_length),
    pack_width: Number(row.pack_width),
    pack_height: Number(row.pack_height),
    gross_weight: Number(row.gross_weight),
    net_weight: Number(row.net_weight),
    certification: row.certification,
    remark: row.remark,
    description: row.description,
    video_url: row.video_url,
    model_url: row.model_url,
    min_order_quantity: Number(row.min_order_quantity),
    price_breaks: parsePriceBreaks(row.price_breaks).map((b) => ({
      from: b.from,
      price: toMinor(b.price, exponent),
    })),
    lead_time_days: Number(row.lead_time_days),
    hs_code: row.hs_code,
    is_new: flagOf(row.is_new),
    is_recommend: flagOf(row.is_recommend),
    is_spot: flagOf(row.is_spot),
    is_gcc: flagOf(row.is_gcc),
    is_cash_sale: flagOf(row.is_cash_sale),
    is_3d: flagOf(row.is_3d),
    is_hot: flagOf(row.is_hot),
    taken_off_at: row.is_website_hide ? Number(row.removed_time ?? row.updated_at) : null,
  });

  const values = (p: ProductFields, exponent: number): ProductValues => {
    const v: Record<string, unknown> = {
      category_id: p.category_id,
      factory_id: p.factory_id,
      toy_number: p.toy_number,
      article_number: p.article_number,
      company_number: p.company_number,
      factory_number: p.factory_number,
      purchase_number: p.purchase_number,
      order_box_type: p.order_box_type,
      exworks_price: toMajor(p.price, exponent),
      price_valid_until: p.price_valid_until,
      stock_quantity: p.stock_quantity,
      carton_quantity: p.carton_quantity,
      inner_boxes: p.inner_boxes,
      carton_length: p.carton_length,
      carton_width: p.carton_width,
      carton_height: p.carton_height,
      pack_length: p.pack_length,
      pack_width: p.pack_width,
      pack_height: p.pack_height,
      gross_weight: p.gross_weight,
      net_weight: p.net_weight,
      certification: p.certification,
      remark: p.remark,
      description: p.description,
      video_url: p.video_url,
      model_url: p.model_url,
      min_order_quantity: p.min_order_quantity,
      // Kept as the buyers' side reads them (major units, ascending), so a list reads no join.
      price_breaks: JSON.stringify(
        [...p.price_breaks]
          .sort((a, b) => a.from - b.from)
          .map((b) => ({ from: b.from, price: toMajor(b.price, exponent) })),
      ),
      lead_time_days: p.lead_time_days,
      hs_code: p.hs_code,
      is_new: p.is_new,
      is_recommend: p.is_recommend,
      is_spot: p.is_spot,
      is_gcc: p.is_gcc,
      is_cash_sale: p.is_cash_sale,
      is_3d: p.is_3d,
      is_hot: p.is_hot,
    };
    LANG_KEYS.forEach((k, i) => {
      v[NAME_COLUMNS[i] ?? 'name'] = p.names[k];
      v[PACKING_COLUMNS[i] ?? 'packing'] = p.packing[k];
    });
    return v as ProductValues;
  };

  const currency = (moneyUnit: string) => ({
    money_unit: moneyUnit,
    price_exponent: minorUnitsOf(moneyUnit),
  });

  async function product(companyId: number, id: number, moneyUnit: string): Promise<StaffProduct | null> {
    const row = await repo.find(companyId, id);
    if (!row) return null;
    const pictures = await repo.pictures(companyId, [id]);
    const { price_exponent } = currency(moneyUnit);
    return {
      ...view(row, price_exponent),
      id: row.id,
      pictures: pictures.map((p) => ({
        id: p.id,
        url: storage.publicUrl(p.storage_key),
        width: p.width,
        height: p.height,
      })),
      ...currency(moneyUnit),
      created_at: Number(row.created_at),
      updated_at: Number(row.updated_at),
    };
  }

  /** The product read back after a save, as the console's editor shows it. */
  async function readBack(
    c: StaffCaller,
    id: number,
    site: { money_unit: string },
  ): Promise<CallResult<StaffProduct>> {
    const saved = await product(c.staff.companyId, id, site.money_unit);
    return saved ? ok(saved, c.t('server.saved')) : fail(ErrorCode.FAILED, c.t('server.notFound'));
  }

  /** A save always moves updated_at on, even within the same millisecond, so a stale save is seen. */
  const nextStamp = (readAt: number) => Math.max(clock.now(), readAt + 1);

  async function withRefusal<T>(work: () => Promise<CallResult<T>>): Promise<CallResult<T>> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof Refused) return e.result;
      throw e;
    }
  }

  /** A category and a factory, when given, must be the company's own. */
  async function referencesRefused(p: ProductFields, companyId: number, c: StaffCaller) {
    if (p.category_id !== null && !(await repo.categoryIsCompanys(companyId, p.category_id)))
      return fail(ErrorCode.BAD_REQUEST, c.t('server.products.badCategory'));
    if (p.factory_id !== null && !(await repo.factoryIsCompanys(companyId, p.factory_id)))
      return fail(ErrorCode.BAD_REQUEST, c.t('server.products.badFactory'));
    return null;
  }

  /**
   * A model URL other than the one the product has (or none) must be the company's own GLB
   * upload that passes the container check (decision 0060). Keeping or clearing is always fine.
   */
  /** A stored video (a /files/ path) can only be kept: staff never point at another file by hand. */
  function checkVideo(url: string, current: string, c: StaffCaller) {
    return url.startsWith('/files/') && url !== current
      ? fail(ErrorCode.BAD_REQUEST, c.t('server.products.videoKeptOnly'))
      : null;
  }

  async function checkNewModel(url: string, current: string, c: StaffCaller) {
    if (url === '' || url === current) return null;
    const read = await deps.readModel(url, c.staff.companyId);
    return read.ok ? null : fail(ErrorCode.BAD_REQUEST, c.t(`server.products.model.${read.reason}`));
  }

  /** Stores an arriving picture once by its content, with its WebP widths; answers its file id. */
  async function storePicture(
    companyId: number,
    pic: Extract<ArrivingPicture, { ok: true }>,
    now: number,
  ): Promise<number> {
    const file = 'stored' in pic ? pic.stored : { sha256: pictureSha(pic.bytes), size: pic.bytes.length };
    const sha = file.sha256;
    const existing = await repo.fileBySha(companyId, sha);
    if (existing) return existing.id;
    const key = pictureKey(companyId, sha, pic.type);
    if ('bytes' in pic) {
      if (!(await storage.exists(key))) await storage.put(key, pic.bytes, pic.type);
      await deps.makeVariants(key, pic.variants);
    }
    try {
      return await repo.insertFile({
        company_id: companyId,
        storage_key: key,
        sha256: sha,
        content_type: pic.type,
        size: file.size,
        width: pic.width,
        height: pic.height,
        created_at: now,
      });
    } catch (e) {
      // The same picture saved at the same moment by a colleague: theirs is as good as ours.
      const raced = await repo.fileBySha(companyId, sha);
      if (raced) return raced.id;
      throw e;
    }
  }

  const service = {
    /**
     * A picture field of the console's other content (a category's, a banner's): the company's
     * upload, re-encoded and stored once by its content like a product's pictures; its public URL,
     * or null when it is not such an upload or not a picture (decision 0057).
     */
    async keepPicture(url: string, companyId: number): Promise<string | null> {
      const pic = await deps.readPicture(url, companyId);
      if (!pic.ok) return null;
      const fileId = await storePicture(companyId, pic, clock.now());
      const key = await repo.fileKey(companyId, fileId);
      return key ? storage.publicUrl(key) : null;
    },

    async list(
      input: {
        page: number;
        page_size: number;
        search: string;
        category_id?: number | undefined;
        flag?: ProductFlagFilter | undefined;
        state: 'all' | 'on_show' | 'taken_off';
        missing_language?: LangKey | undefined;
        sort: StaffProductSort;
      },
      c: StaffCaller,
      site: { money_unit: string },
      lang: Language,
    ): Promise<CallResult<CallResponse<'staff_list_products'>>> {
      const companyId = c.staff.companyId;
      const money = currency(site.money_unit);
      const empty = ok({ list: [], total: 0, page: input.page, page_size: input.page_size, ...money });
      let text: TextFilter | undefined;
      const keyword = input.search ? parseKeyword(input.search, true) : undefined;
      if (keyword) {
        text = await deps.prepareText(keyword, companyId);
        if (!text) return fail(ErrorCode.FAILED, c.t('server.products.searchTooShort'));
      }
      const categoryIds =
        input.category_id === undefined
          ? undefined
          : await repo.categoryWithChildren(companyId, input.category_id);
      if (categoryIds?.length === 0) return empty;
      const missingIndex = input.missing_language ? LANG_KEYS.indexOf(input.missing_language) : -1;
      const { rows, total } = await repo.list(
        companyId,
        {
          text,
          categoryIds,
          flag: input.flag ? FLAG_COLUMNS[input.flag] : undefined,
          state: input.state,
          missingColumn: missingIndex >= 0 ? NAME_COLUMNS[missingIndex] : undefined,
          sort: input.sort,
        },
        input.page_size,
        (input.page - 1) * input.page_size,
      );
      const ids = rows.map((r) => r.id);
      const pictures = await repo.pictures(companyId, ids);
      const firstPicture = new Map<number, string>();
      const pictureCount = new Map<number, number>();
      for (const p of pictures) {
        if (!firstPicture.has(p.product_id)) firstPicture.set(p.product_id, p.storage_key);
        pictureCount.set(p.product_id, (pictureCount.get(p.product_id) ?? 0) + 1);
      }
      const categories = new Map(
        (await repo.categories(companyId)).map((k) => {
          const names = k as unknown as Record<string, string>;
          return [k.id, names[`name${lang.suffix}`] || names.name_en || names.name || ''];
        }),
      );
      const list: StaffProductRow[] = rows.map((r) => {
        const names = r as unknown as Record<string, string>;
        const key = firstPicture.get(r.id);
        return {
          id: r.id,
          toy_number: r.toy_number,
          article_number: r.article_number,
          factory_number: r.factory_number,
          name: names[`name${lang.suffix}`] || names.name_en || names.name || '',
          category_id: r.category_id,
          category_name: r.category_id === null ? '' : (categories.get(r.category_id) ?? ''),
          price: toMinor(r.exworks_price, money.price_exponent),
          picture: key ? storage.publicUrl(key) : '',
          picture_count: pictureCount.get(r.id) ?? 0,
          flags: PRODUCT_FLAG_FIELDS.filter((f) => Number(r[f]) === 1),
          missing_languages: LANGUAGES.filter((l) => !names[`name${l.suffix}`]).map((l) => l.key),
          taken_off_at: r.is_website_hide ? Number(r.removed_time ?? r.updated_at) : null,
          updated_at: Number(r.updated_at),
        };
      });
      return ok({ list, total, page: input.page, page_size: input.page_size, ...money });
    },

    async get(input: { id: number }, c: StaffCaller, site: { money_unit: string }) {
      const found = await product(c.staff.companyId, input.id, site.money_unit);
      return found ? ok(found) : fail(ErrorCode.FAILED, c.t('server.notFound'));
    },

    async options(c: StaffCaller, site: { money_unit: string }, lang: Language) {
      const companyId = c.staff.companyId;
      const categories = (await repo.categories(companyId)).map((k) => {
        const names = k as unknown as Record<string, string>;
        return {
          id: k.id,
          parent_id: k.parent_id,
          name: names[`name${lang.suffix}`] || names.name_en || names.name || `#${k.id}`,
        };
      });
      const factories = (await repo.factories(companyId)).map((f) => ({
        id: f.id,
        name: (lang.index === 0 ? f.name : f.name_en) || f.name,
      }));
      return ok({ categories, factories, ...currency(site.money_unit) });
    },

    /** staff_save_product: the product's fields saved, then read back whole for the editor. */
    async save(
      input: { id?: number | undefined; updated_at?: number | undefined; product: ProductFields },
      c: StaffCaller,
      site: { money_unit: string },
    ): Promise<CallResult<StaffProduct>> {
      const stored = await service.store(input, c, site);
      return stored.ok ? readBack(c, stored.data.id, site) : stored;
    },

    /**
     * The product's fields saved (created without an id); answers its id and new stamp without
     * reading it back: the catalogue import stores thousands and needs no more (decision 0081).
     */
    async store(
      input: { id?: number | undefined; updated_at?: number | undefined; product: ProductFields },
      c: StaffCaller,
      site: { money_unit: string },
    ): Promise<CallResult<ProductStamp>> {
      const companyId = c.staff.companyId;
      const { price_exponent } = currency(site.money_unit);
      const id = input.id;
      const current = id === undefined ? undefined : await repo.find(companyId, id);
      if (id !== undefined && !current) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      const refused = await referencesRefused(input.product, companyId, c);
      if (refused) return refused;
      if (id === undefined) {
        const modelRefused =
          checkVideo(input.product.video_url, '', c) ?? (await checkNewModel(input.product.model_url, '', c));
        if (modelRefused) return modelRefused;
        const now = clock.now();
        const created = await repo.transaction(async (r) => {
          const newId = await r.create(companyId, values(input.product, price_exponent), now);
          const row = await r.find(companyId, newId);
          if (!row) throw new Error('created product not found');
          await r.audit(entry(c, 'staff_save_product', `product:${newId}`, null, view(row, price_exponent)));
          return newId;
        });
        deps.changed(companyId);
        return ok({ id: created, updated_at: now });
      }
      if (input.updated_at === undefined)
        return fail(ErrorCode.BAD_REQUEST, c.t('server.products.updatedAtRequired'));
      const readAt = input.updated_at;
      const modelRefused =
        checkVideo(input.product.video_url, current?.video_url ?? '', c) ??
        (await checkNewModel(input.product.model_url, current?.model_url ?? '', c));
      if (modelRefused) return modelRefused;
      const stamp = nextStamp(readAt);
      return withRefusal(async () => {
        await repo.transaction(async (r) => {
          const before = await r.find(companyId, id);
          if (!before) throw new Refused(fail(ErrorCode.FAILED, c.t('server.notFound')));
          // Checked before the transaction (reading a model takes time); a colleague who changed it
          // meanwhile also changed updated_at, so the save below is refused as stale.
          const saved = await r.update(companyId, id, readAt, {
            ...values(input.product, price_exponent),
            updated_at: stamp,
          });
          if (!saved) throw new Refused(fail(ErrorCode.CONFLICT, c.t('server.products.stale')));
          const after = await r.find(companyId, id);
          await r.audit(
            entry(
              c,
              'staff_save_product',
              `product:${id}`,
              view(before, price_exponent),
              after ? view(after, price_exponent) : null,
            ),
          );
        });
        // Any field may be one a list filters or counts by (names, numbers, category, flags, price).
        deps.changed(companyId);
        return ok({ id, updated_at: stamp });
      });
    },

    /** staff_set_product_pictures: the pictures replaced, then the product read back whole. */
    async setPictures(
      input: {
        id: number;
        updated_at: number;
        pictures: ({ picture_id: number } | { url: string } | { picture: ArrivingPicture })[];
      },
      c: StaffCaller,
      site: { money_unit: string },
    ): Promise<CallResult<StaffProduct>> {
      const stored = await service.storePictures(input, c);
      return stored.ok ? readBack(c, stored.data.id, site) : stored;
    },

    /** The product's pictures replaced; answers its id and new stamp without reading it back. */
    async storePictures(
      input: {
        id: number;
        updated_at: number;
        /**
         * Kept ones by id, new uploads by URL; `picture` is one read and re-encoded already
         * (the catalogue import's, from a zip; decision 0055).
         */
        pictures: ({ picture_id: number } | { url: string } | { picture: ArrivingPicture })[];
      },
      c: StaffCaller,
    ): Promise<CallResult<ProductStamp>> {
      const companyId = c.staff.companyId;
      const current = await repo.find(companyId, input.id);
      if (!current) return fail(ErrorCode.FAILED, c.t('server.notFound'));
      if (Number(current.updated_at) !== input.updated_at)
        return fail(ErrorCode.CONFLICT, c.t('server.products.stale'));
      const had = await repo.pictures(companyId, [input.id]);
      const hadIds = new Set(had.map((p) => p.id));
      const keptIds = input.pictures.flatMap((p) => ('picture_id' in p ? [p.picture_id] : []));
      if (keptIds.some((pid) => !hadIds.has(pid)) || new Set(keptIds).size !== keptIds.length)
        return fail(ErrorCode.BAD_REQUEST, c.t('server.products.badPictureId'));
      // New pictures are read, re-encoded and stored before the transaction: it only links them.
      const now = clock.now();
      const list: ({ pictureId: number } | { fileId: number })[] = [];
      for (const [index, p] of input.pictures.entries()) {
        if ('picture_id' in p) {
          list.push({ pictureId: p.picture_id });
          continue;
        }
        const pic = 'picture' in p ? p.picture : await deps.readPicture(p.url, companyId);
        if (!pic.ok)
          return fail(ErrorCode.BAD_REQUEST, c.t('server.products.badPicture', { position: index + 1 }));
        list.push({ fileId: await storePicture(companyId, pic, now) });
      }
      const stamp = nextStamp(input.updated_at);
      const result = await withRefusal(async () => {
        await repo.transaction(async (r) => {
          const touched = await r.update(companyId, input.id, input.updated_at, {
            updated_at: stamp,
          });
          if (!touched) throw new Refused(fail(ErrorCode.CONFLICT, c.t('server.products.stale')));
          await r.replacePictures(companyId, input.id, list, now);
          const after = await r.pictures(companyId, [input.id]);
          await r.audit(
            entry(
              c,
              'staff_set_product_pictures',
              `product:${input.id}`,
              { pictures: had.map((p) => p.storage_key) },
              { pictures: after.map((p) => p.storage_key) },
            ),
          );
        });
        return ok({ id: input.id, updated_at: stamp });
      });
      // Indexed in the background: the save does not wait for the pictures to be described.
      // The catalogue's caches stand: no list total or keyword filter depends on pictures, and
      // the pages that show them are read fresh.
      if (result.ok) void deps.indexPictures();
      return result;
    },

    async bulk(
      input: {
        ids: number[];
        action: 'set_flag' | 'clear_flag' | 'move' | 'take_off' | 'put_back' | 'delete';
        flag?: ProductFlagField | undefined;
        category_id?: number | null | undefined;
      },
      c: StaffCaller,
      site: { money_unit: string },
    ): Promise<CallResult<CallResponse<'staff_bulk_products'>>> {
      const companyId = c.staff.companyId;
      const { price_exponent } = currency(site.money_unit);
      const { action } = input;
      if ((action === 'set_flag' || action === 'clear_flag') && !input.flag)
        return fail(ErrorCode.BAD_REQUEST, c.t('server.products.flagRequired'));
      if (action === 'move') {
        if (input.category_id === undefined)
          return fail(ErrorCode.BAD_REQUEST, c.t('server.products.categoryRequired'));
        if (input.category_id !== null && !(await repo.categoryIsCompanys(companyId, input.category_id)))
          return fail(ErrorCode.BAD_REQUEST, c.t('server.products.badCategory'));
      }
      const ids = [...new Set(input.ids)];
      const changed = await repo.transaction(async (r) => {
        const before = await r.selection(companyId, ids);
        const found = before.map((p) => p.id);
        const now = clock.now();
        if (action === 'delete') await r.deleteMany(companyId, found);
        else {
          const change =
            action === 'set_flag' || action === 'clear_flag'
              ? { [input.flag ?? 'is_new']: action === 'set_flag' ? 1 : 0 }
              : action === 'move'
                ? { category_id: input.category_id ?? null }
                : action === 'take_off'
                  ? takenOffSignals(now)
                  : { ...onShowSignals, is_expire: 0 };
          // A product already taken off keeps the time it was taken off.
          const targets =
            action === 'take_off' ? before.filter((p) => !p.is_website_hide).map((p) => p.id) : found;
          await r.updateMany(companyId, targets, { ...change, updated_at: now });
        }
        const after = action === 'delete' ? [] : await r.selection(companyId, found);
        const afterById = new Map(after.map((p) => [p.id, p]));
        for (const p of before) {
          const next = afterById.get(p.id);
          await r.audit(
            entry(
              c,
              'staff_bulk_products',
              `product:${p.id}`,
              { action, ...view(p, price_exponent) },
              next ? view(next, price_exponent) : null,
            ),
          );
        }
        return found.length;
      });
      if (changed > 0) deps.changed(companyId);
      return ok({ changed }, c.t('server.products.bulkDone', { count: changed }));
    },
  };
  return service;
}

export type StaffProductsService = ReturnType<typeof createStaffProductsService>;

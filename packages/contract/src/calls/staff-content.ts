import { z } from 'zod';
import { baseRequest, zeroOne } from '../envelope';
import { LANG_KEYS, type LangKey } from '../languages';
import { staffPageRequest } from './staff';

/**
 * The rest of the showroom's content in the console (issue 18 item 3, decision 0057):
 * categories, banners, news, showrooms and their booths. Reads for every role, writes for owner
 * and sales; every save is whole and carries the updated_at it was read with.
 */
export const CONTENT_LIMITS = {
  NAME_MAX: 100,
  TITLE_MAX: 200,
  TEXT_MAX: 2000,
  NEWS_BODY_MAX: 50_000,
  /** Items one order call may sort: a level of categories, a showroom's booths, the banners. */
  ORDER_MAX: 500,
  BOOTH_PRODUCTS_MAX: 500,
  /** Products one buyer region's hot ranking holds. */
  HOT_PRODUCTS_MAX: 500,
  CONTACT_MAX: 100,
  PHONE_MAX: 32,
} as const;

const id = z.number().int().positive();
const epochMs = z.number().int().describe('Epoch milliseconds');
const text = (max: number) => z.string().trim().max(max);
const picture = z
  .string()
  .trim()
  .max(500)
  .describe('Empty, the picture it has, or a new upload (staff_get_upload_credential, purpose site)');

/** A text in each of the 16 languages, keyed by language (zh is the base column). */
const texts16 = (max: number) =>
  z.object(
    Object.fromEntries(LANG_KEYS.map((k) => [k, text(max).default('')])) as Record<
      LangKey,
      z.ZodDefault<z.ZodString>
    >,
  );

const savedAt = {
  id: id.optional().describe('Left out: a new one'),
  updated_at: epochMs.optional().describe('With an id: the updated_at it was read with'),
};

/* ---------- categories ---------- */

export const categoryFields = z
  .object({
    parent_id: id.nullable().default(null).describe('A top-level category; null: top level (two levels)'),
    names: texts16(CONTENT_LIMITS.NAME_MAX),
    picture: picture.default(''),
    status: zeroOne.default(1).describe('1: buyers see it'),
  })
  .refine((c) => c.names.zh !== '' || c.names.en !== '', {
    message: 'a name in Chinese or English',
    path: ['names', 'en'],
  });
export type CategoryFields = z.infer<typeof categoryFields>;

export const staffCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  names: z.record(z.enum(LANG_KEYS), z.string()),
  picture: z.string(),
  status: zeroOne,
  sort: z.number().int(),
  product_count: z.number().int().describe('Products in this category itself'),
  updated_at: epochMs,
});
export type StaffCategory = z.infer<typeof staffCategory>;

export const staffListCategoriesRequest = baseRequest;
export const staffCategoryList = z.object({
  list: z.array(staffCategory).describe('Top levels in order, each followed by its children in order'),
});
export const staffSaveCategoryRequest = baseRequest.extend({ ...savedAt, category: categoryFields });

/* ---------- banners ---------- */

export const BANNER_POSITIONS = ['home'] as const;
export const BANNER_LINK_KINDS = ['none', 'product', 'category', 'page', 'url'] as const;
export type BannerLinkKind = (typeof BANNER_LINK_KINDS)[number];
/** The buyer app's pages the console offers a banner to open (any app path is accepted). */
export const BANNER_PAGES = [
  '/home',
  '/productDisplay',
  '/newProducts',
  '/productDisplay?flag=new',
  '/productDisplay?flag=spot',
  '/productDisplay?flag=gcc',
  '/productDisplay?flag=hot',
  '/productDisplay?flag=recommend',
  '/companyNews',
  '/aboutUs',
  '/contactUs',
] as const;
const appPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?!\/)[\w\-/?=&%.]*$/, 'a path of the showroom such as /companyNews');

export const bannerLink = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('product'), id }),
  z.object({ kind: z.literal('category'), id }),
  z.object({ kind: z.literal('page'), path: appPath }),
  z.object({
    kind: z.literal('url'),
    url: z
      .string()
      .trim()
      .max(500)
      .regex(/^https?:\/\/\S+$/, 'a web address starting with http:// or https://'),
  }),
]);
export type BannerLink = z.infer<typeof bannerLink>;

export const bannerFields = z
  .object({
    position: z.enum(BANNER_POSITIONS).default('home'),
    titles: texts16(CONTENT_LIMITS.TITLE_MAX),
    picture: picture.min(1, 'a picture'),
    link: bannerLink.default({ kind: 'none' }),
    status: zeroOne.default(1),
    starts_at: epochMs.nullable().default(null).describe('Shown from; null: at once'),
    ends_at: epochMs.nullable().default(null).describe('Shown until; null: no end'),
  })
  .refine((b) => b.starts_at === null || b.ends_at === null || b.starts_at < b.ends_at, {
    message: 'the end comes after the start',
    path: ['ends_at'],
  });
export type BannerFields = z.infer<typeof bannerFields>;

export const staffBanner = z.object({
  id: z.number().int(),
  position: z.string(),
  titles: z.record(z.enum(LANG_KEYS), z.string()),
  picture: z.string(),
  link: bannerLink,
  status: zeroOne,
  starts_at: epochMs.nullable(),
  ends_at: epochMs.nullable(),
  sort: z.number().int(),
  shown_now: z.boolean().describe('On, and within its dates now'),
  updated_at: epochMs,
});
export type StaffBanner = z.infer<typeof staffBanner>;

export const staffListBannersRequest = baseRequest;
export const staffBannerList = z.object({ list: z.array(staffBanner) });
export const staffSaveBannerRequest = baseRequest.extend({ ...savedAt, banner: bannerFields });

/* ---------- news ---------- */

export const newsFields = z.object({
  category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  lang: z
    .union([z.literal(''), z.enum(LANG_KEYS)])
    .default('')
    .describe("The language it is written in; '': shown in every language"),
  title: text(CONTENT_LIMITS.TITLE_MAX).min(1, 'a title'),
  content: z.string().max(CONTENT_LIMITS.NEWS_BODY_MAX).default(''),
  cover: picture.default(''),
  published_at: epochMs.describe('The date buyers see'),
  status: zeroOne.default(1).describe('1: published; 0: a draft buyers do not see'),
});
export type NewsFields = z.infer<typeof newsFields>;

export const staffNews = newsFields.safeExtend({
  id: z.number().int(),
  click_count: z.number().int(),
  updated_at: epochMs,
});
export type StaffNews = z.infer<typeof staffNews>;

export const staffListNewsRequest = staffPageRequest.extend({
  category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  // Not `lang`: the envelope's lang is the console's own language code.
  language: z
    .union([z.literal(''), z.enum(LANG_KEYS)])
    .optional()
    .describe("Only the items written in this language; '': those for every language"),
});
export const staffNewsPage = z.object({
  list: z.array(staffNews).describe('Latest publish date first'),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export const staffSaveNewsRequest = baseRequest.extend({ ...savedAt, news: newsFields });

/* ---------- showrooms and booths ---------- */

export const showroomFields = z
  .object({
    name: text(CONTENT_LIMITS.NAME_MAX).default('').describe('In Chinese'),
    name_en: text(CONTENT_LIMITS.NAME_MAX).default(''),
    address: text(CONTENT_LIMITS.TEXT_MAX).default(''),
    address_en: text(CONTENT_LIMITS.TEXT_MAX).default(''),
    picture: picture.default(''),
    description: z.string().max(CONTENT_LIMITS.TEXT_MAX).default(''),
  })
  .refine((s) => s.name !== '' || s.name_en !== '', { message: 'a name', path: ['name_en'] });
export type ShowroomFields = z.infer<typeof showroomFields>;

export const staffBoothRow = z.object({
  id: z.number().int(),
  showroom_id: z.number().int(),
  booth_number: z.string(),
  name: z.string(),
  name_en: z.string(),
  picture: z.string(),
  sort: z.number().int(),
  product_count: z.number().int(),
  updated_at: epochMs,
});

export const staffShowroom = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  address: z.string(),
  address_en: z.string(),
  picture: z.string(),
  description: z.string(),
  sort: z.number().int(),
  booths: z.array(staffBoothRow).describe('In order'),
  updated_at: epochMs,
});
export type StaffShowroom = z.infer<typeof staffShowroom>;

export const staffListShowroomsRequest = baseRequest;
export const staffShowroomList = z.object({ list: z.array(staffShowroom) });
export const staffSaveShowroomRequest = baseRequest.extend({ ...savedAt, showroom: showroomFields });

export const boothFields = z.object({
  showroom_id: id,
  booth_number: text(32).min(1, 'a booth number'),
  name: text(CONTENT_LIMITS.NAME_MAX).default(''),
  name_en: text(CONTENT_LIMITS.NAME_MAX).default(''),
  picture: picture.default(''),
  product_ids: z
    .array(id)
    .max(CONTENT_LIMITS.BOOTH_PRODUCTS_MAX)
    .default([])
    .describe('The products shown in the booth, in order'),
});
export type BoothFields = z.infer<typeof boothFields>;

export const staffBooth = staffBoothRow.extend({
  products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      toy_number: z.string(),
      picture: z.string(),
      taken_off: z.boolean(),
    }),
  ),
});
export type StaffBooth = z.infer<typeof staffBooth>;

export const staffGetBoothRequest = baseRequest.extend({ id });
export const staffSaveBoothRequest = baseRequest.extend({ ...savedAt, booth: boothFields });

/* ---------- certificates and factory inspections ---------- */

export const CERTIFICATE_KINDS = ['certificate', 'inspection'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export const CERTIFICATE_LIMITS = { PICTURES_MAX: 12, NUMBER_MAX: 64 } as const;

export const certificateFields = z
  .object({
    kind: z
      .enum(CERTIFICATE_KINDS)
      .describe('certificate: certificate authentication; inspection: factory inspection qualification'),
    factory_id: id.nullable().default(null).describe('The factory inspected: required for an inspection'),
    name: text(CONTENT_LIMITS.NAME_MAX).default('').describe('In Chinese'),
    name_en: text(CONTENT_LIMITS.NAME_MAX).default(''),
    issuer: text(CONTENT_LIMITS.NAME_MAX).default('').describe('Who issued it: a lab, an auditor'),
    number: text(CERTIFICATE_LIMITS.NUMBER_MAX).default('').describe('Its number on the document'),
    pictures: z
      .array(picture.min(1))
      .max(CERTIFICATE_LIMITS.PICTURES_MAX)
      .default([])
      .describe('The document’s pages in order; buyers see the first on the card'),
    valid_from: epochMs.nullable().default(null).describe('Valid from; null: not stated'),
    valid_until: epochMs.nullable().default(null).describe('Valid until; null: no end'),
  })
  .refine((c) => c.name !== '' || c.name_en !== '', { message: 'a name', path: ['name_en'] })
  .refine((c) => c.kind === 'certificate' || c.factory_id !== null, {
    message: 'the factory inspected',
    path: ['factory_id'],
  })
  .refine((c) => c.valid_from === null || c.valid_until === null || c.valid_from < c.valid_until, {
    message: 'valid until comes after valid from',
    path: ['valid_until'],
  });
export type CertificateFields = z.infer<typeof certificateFields>;

export const staffCertificate = z.object({
  id: z.number().int(),
  kind: z.enum(CERTIFICATE_KINDS),
  factory_id: z.number().int().nullable(),
  factory_name: z.string().describe('The factory inspected, in the console’s language'),
  name: z.string(),
  name_en: z.string(),
  issuer: z.string(),
  number: z.string(),
  pictures: z.array(z.string()),
  valid_from: epochMs.nullable(),
  valid_until: epochMs.nullable(),
  expired: z.boolean().describe('Its valid-until date has passed: buyers see it marked expired'),
  sort: z.number().int(),
  updated_at: epochMs,
});
export type StaffCertificate = z.infer<typeof staffCertificate>;

export const staffListCertificatesRequest = baseRequest.extend({ kind: z.enum(CERTIFICATE_KINDS) });
export const staffCertificateList = z.object({ list: z.array(staffCertificate).describe('In order') });
export const staffSaveCertificateRequest = baseRequest.extend({
  ...savedAt,
  certificate: certificateFields,
});

/* ---------- about us ---------- */

export const ABOUT_BODY_MAX = 20_000;

/** The about-us text in each language: plain text, paragraphs separated by blank lines (decision 0066). */
export const aboutTexts = texts16(ABOUT_BODY_MAX);
export type AboutTexts = z.infer<typeof aboutTexts>;

export const staffAbout = z.object({
  texts: z.record(z.enum(LANG_KEYS), z.string()),
  show_about_us: zeroOne.describe('The settings’ switch: 0, buyers see no about-us page'),
  updated_at: epochMs.describe('The last save of the texts; 0 when none was ever saved'),
});
export type StaffAbout = z.infer<typeof staffAbout>;

export const staffGetAboutRequest = baseRequest;
export const staffSaveAboutRequest = baseRequest.extend({
  texts: aboutTexts,
  updated_at: epochMs.describe('The updated_at read with the texts; a newer one means someone else saved'),
});

/* ---------- hot areas (buyer regions) and their rankings ---------- */

export const hotAreaFields = z
  .object({ names: texts16(CONTENT_LIMITS.NAME_MAX) })
  .refine((a) => a.names.zh !== '' || a.names.en !== '', {
    message: 'a name in Chinese or English',
    path: ['names', 'en'],
  });
export type HotAreaFields = z.infer<typeof hotAreaFields>;

export const staffHotArea = z.object({
  id: z.number().int(),
  names: z.record(z.enum(LANG_KEYS), z.string()),
  sort: z.number().int(),
  product_count: z.number().int().describe('Products in its ranking'),
  updated_at: epochMs,
});
export type StaffHotArea = z.infer<typeof staffHotArea>;

export const staffListHotAreasRequest = baseRequest;
export const staffHotAreaList = z.object({ list: z.array(staffHotArea).describe('In the order buyers see') });
export const staffSaveHotAreaRequest = baseRequest.extend({ ...savedAt, hot_area: hotAreaFields });

export const staffRankedProduct = z.object({
  id: z
    .number()
    .int()
    .describe('The entry of the ranking (what staff_order_content and staff_delete_content take)'),
  product_id: z.number().int(),
  name: z.string(),
  toy_number: z.string(),
  picture: z.string(),
  taken_off: z.boolean().describe('Taken off the showroom: buyers do not see it'),
  rank: z.number().int().describe('1 first; 0: no rank given, listed after the ranked ones'),
});
export type StaffRankedProduct = z.infer<typeof staffRankedProduct>;

export const staffGetHotAreaRequest = baseRequest.extend({ id });
export const staffHotAreaRanking = staffHotArea.extend({
  products: z.array(staffRankedProduct).describe('In the order buyers see them in the region’s hot list'),
});
export type StaffHotAreaRanking = z.infer<typeof staffHotAreaRanking>;

export const staffAddHotProductsRequest = baseRequest.extend({
  area_id: id,
  product_ids: z
    .array(id)
    .min(1)
    .max(CONTENT_LIMITS.HOT_PRODUCTS_MAX)
    .describe('Products to rank last, in this order; those already in the ranking keep their place'),
});

/* ---------- factories ---------- */

export const factoryFields = z
  .object({
    name: text(CONTENT_LIMITS.NAME_MAX).default('').describe('In Chinese'),
    name_en: text(CONTENT_LIMITS.NAME_MAX).default(''),
    contact: text(CONTENT_LIMITS.CONTACT_MAX).default('').describe('The contact person'),
    phone: text(CONTENT_LIMITS.PHONE_MAX).default(''),
    address: text(CONTENT_LIMITS.TEXT_MAX).default(''),
    address_en: text(CONTENT_LIMITS.TEXT_MAX).default(''),
    inspection_level: text(CONTENT_LIMITS.NAME_MAX).default('').describe('e.g. BSCI A, ISO 9001'),
  })
  .refine((f) => f.name !== '' || f.name_en !== '', { message: 'a name', path: ['name_en'] });
export type FactoryFields = z.infer<typeof factoryFields>;

export const staffFactory = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  contact: z.string(),
  phone: z.string(),
  address: z.string(),
  address_en: z.string(),
  inspection_level: z.string(),
  product_count: z
    .number()
    .int()
    .describe('Products made there (they keep their data, without a factory, when it goes)'),
  inspection_count: z.number().int().describe('Its factory inspections (deleted with it)'),
  updated_at: epochMs,
});
export type StaffFactory = z.infer<typeof staffFactory>;

export const staffListFactoriesRequest = staffPageRequest.extend({
  search: text(100).default('').describe('Part of the name (either language), contact or phone'),
});
export const staffFactoryPage = z.object({
  list: z.array(staffFactory).describe('By name'),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export const staffSaveFactoryRequest = baseRequest.extend({ ...savedAt, factory: factoryFields });

/* ---------- shared: delete and order ---------- */

export const CONTENT_KINDS = [
  'category',
  'banner',
  'news',
  'showroom',
  'booth',
  'certificate',
  'hot_area',
  'hot_product',
  'factory',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const ORDERED_KINDS = [
  'category',
  'banner',
  'showroom',
  'booth',
  'certificate',
  'hot_area',
  'hot_product',
] as const;
export type OrderedKind = (typeof ORDERED_KINDS)[number];

export const staffDeleteContentRequest = baseRequest.extend({ kind: z.enum(CONTENT_KINDS), id });
export const staffDeleteContentResponse = z.object({ deleted: z.literal(1) });

export const staffOrderContentRequest = baseRequest.extend({
  kind: z.enum(ORDERED_KINDS),
  ids: z
    .array(id)
    .min(1)
    .max(CONTENT_LIMITS.ORDER_MAX)
    .describe(
      'Siblings in their new order: one level of categories, one showroom’s booths, one kind of ' +
        'certificates; for hot_product, every entry of one region’s ranking (ranked 1, 2, 3… in this order)',
    ),
});
export const staffOrderContentResponse = z.object({ ordered: z.number().int() });

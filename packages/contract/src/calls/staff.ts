import { z } from 'zod';
import { IMAGE_SEARCH_TYPES } from '../constants';
import { LANG_KEYS } from '../languages';
import { baseRequest, langCode, zeroOne } from '../envelope';
import { cartLine, cartTotals } from './cart';
import { sampleSummary } from './samples';
import { showFunction, websiteInfo } from './site';

/**
 * The exporter's console (apps/staff): its staff log in with an email and a password and act
 * with a role. owner: everything, and the only one who manages staff and the site's settings;
 * sales: buyers, access codes and applications, sample lists (next: quotations and orders);
 * service: the chat (next issue). See docs/decisions/0027.
 */
export const STAFF_ROLES = ['owner', 'sales', 'service'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_LIMITS = {
  /** A staff session lasts a working week; staff log in again after it. */
  SESSION_TTL_MS: 7 * 24 * 3600 * 1000,
  PASSWORD_MIN_LENGTH: 8,
  PASSWORD_MAX_LENGTH: 128,
  /** Wrong staff logins per address (and per email) allowed within the window. */
  LOGIN_MAX_FAILURES: 5,
  LOGIN_FAILURE_WINDOW_MS: 15 * 60 * 1000,
  PAGE_SIZE_MAX: 100,
} as const;

const id = z.number().int().positive();
const text = (max: number) => z.string().trim().max(max);
const email = z.string().trim().toLowerCase().max(200).pipe(z.email());
const password = z
  .string()
  .min(STAFF_LIMITS.PASSWORD_MIN_LENGTH)
  .max(STAFF_LIMITS.PASSWORD_MAX_LENGTH)
  .describe(`At least ${STAFF_LIMITS.PASSWORD_MIN_LENGTH} characters`);
const epochMs = z.number().int().describe('Epoch milliseconds');

export const staffPageRequest = baseRequest.extend({
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(STAFF_LIMITS.PAGE_SIZE_MAX).default(20),
});
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

/** A secret the server made and shows once (a password or an access code): it is stored hashed. */
const shownOnce = z.string().describe('Shown once: only its hash is kept');

// --- staff and their sessions ---------------------------------------------------------------

export const staffUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: zeroOne.describe('1 active, 0 disabled (cannot log in; sessions end)'),
  created_at: epochMs,
  last_login_at: epochMs.nullable(),
});
export type StaffUser = z.infer<typeof staffUser>;

export const staffCounts = z.object({
  new_applications: z.number().int().describe('Access applications nobody has answered'),
  new_samples: z.number().int().describe('Submitted sample lists nobody has opened'),
});
export type StaffCounts = z.infer<typeof staffCounts>;

export const staffLoginRequest = baseRequest.extend({
  email: z.string().trim().toLowerCase().max(200),
  password: z.string().max(STAFF_LIMITS.PASSWORD_MAX_LENGTH),
});
export const staffLoginResponse = z.object({
  token: z.string().describe('Send as Authorization: Bearer <token> with the Website-ID header'),
  expires_at: epochMs,
  staff: staffUser,
  website: websiteInfo,
});
export type StaffLoginResponse = z.infer<typeof staffLoginResponse>;

export const staffMeResponse = z.object({
  staff: staffUser,
  website: websiteInfo,
  expires_at: epochMs,
  counts: staffCounts,
});

export const staffChangePasswordRequest = baseRequest.extend({
  current_password: z.string().max(STAFF_LIMITS.PASSWORD_MAX_LENGTH),
  new_password: password,
});

export const staffCreateStaffRequest = baseRequest.extend({
  name: text(100).min(1),
  email,
  role: z.enum(STAFF_ROLES),
  password: password.optional().describe('Left out: the server makes one and shows it once'),
});
export const staffWithSecret = z.object({ staff: staffUser, password: shownOnce });

export const staffUpdateStaffRequest = baseRequest.extend({
  id,
  name: text(100).min(1).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  status: zeroOne.optional(),
});

export const staffIdRequest = baseRequest.extend({ id });

// --- buyers ---------------------------------------------------------------------------------

export const staffCustomer = z.object({
  id: z.number().int(),
  customer_name: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  status: zeroOne.describe('1 active, 0 disabled (cannot log in; sessions end)'),
  created_at: epochMs,
  updated_at: epochMs,
  sample_count: z.number().int(),
  last_login_at: epochMs.nullable(),
});
export type StaffCustomer = z.infer<typeof staffCustomer>;

export const CUSTOMER_SORTS = ['newest', 'oldest', 'name', 'last_login'] as const;

export const staffListCustomersRequest = staffPageRequest.extend({
  search: text(100).default('').describe('Part of the name, nickname, email or phone'),
  status: zeroOne.optional(),
  sort: z.enum(CUSTOMER_SORTS).default('newest'),
});

const customerFields = {
  customer_name: text(100).min(1),
  nickname: text(100).default(''),
  avatar: text(500).default('').describe('URL of an uploaded picture'),
  email: z.union([z.literal(''), email]).default(''),
  phone: text(32).default(''),
  country: text(64).default(''),
};

export const staffCreateCustomerRequest = baseRequest.extend(customerFields).extend({
  password: password.optional().describe('Left out: the server makes one and shows it once'),
});
export const customerWithSecret = z.object({ customer: staffCustomer, password: shownOnce });

export const staffUpdateCustomerRequest = baseRequest.extend({
  id,
  customer_name: customerFields.customer_name.optional(),
  nickname: text(100).optional(),
  avatar: text(500).optional(),
  email: z.union([z.literal(''), email]).optional(),
  phone: text(32).optional(),
  country: text(64).optional(),
});

export const staffResetCustomerPasswordRequest = baseRequest.extend({
  id,
  password: password.optional().describe('Left out: the server makes one and shows it once'),
});

export const loginLink = z.object({
  login_link: shownOnce.describe('Shown once: only its hash is kept; works once, until expires_at'),
  path: z.string().describe("The buyer app's address of the link, to put after the showroom's origin"),
  expires_at: z.number().int().describe('When the link stops working (ms since epoch)'),
});

export const staffSetStatusRequest = baseRequest.extend({ id, status: zeroOne });

// --- visitor access codes -------------------------------------------------------------------

export const staffAccessCode = z.object({
  id: z.number().int(),
  label: z.string(),
  expires_at: epochMs.nullable(),
  max_uses: z.number().int().nullable().describe('Logins allowed with the code; null: no limit'),
  use_count: z.number().int(),
  status: z.enum(['active', 'expired', 'used_up', 'revoked']),
  created_at: epochMs,
});
export type StaffAccessCode = z.infer<typeof staffAccessCode>;

export const staffListAccessCodesRequest = staffPageRequest.extend({
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});

export const staffCreateAccessCodeRequest = baseRequest.extend({
  label: text(100).default('').describe('Who the code is for, for the staff'),
  expires_at: epochMs.nullable().default(null),
  max_uses: z.number().int().min(1).max(100_000).nullable().default(null),
});
export const accessCodeWithSecret = z.object({ access_code: staffAccessCode, code: shownOnce });

// --- access applications --------------------------------------------------------------------

export const APPLICATION_STATUSES = ['new', 'approved', 'declined'] as const;

export const staffApplication = z.object({
  id: z.number().int(),
  phone: z.string(),
  lang: z.string().describe('Language the buyer used'),
  status: z.enum(APPLICATION_STATUSES),
  created_at: epochMs,
  answered_at: epochMs.nullable(),
  answered_by: z.string().nullable().describe('Name of the staff member who answered'),
  customer_id: z.number().int().nullable().describe('The customer created on approval'),
  access_code_id: z.number().int().nullable().describe('The access code created on approval'),
  note: z.string(),
});
export type StaffApplication = z.infer<typeof staffApplication>;

export const staffListApplicationsRequest = staffPageRequest.extend({
  status: z.enum([...APPLICATION_STATUSES, 'all']).default('new'),
});

export const staffApproveApplicationRequest = baseRequest.extend({
  id,
  grant: z
    .enum(['customer', 'access_code'])
    .describe('customer: an account with a password; access_code: a visitor code'),
  customer_name: text(100).default('').describe('For a customer; the phone number when empty'),
  expires_at: epochMs.nullable().default(null).describe('For an access code'),
  max_uses: z.number().int().min(1).max(100_000).nullable().default(null).describe('For an access code'),
});
export const staffApproveApplicationResponse = z.object({
  application: staffApplication,
  customer: staffCustomer.nullable(),
  access_code: staffAccessCode.nullable(),
  secret: shownOnce.describe('The password or access code to hand to the buyer'),
});

export const staffDeclineApplicationRequest = baseRequest.extend({ id, note: text(500).default('') });

// --- sample-list inbox ----------------------------------------------------------------------

export const SAMPLE_INBOX_STATUSES = ['new', 'seen'] as const;

export const staffSample = sampleSummary.extend({
  status: z.enum(SAMPLE_INBOX_STATUSES).describe("'quoted' arrives with quotations"),
  seen_at: epochMs.nullable(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().describe("The customer's account name; empty for a visitor's list"),
  lang: z.string(),
});
export type StaffSample = z.infer<typeof staffSample>;

export const staffListSamplesRequest = staffPageRequest.extend({
  status: z.enum([...SAMPLE_INBOX_STATUSES, 'all']).default('all'),
  customer_id: id.optional(),
  date_from: epochMs.optional().describe('Submitted at or after'),
  date_to: epochMs.optional().describe('Submitted before'),
  search: text(100).default('').describe('Part of the number, company name, contact or email'),
});

export const staffSampleDetailResponse = z.object({
  sample: staffSample,
  lines: z.array(cartLine.describe('A line as it was at submission')),
  totals: cartTotals,
});

// --- site settings --------------------------------------------------------------------------

export const contactRecord = z.object({
  company_contact: text(100).default(''),
  company_mobilephone: text(50).default(''),
  company_telephone: text(50).default(''),
  company_email: z.union([z.literal(''), email]).default(''),
  company_wechat: text(100).default(''),
  company_whatsapp: text(50).default(''),
  company_facebook: text(200).default(''),
  company_fax: text(50).default(''),
  company_qq: text(50).default(''),
  company_address: text(300).default(''),
  company_address_en: text(300).default(''),
  lang_type: z
    .number()
    .int()
    .min(0)
    .max(16)
    .default(0)
    .describe('0: every language; else a language index + 1'),
});
export type ContactRecord = z.infer<typeof contactRecord>;

export const privacyText = z.object({
  lang: z.enum(LANG_KEYS),
  title: text(200),
  body: z.string().max(50_000).describe('Plain text; paragraphs separated by blank lines'),
});

/** A domain name the showroom also answers on, without scheme or port. */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'a domain such as shop.example.com',
  );

/** Everything the owner can set of the website; the buyer's frame reads it as websiteInfo. */
export const siteSettings = z.object({
  site: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'letters, digits and dashes')
    .describe('Site code, as in /login?site=…'),
  domains: z.array(domainName).max(10),
  company_name: text(200).min(1),
  company_name_en: text(200),
  company_logo: text(500),
  template_style: z.number().int().min(1).max(4),
  template_color: z.number().int().min(1).max(5),
  default_lang: langCode,
  show_function: showFunction,
  show_article_number: zeroOne,
  show_price: zeroOne,
  show_privacy: zeroOne,
  number_type: z.number().int().min(0).max(3),
  trade_terms: z.number().int().min(0).max(4),
  money_unit: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'a currency code such as USD'),
  contact_type: z.number().int().min(0).max(2),
  is_default_banner: zeroOne,
  bg_setting: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, 'a colour such as #F5F5F5, or empty'),
  bg_image: text(500),
  bg_image_setting: z.number().int().min(0).max(2),
  toy_type: z.number().int().min(1).max(3),
  contacts: z.array(contactRecord).max(20),
  privacy: z.array(privacyText).max(16),
});
export type SiteSettings = z.infer<typeof siteSettings>;

export const staffSettingsResponse = z.object({ settings: siteSettings, updated_at: epochMs });
export const staffUpdateSettingsRequest = baseRequest.extend({
  settings: siteSettings,
  updated_at: epochMs.describe('The updated_at read with the settings; a newer one means someone else saved'),
});

export const staffUploadCredentialRequest = baseRequest.extend({
  content_type: z.enum(IMAGE_SEARCH_TYPES).describe('Type of the picture the browser will send'),
});

// --- audit log ------------------------------------------------------------------------------

export const auditEntry = z.object({
  id: z.number().int(),
  created_at: epochMs,
  staff_id: z.number().int().nullable(),
  staff_name: z.string(),
  action: z.string().describe('The staff call that wrote'),
  target: z.string().describe('What it changed, e.g. customer:12'),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export const staffListAuditRequest = staffPageRequest.extend({
  staff_id: id.optional(),
  action: text(64).default(''),
});
export const auditPage = pageOf(auditEntry);

export const staffPages = {
  staff: pageOf(staffUser),
  customers: pageOf(staffCustomer),
  accessCodes: pageOf(staffAccessCode),
  applications: pageOf(staffApplication),
  samples: pageOf(staffSample),
};

import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types of the data model (migrations/0001_initial.ts). Times are epoch
 * milliseconds, flags 0/1, money a number (numeric(14,4) in the database).
 */

type Suffix =
  | ''
  | '_en'
  | '_es'
  | '_ru'
  | '_ar'
  | '_he'
  | '_pl'
  | '_fr'
  | '_bid'
  | '_ja'
  | '_ko'
  | '_th'
  | '_pt'
  | '_vi'
  | '_fil'
  | '_de';
/** A text column in every language: name, name_en, name_es, … */
export type Multilingual<Base extends string> = { [S in Suffix as `${Base}${S}`]: Generated<string> };

type Id = Generated<number>;
type Flag = Generated<number>;
type Text = Generated<string>;
type Num = Generated<number>;

interface Owned {
  id: Id;
  company_id: number;
}
interface Timed {
  created_at: number;
  updated_at: number;
}

export interface CompaniesTable extends Timed {
  id: Id;
  name: string;
  name_en: Text;
  logo: Text;
  code_salt: string;
}

export interface WebsitesTable extends Owned, Timed {
  code: string;
  domain: string | null;
  status: Flag;
  template_style: Num;
  template_color: Num;
  default_lang: Num;
  show_news: Flag;
  show_about_us: Flag;
  show_contact: Flag;
  show_article_number: Flag;
  show_price: Flag;
  show_privacy: Flag;
  number_type: Num;
  trade_terms: Num;
  money_unit: Text;
  contact_type: Num;
  is_default_banner: Flag;
  bg_setting: Text;
  bg_image: Text;
  bg_image_setting: Num;
  toy_type: Num;
}

export interface CompanyContactsTable extends Owned, Timed {
  company_contact: Text;
  company_mobilephone: Text;
  company_telephone: Text;
  company_email: Text;
  company_wechat: Text;
  company_whatsapp: Text;
  company_facebook: Text;
  company_fax: Text;
  company_qq: Text;
  company_address: Text;
  company_address_en: Text;
  lang_type: Num;
  sort: Num;
}

export interface CompanyTextsTable extends Owned, Timed {
  kind: string;
  lang: string;
  title: Text;
  body: Text;
}

export interface StaffUsersTable extends Owned, Timed {
  name: string;
  email: Text;
  password_hash: Text;
  chat_id: string | null;
  role: Text;
  status: Flag;
  last_login_at: number | null;
}

/** A staff member's session in the console (migrations/0008_staff_console.ts). */
export interface StaffSessionsTable extends Owned {
  staff_id: number;
  token_hash: string;
  ip: Text;
  user_agent: Text;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** A staff login attempt, written before the password is checked and deleted when it was right. */
export interface StaffLoginAttemptsTable extends Owned {
  ip: string;
  email: string;
  created_at: number;
}

/** A company's counter for numbers sharing a prefix (a day's sample records: S20261126). */
export interface NumberSequencesTable {
  company_id: number;
  name: string;
  value: number;
}

/** One staff write: who, when, which call, what it changed (JSON before and after). */
export interface AuditLogTable extends Owned {
  staff_id: number | null;
  staff_name: Text;
  action: string;
  target: Text;
  before: string | null;
  after: string | null;
  ip: Text;
  created_at: number;
}

/** A domain a website also answers on (besides its site code). */
export interface WebsiteDomainsTable extends Owned {
  website_id: number;
  domain: string;
  created_at: number;
}

export interface CustomersTable extends Owned, Timed {
  customer_name: string;
  nickname: Text;
  avatar: Text;
  email: Text;
  phone: Text;
  country: Text;
  password_hash: string;
  chat_id: string | null;
  chat_customer_id: string | null;
  status: Flag;
}

export interface AccessCodesTable extends Owned, Timed {
  website_id: number | null;
  code_hash: string;
  label: Text;
  expires_at: number | null;
  status: Flag;
  max_uses: number | null;
  use_count: Num;
  revoked_at: number | null;
}

export interface SessionsTable extends Owned {
  website_id: number;
  token_hash: string;
  login_type: number;
  customer_id: number | null;
  access_code_id: number | null;
  ip: Text;
  user_agent: Text;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** A visitor session's key (SHA-256 of what the server issued at login); null for customers. */
  visitor_key: string | null;
}

export interface LoginFailuresTable extends Owned {
  website_id: number;
  ip: string;
  created_at: number;
}

export interface AccessApplicationsTable extends Owned, Timed {
  website_id: number;
  phone: string;
  ip: Text;
  lang: Text;
  /** 0 new, 1 approved, 2 declined. */
  status: Flag;
  answered_at: number | null;
  answered_by: number | null;
  customer_id: number | null;
  access_code_id: number | null;
  note: Text;
}

export interface CategoriesTable extends Owned, Timed, Multilingual<'name'> {
  parent_id: number | null;
  picture: Text;
  sort: Num;
  status: Flag;
}

export interface FactoriesTable extends Owned, Timed {
  name: string;
  name_en: Text;
  contact: Text;
  phone: Text;
  address: Text;
  address_en: Text;
  inspection_level: Text;
}

export interface ProductsTable extends Owned, Timed, Multilingual<'name'>, Multilingual<'packing'> {
  category_id: number | null;
  factory_id: number | null;
  toy_number: Text;
  article_number: Text;
  company_number: Text;
  factory_number: Text;
  purchase_number: Num;
  toy_type: Num;
  order_box_type: Num;
  exworks_price: Num;
  price_valid_until: number | null;
  stock_quantity: Num;
  carton_quantity: Num;
  inner_boxes: Num;
  carton_length: Num;
  carton_width: Num;
  carton_height: Num;
  pack_length: Num;
  pack_width: Num;
  pack_height: Num;
  gross_weight: Num;
  net_weight: Num;
  certification: Text;
  remark: Text;
  description: Text;
  video_url: Text;
  model_url: Text;
  /** Pieces; 0: none (0017). */
  min_order_quantity: Num;
  /** JSON [{from, price}]: from pieces, price in major units, ascending (0017). */
  price_breaks: Text;
  lead_time_days: Num;
  hs_code: Text;
  is_new: Flag;
  is_recommend: Flag;
  is_spot: Flag;
  is_gcc: Flag;
  is_cash_sale: Flag;
  is_3d: Flag;
  is_hot: Flag;
  is_expire: Flag;
  removed_time: number | null;
  stop_time: number | null;
  is_set_hide: Flag;
  is_website_hide: Flag;
  click_count: Num;
  select_count: Num;
  sort: Num;
}

export interface FilesTable extends Owned {
  storage_key: string;
  sha256: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  original_name: Text;
  created_at: number;
}

export interface ProductPicturesTable extends Owned {
  product_id: number;
  file_id: number;
  sort: Num;
  created_at: number;
}

export interface HotAreasTable extends Owned, Timed, Multilingual<'area_name'> {
  sort: Num;
}

export interface ProductHotAreasTable extends Owned {
  product_id: number;
  area_id: number;
  rank: Num;
}

export interface AdvertsTable extends Owned, Timed {
  website_id: number | null;
  position: Text;
  title: Text;
  /** JSON object: language key ('en', 'ar', …) to the title in that language. */
  titles: Generated<string>;
  picture: Text;
  link: Text;
  sort: Num;
  status: Flag;
  /** Shown from (epoch ms; null: at once) and until (null: no end), migration 0019. */
  starts_at: number | null;
  ends_at: number | null;
}

export interface ShowroomsTable extends Owned, Timed {
  name: string;
  name_en: Text;
  address: Text;
  address_en: Text;
  picture: Text;
  description: Text;
  sort: Num;
}

export interface BoothsTable extends Owned, Timed {
  showroom_id: number;
  booth_number: string;
  name: Text;
  name_en: Text;
  picture: Text;
  sort: Num;
}

export interface BoothProductsTable extends Owned {
  booth_id: number;
  product_id: number;
  sort: Num;
}

export interface CertificatesTable extends Owned, Timed {
  kind: 'certificate' | 'inspection';
  factory_id: number | null;
  name: string;
  name_en: Text;
  issuer: Text;
  number: Text;
  picture: Text;
  /** JSON array of the pictures' URLs in order; `picture` is the first (0020). */
  pictures: Text;
  valid_from: number | null;
  valid_until: number | null;
  sort: Num;
}

export interface NewsTable extends Owned, Timed {
  category: number;
  lang: Text;
  title: string;
  content: Text;
  cover: Text;
  click_count: Num;
  published_at: number;
  status: Flag;
}

export interface CartLinesTable extends Owned, Timed {
  website_id: number;
  customer_id: number;
  product_id: number;
  ctn: Num;
}

export interface SamplesTable extends Owned {
  website_id: number;
  number: string;
  customer_id: number | null;
  visitor_key: string | null;
  idempotency_key: string;
  company_name: string;
  contact: string;
  phone: Text;
  email: string;
  remark: Text;
  lang: Text;
  product_count: Num;
  total_ctn: Num;
  total_price: Num;
  total_weight: Num;
  total_volume: Num;
  created_at: number;
  deleted_at: number | null;
  seen_at: number | null;
  seen_by: number | null;
}

export interface SampleLinesTable extends Owned {
  sample_id: number;
  product_id: number | null;
  ctn: number;
  snapshot: string;
  sort: Num;
}

export interface OrdersTable extends Owned {
  website_id: number;
  customer_id: number;
  order_number: string;
  status: string;
  confirm_status: Text;
  currency: Text;
  order_amount: Num;
  deposit_amount: Num;
  balance_amount: Num;
  account_info: Text;
  estimated_ship_date: number | null;
  proforma_file_id: number | null;
  remark: Text;
  total_products: Num;
  total_boxes: Num;
  total_quantity: Num;
  created_at: number;
  updated_at: number;
  modified_at: number;
  // migrations/0011_orders.ts
  sample_id: number | null;
  trade_term: Text;
  deposit_percent: Num;
  valid_until: number | null;
  order_amount_minor: Num;
  deposit_amount_minor: Num;
  balance_amount_minor: Num;
  pi_number: Text;
  sent_at: number | null;
  confirmed_at: number | null;
  created_by: number | null;
}

export interface OrderLinesTable extends Owned, Timed {
  order_id: number;
  product_id: number | null;
  purchase_quantity: Num;
  purchase_unit: Text;
  boxes: Num;
  inner_boxes: Num;
  packaging: Text;
  specifications: Text;
  remark: Text;
  unit_price: Num;
  snapshot: Text;
  line_status: Text;
  viewed: Flag;
  sort: Num;
  // migrations/0011_orders.ts
  unit_price_minor: Num;
  amount_minor: Num;
  pieces_per_box: Num;
  quoted_boxes: Num;
  removed_at: number | null;
}

export interface PaymentsTable extends Owned, Timed {
  order_id: number;
  part: 'deposit' | 'balance';
  amount: Num;
  currency: string;
  status: Text;
  idempotency_key: string | null;
}

export interface PaymentVouchersTable extends Owned {
  payment_id: number;
  file_id: number;
  created_at: number;
}

export interface AttachmentsTable extends Owned {
  order_id: number;
  file_id: number;
  file_name: Text;
  uploaded_by: Text;
  created_at: number;
  uploaded_by_name: Text;
}

/** A transition of a quotation or order (migrations/0011_orders.ts). */
export interface OrderEventsTable extends Owned {
  order_id: number;
  event: string;
  from_status: string | null;
  to_status: string;
  actor: string;
  actor_id: number | null;
  actor_name: Text;
  note: Text;
  request_key: string | null;
  created_at: number;
}

/** A payment voucher and its review (migrations/0011_orders.ts). */
export interface OrderVouchersTable extends Owned {
  order_id: number;
  part: string;
  status: Generated<string>;
  amount_minor: number;
  currency: string;
  file_id: number;
  width: number;
  height: number;
  customer_id: number | null;
  idempotency_key: string;
  submitted_at: number;
  reviewed_at: number | null;
  reviewed_by: number | null;
  reviewed_by_name: Text;
  reason: Text;
}

export interface ChatConversationsTable extends Owned {
  chat_id: string;
  main_chat_id: string;
  customer_id: number | null;
  staff_id: number | null;
  last_message: Text;
  unread_count: Num;
  last_check_time: number | null;
  updated_at: number;
  website_id: number | null;
  last_message_id: number | null;
  buyer_read_id: Num;
  staff_unread_count: Num;
  staff_last_check_time: number | null;
  staff_read_id: Num;
  buyer_mailed_at: number | null;
  staff_mailed_at: number | null;
}

export interface ChatMessagesTable extends Owned {
  conversation_id: number;
  from_chat_id: string;
  msg_content: string;
  status: Num;
  gid: string;
  created_at: number;
  from_role: Generated<'buyer' | 'staff'>;
  staff_id: number | null;
}

interface LogRow extends Owned {
  website_id: number;
  session_id: number | null;
  customer_id: number | null;
  created_at: number;
}
export interface BrowseLogsTable extends LogRow {
  product_id: number | null;
  path: Text;
}
export interface ClickLogsTable extends LogRow {
  product_id: number;
}
export interface SelectLogsTable extends LogRow {
  product_id: number;
  factory_id: number | null;
  kind: 'select' | 'recommend';
}
export interface NewsClickLogsTable extends LogRow {
  news_id: number;
}
// --- issue 18 (analytics) ---
/** A buyer's text or photo search (migrations/0018_search_logs.ts, decision 0058). */
export interface SearchLogsTable extends LogRow {
  kind: 'text' | 'image';
  /** The keyword as normalised for grouping; empty for a photo. */
  query: Text;
  results: Num;
  /** 1 when the search found something (text: a result; photo: a sure match). */
  found: Num;
}
// --- end issue 18 (analytics) ---

/** A used upload credential (migrations/0004_upload_grants.ts), kept until it expires. */
export interface UploadGrantsTable extends Owned {
  grant_id: string;
  storage_key: string;
  content_type: string;
  size: number;
  expires_at: number;
  used_at: number;
}

/** A caller's calls of one kind in one window (migrations/0012_stored_limits.ts). */
export interface RateLimitsTable {
  /** What is counted and for whom, e.g. `image_search:s:12` (session 12) or `login:a:203.0.113.9`. */
  name: string;
  window_start: number;
  hits: number;
}

/** An upload credential as it was given, to whom (migrations/0012_stored_limits.ts). */
export interface IssuedUploadsTable extends Owned {
  storage_key: string;
  session_id: number | null;
  staff_session_id: number | null;
  expires_at: number;
}

/** A one-time login link for a customer (migrations/0014_login_links.ts); only its hash is kept. */
export interface LoginLinksTable extends Owned {
  website_id: number;
  customer_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A catalogue import (migrations/0016_import_jobs.ts); the JSON columns are text. */
export interface ImportJobsTable extends Owned {
  staff_id: number;
  status: string;
  sheet_key: string;
  sheet_name: string;
  sheet_type: string;
  money_unit: string;
  lang: string;
  zip_keys: string;
  headers: string;
  mapping: string;
  file_errors: string;
  to_create: number;
  to_update: number;
  rows_total: number;
  rows_done: number;
  created_count: number;
  updated_count: number;
  error_count: number;
  pictures_total: number;
  pictures_done: number;
  lease_until: number;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** A line of an import's spreadsheet (migrations/0016_import_jobs.ts). */
export interface ImportRowsTable {
  job_id: number;
  company_id: number;
  line: number;
  status: string;
  action: string;
  toy_number: string;
  article_number: string;
  fields: string;
  pictures: string;
  errors: string;
  product_id: number | null;
}

/** When a stored linesheet was last asked for (migrations/0021_linesheet_files.ts). */
export interface LinesheetFilesTable {
  /** The PDF's folder under linesheet/: its cache ref. */
  ref: string;
  company_id: number;
  used_at: number;
}

/** What image search keeps of a product picture (migrations/0006_image_index.ts). */
export interface ImageFeaturesTable {
  picture_id: number;
  company_id: number;
  product_id: number;
  file_id: number;
  feature_version: string;
  error: Text;
  width: Num;
  height: Num;
  phash: Text;
  colour: Buffer;
  keypoints: Num;
  local: Buffer;
  vocabulary_id: Text;
  global: Buffer | null;
  created_at: number;
  updated_at: number;
}

/** A company's visual vocabulary (migrations/0006_image_index.ts). */
export interface ImageVocabulariesTable {
  company_id: number;
  vocabulary_id: string;
  feature_version: string;
  pictures: number;
  data: Buffer;
  created_at: number;
  updated_at: number;
}

export interface Database {
  companies: CompaniesTable;
  websites: WebsitesTable;
  company_contacts: CompanyContactsTable;
  company_texts: CompanyTextsTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_login_attempts: StaffLoginAttemptsTable;
  audit_log: AuditLogTable;
  website_domains: WebsiteDomainsTable;
  customers: CustomersTable;
  access_codes: AccessCodesTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  issued_uploads: IssuedUploadsTable;
  login_links: LoginLinksTable;
  import_jobs: ImportJobsTable;
  import_rows: ImportRowsTable;
  linesheet_files: LinesheetFilesTable;
  login_failures: LoginFailuresTable;
  number_sequences: NumberSequencesTable;
  access_applications: AccessApplicationsTable;
  categories: CategoriesTable;
  factories: FactoriesTable;
  products: ProductsTable;
  files: FilesTable;
  product_pictures: ProductPicturesTable;
  hot_areas: HotAreasTable;
  product_hot_areas: ProductHotAreasTable;
  adverts: AdvertsTable;
  showrooms: ShowroomsTable;
  booths: BoothsTable;
  booth_products: BoothProductsTable;
  certificates: CertificatesTable;
  news: NewsTable;
  cart_lines: CartLinesTable;
  samples: SamplesTable;
  sample_lines: SampleLinesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payments: PaymentsTable;
  payment_vouchers: PaymentVouchersTable;
  attachments: AttachmentsTable;
  order_events: OrderEventsTable;
  order_vouchers: OrderVouchersTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  browse_logs: BrowseLogsTable;
  click_logs: ClickLogsTable;
  select_logs: SelectLogsTable;
  news_click_logs: NewsClickLogsTable;
  // --- issue 18 (analytics) ---
  search_logs: SearchLogsTable;
  // --- end issue 18 (analytics) ---
  upload_grants: UploadGrantsTable;
  image_features: ImageFeaturesTable;
  image_vocabularies: ImageVocabulariesTable;
}

export type Website = Selectable<WebsitesTable>;
export type Company = Selectable<CompaniesTable>;
export type Customer = Selectable<CustomersTable>;
export type Session = Selectable<SessionsTable>;
export type NewProduct = Insertable<ProductsTable>;

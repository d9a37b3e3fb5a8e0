/*
 * FROZEN: this migration has shipped. Never edit it; add a new migration instead.
 *
 * The whole data model of the specification, section 3. It runs unchanged on SQLite and
 * PostgreSQL: times are epoch milliseconds in bigint columns, flags are 0/1 integers,
 * money is numeric(14,4), and multilingual fields carry the language suffixes.
 */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen copy of the language suffixes: Chinese is the bare column, the others add a suffix.
const SUFFIXES = [
  '',
  '_en',
  '_es',
  '_ru',
  '_ar',
  '_he',
  '_pl',
  '_fr',
  '_bid',
  '_ja',
  '_ko',
  '_th',
  '_pt',
  '_vi',
  '_fil',
  '_de',
];

type Table = CreateTableBuilder<string, string>;

function withId(t: Table, pg: boolean): Table {
  return pg
    ? t.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull0 = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const notNullEmpty = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

function multilingual(t: Table, base: string): Table {
  return SUFFIXES.reduce((acc, s) => acc.addColumn(`${base}${s}`, 'text', notNullEmpty), t);
}

function companyOwned(t: Table): Table {
  return t.addColumn('company_id', 'bigint', (c) =>
    c.notNull().references('companies.id').onDelete('cascade'),
  );
}

function times(t: Table): Table {
  return t
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = (name: string) => withId(db.schema.createTable(name), pg);
  const owned = (name: string) => companyOwned(table(name));
  const index = (name: string, on: string, columns: string[], unique = false) => {
    const b = db.schema.createIndex(name).on(on).columns(columns);
    return (unique ? b.unique() : b).execute();
  };

  // --- companies and their websites ---------------------------------------------------------
  await times(
    table('companies')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', notNullEmpty)
      .addColumn('logo', 'text', notNullEmpty)
      // Per-company salt of the scrypt lookup hash of access codes and passwords.
      .addColumn('code_salt', 'text', (c) => c.notNull()),
  ).execute();

  await times(
    owned('websites')
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('domain', 'text', (c) => c.unique())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('template_style', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('template_color', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('default_lang', 'integer', (c) => c.notNull().defaultTo(11201002))
      .addColumn('show_news', 'integer', notNull0)
      .addColumn('show_about_us', 'integer', notNull0)
      .addColumn('show_contact', 'integer', notNull0)
      .addColumn('show_article_number', 'integer', notNull0)
      .addColumn('show_price', 'integer', notNull0)
      .addColumn('show_privacy', 'integer', notNull0)
      .addColumn('number_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('trade_terms', 'integer', notNull0)
      .addColumn('money_unit', 'text', (c) => c.notNull().defaultTo('USD'))
      .addColumn('contact_type', 'integer', notNull0)
      .addColumn('is_default_banner', 'integer', notNull0)
      .addColumn('bg_setting', 'text', notNullEmpty)
      .addColumn('bg_image', 'text', notNullEmpty)
      .addColumn('bg_image_setting', 'integer', notNull0)
      .addColumn('toy_type', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await index('websites_company', 'websites', ['company_id']);

  await times(
    owned('company_contacts')
      .addColumn('company_contact', 'text', notNullEmpty)
      .addColumn('company_mobilephone', 'text', notNullEmpty)
      .addColumn('company_telephone', 'text', notNullEmpty)
      .addColumn('company_email', 'text', notNullEmpty)
      .addColumn('company_wechat', 'text', notNullEmpty)
      .addColumn('company_whatsapp', 'text', notNullEmpty)
      .addColumn('company_facebook', 'text', notNullEmpty)
      .addColumn('company_fax', 'text', notNullEmpty)
      .addColumn('company_qq', 'text', notNullEmpty)
      .addColumn('company_address', 'text', notNullEmpty)
      .addColumn('company_address_en', 'text', notNullEmpty)
      .addColumn('lang_type', 'integer', notNull0)
      .addColumn('sort', 'integer', notNull0),
  ).execute();
  await index('company_contacts_company', 'company_contacts', ['company_id', 'sort']);

  // Long company texts (about us, privacy) per language key.
  await times(
    owned('company_texts')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('title', 'text', notNullEmpty)
      .addColumn('body', 'text', notNullEmpty),
  ).execute();
  await index('company_texts_kind', 'company_texts', ['company_id', 'kind', 'lang'], true);

  await times(
    owned('staff_users')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', notNullEmpty)
      .addColumn('password_hash', 'text', notNullEmpty)
      .addColumn('chat_id', 'text')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('sales'))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await index('staff_users_company', 'staff_users', ['company_id']);

  // --- buyers, codes and sessions ------------------------------------------------------------
  await times(
    owned('customers')
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('nickname', 'text', notNullEmpty)
      .addColumn('avatar', 'text', notNullEmpty)
      .addColumn('email', 'text', notNullEmpty)
      .addColumn('phone', 'text', notNullEmpty)
      .addColumn('country', 'text', notNullEmpty)
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('chat_id', 'text')
      .addColumn('chat_customer_id', 'text')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await index('customers_password', 'customers', ['company_id', 'password_hash'], true);

  await times(
    owned('access_codes')
      .addColumn('website_id', 'bigint', (c) => c.references('websites.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('label', 'text', notNullEmpty)
      .addColumn('expires_at', 'bigint')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await index('access_codes_hash', 'access_codes', ['company_id', 'code_hash'], true);

  await owned('sessions')
    .addColumn('website_id', 'bigint', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('login_type', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('access_code_id', 'bigint', (c) => c.references('access_codes.id').onDelete('cascade'))
    .addColumn('ip', 'text', notNullEmpty)
    .addColumn('user_agent', 'text', notNullEmpty)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await index('sessions_customer', 'sessions', ['customer_id']);
  await index('sessions_expiry', 'sessions', ['expires_at']);

  await owned('login_failures')
    .addColumn('website_id', 'bigint', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await index('login_failures_lookup', 'login_failures', ['website_id', 'ip', 'created_at']);

  await times(
    owned('access_applications')
      .addColumn('website_id', 'bigint', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', notNullEmpty)
      .addColumn('lang', 'text', notNullEmpty)
      .addColumn('status', 'integer', notNull0),
  ).execute();
  await index('access_applications_lookup', 'access_applications', ['website_id', 'ip', 'created_at']);
  await index('access_applications_company', 'access_applications', ['company_id', 'status', 'created_at']);

  // --- catalogue -----------------------------------------------------------------------------
  await times(
    multilingual(
      owned('categories').addColumn('parent_id', 'bigint', (c) =>
        c.references('categories.id').onDelete('cascade'),
      ),
      'name',
    )
      .addColumn('picture', 'text', notNullEmpty)
      .addColumn('sort', 'integer', notNull0)
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await index('categories_tree', 'categories', ['company_id', 'parent_id', 'sort']);

  await times(
    owned('factories')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', notNullEmpty)
      .addColumn('contact', 'text', notNullEmpty)
      .addColumn('phone', 'text', notNullEmpty)
      .addColumn('address', 'text', notNullEmpty)
      .addColumn('address_en', 'text', notNullEmpty)
      .addColumn('inspection_level', 'text', notNullEmpty),
  ).execute();
  await index('factories_company', 'factories', ['company_id']);

  let products = owned('products')
    .addColumn('category_id', 'bigint', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('factory_id', 'bigint', (c) => c.references('factories.id').onDelete('set null'))
    .addColumn('toy_number', 'text', notNullEmpty)
    .addColumn('article_number', 'text', notNullEmpty)
    .addColumn('company_number', 'text', notNullEmpty)
    .addColumn('factory_number', 'text', notNullEmpty);
  products = multilingual(multilingual(products, 'name'), 'packing');
  await times(
    products
      .addColumn('purchase_number', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('toy_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('order_box_type', 'integer', notNull0)
      .addColumn('exworks_price', 'numeric(14, 4)', notNull0)
      .addColumn('price_valid_until', 'bigint')
      .addColumn('stock_quantity', 'integer', notNull0)
      .addColumn('carton_quantity', 'integer', notNull0)
      .addColumn('inner_boxes', 'integer', notNull0)
      .addColumn('carton_length', 'double precision', notNull0)
      .addColumn('carton_width', 'double precision', notNull0)
      .addColumn('carton_height', 'double precision', notNull0)
      .addColumn('pack_length', 'double precision', notNull0)
      .addColumn('pack_width', 'double precision', notNull0)
      .addColumn('pack_height', 'double precision', notNull0)
      .addColumn('gross_weight', 'double precision', notNull0)
      .addColumn('net_weight', 'double precision', notNull0)
      .addColumn('certification', 'text', notNullEmpty)
      .addColumn('remark', 'text', notNullEmpty)
      .addColumn('description', 'text', notNullEmpty)
      .addColumn('video_url', 'text', notNullEmpty)
      .addColumn('model_url', 'text', notNullEmpty)
      // The flags of spec section 3.
      .addColumn('is_new', 'integer', notNull0)
      .addColumn('is_recommend', 'integer', notNull0)
      .addColumn('is_spot', 'integer', notNull0)
      .addColumn('is_gcc', 'integer', notNull0)
      .addColumn('is_cash_sale', 'integer', notNull0)
      .addColumn('is_3d', 'integer', notNull0)
      .addColumn('is_hot', 'integer', notNull0)
      .addColumn('is_expire', 'integer', notNull0)
      // The expiry signals sync_toy answers (spec section 4).
      .addColumn('removed_time', 'bigint')
      .addColumn('stop_time', 'bigint')
      .addColumn('is_set_hide', 'integer', notNull0)
      .addColumn('is_website_hide', 'integer', notNull0)
      .addColumn('click_count', 'integer', notNull0)
      .addColumn('select_count', 'integer', notNull0)
      .addColumn('sort', 'integer', notNull0),
  ).execute();
  await index('products_category', 'products', ['company_id', 'category_id']);
  await index('products_created', 'products', ['company_id', 'created_at']);
  await index('products_updated', 'products', ['company_id', 'updated_at']);
  await index('products_price', 'products', ['company_id', 'exworks_price']);
  await index('products_popularity', 'products', ['company_id', 'click_count']);
  await index('products_toy_number', 'products', ['company_id', 'toy_number']);
  await index('products_article_number', 'products', ['company_id', 'article_number']);
  await index('products_factory_number', 'products', ['company_id', 'factory_number']);
  await index('products_factory', 'products', ['factory_id']);
  for (const f of ['is_new', 'is_recommend', 'is_spot', 'is_gcc', 'is_cash_sale', 'is_3d', 'is_hot']) {
    await index(`products_${f}`, 'products', ['company_id', f, 'created_at']);
  }

  // Every file (picture, voucher, attachment) is stored once, by content.
  await owned('files')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('original_name', 'text', notNullEmpty)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await index('files_content', 'files', ['company_id', 'sha256'], true);
  await index('files_key', 'files', ['storage_key'], true);

  await owned('product_pictures')
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('file_id', 'bigint', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('sort', 'integer', notNull0)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await index('product_pictures_product', 'product_pictures', ['product_id', 'sort']);
  await index('product_pictures_company', 'product_pictures', ['company_id', 'file_id']);

  await times(multilingual(owned('hot_areas'), 'area_name').addColumn('sort', 'integer', notNull0)).execute();
  await index('hot_areas_company', 'hot_areas', ['company_id', 'sort']);

  await owned('product_hot_areas')
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('area_id', 'bigint', (c) => c.notNull().references('hot_areas.id').onDelete('cascade'))
    .addColumn('rank', 'integer', notNull0)
    .execute();
  await index('product_hot_areas_area', 'product_hot_areas', ['area_id', 'rank']);
  await index('product_hot_areas_pair', 'product_hot_areas', ['product_id', 'area_id'], true);

  await times(
    owned('adverts')
      .addColumn('website_id', 'bigint', (c) => c.references('websites.id').onDelete('cascade'))
      .addColumn('position', 'text', (c) => c.notNull().defaultTo('home'))
      .addColumn('title', 'text', notNullEmpty)
      .addColumn('picture', 'text', notNullEmpty)
      .addColumn('link', 'text', notNullEmpty)
      .addColumn('sort', 'integer', notNull0)
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await index('adverts_company', 'adverts', ['company_id', 'position', 'sort']);

  await times(
    owned('showrooms')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', notNullEmpty)
      .addColumn('address', 'text', notNullEmpty)
      .addColumn('address_en', 'text', notNullEmpty)
      .addColumn('picture', 'text', notNullEmpty)
      .addColumn('description', 'text', notNullEmpty)
      .addColumn('sort', 'integer', notNull0),
  ).execute();
  await index('showrooms_company', 'showrooms', ['company_id', 'sort']);

  await times(
    owned('booths')
      .addColumn('showroom_id', 'bigint', (c) => c.notNull().references('showrooms.id').onDelete('cascade'))
      .addColumn('booth_number', 'text', (c) => c.notNull())
      .addColumn('name', 'text', notNullEmpty)
      .addColumn('name_en', 'text', notNullEmpty)
      .addColumn('picture', 'text', notNullEmpty)
      .addColumn('sort', 'integer', notNull0),
  ).execute();
  await index('booths_showroom', 'booths', ['company_id', 'showroom_id', 'sort']);

  await owned('booth_products')
    .addColumn('booth_id', 'bigint', (c) => c.notNull().references('booths.id').onDelete('cascade'))
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sort', 'integer', notNull0)
    .execute();
  await index('booth_products_booth', 'booth_products', ['booth_id', 'sort']);
  await index('booth_products_pair', 'booth_products', ['booth_id', 'product_id'], true);

  await times(
    owned('certificates')
      // 'certificate' (certificate authentication) or 'inspection' (factory inspection qualification).
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('factory_id', 'bigint', (c) => c.references('factories.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_en', 'text', notNullEmpty)
      .addColumn('issuer', 'text', notNullEmpty)
      .addColumn('number', 'text', notNullEmpty)
      .addColumn('picture', 'text', notNullEmpty)
      .addColumn('valid_until', 'bigint')
      .addColumn('sort', 'integer', notNull0),
  ).execute();
  await index('certificates_company', 'certificates', ['company_id', 'kind', 'sort']);

  await times(
    owned('news')
      // 1 industry news, 2 company announcement, 3 company dynamics, 4 other.
      .addColumn('category', 'integer', (c) => c.notNull())
      .addColumn('lang', 'text', notNullEmpty)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', notNullEmpty)
      .addColumn('cover', 'text', notNullEmpty)
      .addColumn('click_count', 'integer', notNull0)
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await index('news_list', 'news', ['company_id', 'category', 'published_at']);

  // --- cart, sample records ------------------------------------------------------------------
  await times(
    owned('cart_lines')
      .addColumn('website_id', 'bigint', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('customer_id', 'bigint', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('ctn', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await index('cart_lines_owner', 'cart_lines', ['customer_id', 'website_id', 'product_id'], true);

  await owned('samples')
    .addColumn('website_id', 'bigint', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.references('customers.id').onDelete('set null'))
    // A visitor's records are found again by the browser's own key.
    .addColumn('visitor_key', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', notNullEmpty)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', notNullEmpty)
    .addColumn('lang', 'text', notNullEmpty)
    .addColumn('product_count', 'integer', notNull0)
    .addColumn('total_ctn', 'integer', notNull0)
    .addColumn('total_price', 'numeric(14, 4)', notNull0)
    .addColumn('total_weight', 'double precision', notNull0)
    .addColumn('total_volume', 'double precision', notNull0)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await index('samples_idempotency', 'samples', ['company_id', 'idempotency_key'], true);
  await index('samples_number', 'samples', ['company_id', 'number'], true);
  await index('samples_customer', 'samples', ['company_id', 'customer_id', 'created_at']);
  await index('samples_visitor', 'samples', ['company_id', 'visitor_key', 'created_at']);

  await owned('sample_lines')
    .addColumn('sample_id', 'bigint', (c) => c.notNull().references('samples.id').onDelete('cascade'))
    .addColumn('product_id', 'bigint', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('ctn', 'integer', (c) => c.notNull())
    // The product as it was at submission (names, numbers, packing, carton data, price).
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', notNull0)
    .execute();
  await index('sample_lines_sample', 'sample_lines', ['sample_id', 'sort']);

  // --- orders and payments -------------------------------------------------------------------
  await owned('orders')
    .addColumn('website_id', 'bigint', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('customer_id', 'bigint', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('order_number', 'text', (c) => c.notNull())
    // pending_payment, paid, pending_shipment, shipped, closed, pending_final_payment
    .addColumn('status', 'text', (c) => c.notNull())
    // The quotation side: to_be_confirmed or confirmed.
    .addColumn('confirm_status', 'text', (c) => c.notNull().defaultTo('to_be_confirmed'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('order_amount', 'numeric(14, 4)', notNull0)
    .addColumn('deposit_amount', 'numeric(14, 4)', notNull0)
    .addColumn('balance_amount', 'numeric(14, 4)', notNull0)
    .addColumn('account_info', 'text', notNullEmpty)
    .addColumn('estimated_ship_date', 'bigint')
    .addColumn('proforma_file_id', 'bigint', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('remark', 'text', notNullEmpty)
    .addColumn('total_products', 'integer', notNull0)
    .addColumn('total_boxes', 'integer', notNull0)
    .addColumn('total_quantity', 'integer', notNull0)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  await index('orders_number', 'orders', ['company_id', 'order_number'], true);
  await index('orders_customer', 'orders', ['company_id', 'customer_id', 'confirm_status', 'created_at']);

  await times(
    owned('order_lines')
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('product_id', 'bigint', (c) => c.references('products.id').onDelete('set null'))
      .addColumn('purchase_quantity', 'integer', notNull0)
      .addColumn('purchase_unit', 'text', (c) => c.notNull().defaultTo('PCS'))
      .addColumn('boxes', 'integer', notNull0)
      .addColumn('inner_boxes', 'integer', notNull0)
      .addColumn('packaging', 'text', notNullEmpty)
      .addColumn('specifications', 'text', notNullEmpty)
      .addColumn('remark', 'text', notNullEmpty)
      .addColumn('unit_price', 'numeric(14, 4)', notNull0)
      .addColumn('snapshot', 'text', notNullEmpty)
      .addColumn('line_status', 'text', (c) => c.notNull().defaultTo('to_be_confirmed'))
      .addColumn('viewed', 'integer', notNull0)
      .addColumn('sort', 'integer', notNull0),
  ).execute();
  await index('order_lines_order', 'order_lines', ['order_id', 'sort']);

  await times(
    owned('payments')
      .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      // deposit or balance
      .addColumn('part', 'text', (c) => c.notNull())
      .addColumn('amount', 'numeric(14, 4)', notNull0)
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('idempotency_key', 'text'),
  ).execute();
  await index('payments_order', 'payments', ['order_id', 'part']);
  await index('payments_idempotency', 'payments', ['company_id', 'idempotency_key'], true);

  await owned('payment_vouchers')
    .addColumn('payment_id', 'bigint', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('file_id', 'bigint', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await index('payment_vouchers_payment', 'payment_vouchers', ['payment_id']);

  await owned('attachments')
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('file_id', 'bigint', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('file_name', 'text', notNullEmpty)
    .addColumn('uploaded_by', 'text', (c) => c.notNull().defaultTo('customer'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await index('attachments_order', 'attachments', ['order_id']);

  // --- chat ------------------------------------------------------------------------------------
  await owned('chat_conversations')
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('main_chat_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('staff_id', 'bigint', (c) => c.references('staff_users.id').onDelete('set null'))
    .addColumn('last_message', 'text', notNullEmpty)
    .addColumn('unread_count', 'integer', notNull0)
    .addColumn('last_check_time', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await index(
    'chat_conversations_pair',
    'chat_conversations',
    ['company_id', 'chat_id', 'main_chat_id'],
    true,
  );

  await owned('chat_messages')
    .addColumn('conversation_id', 'bigint', (c) =>
      c.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('from_chat_id', 'text', (c) => c.notNull())
    // A JSON list of {type, content}: text, image or custom (photo, video, audio, sharePro).
    .addColumn('msg_content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', notNull0)
    // The sender's own id for the message: a retried send is stored once.
    .addColumn('gid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await index('chat_messages_history', 'chat_messages', ['conversation_id', 'created_at']);
  await index('chat_messages_gid', 'chat_messages', ['conversation_id', 'gid'], true);

  // --- browse, click and select logs ---------------------------------------------------------
  const log = (name: string) =>
    owned(name)
      .addColumn('website_id', 'bigint', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('session_id', 'bigint')
      .addColumn('customer_id', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull());
  await log('browse_logs')
    .addColumn('product_id', 'bigint', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('path', 'text', notNullEmpty)
    .execute();
  await index('browse_logs_company', 'browse_logs', ['company_id', 'created_at']);
  await log('click_logs')
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .execute();
  await index('click_logs_product', 'click_logs', ['company_id', 'product_id', 'created_at']);
  await log('select_logs')
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('factory_id', 'bigint')
    // 'select' (toy_select_log) or 'recommend' (toy_recommend_select_log)
    .addColumn('kind', 'text', (c) => c.notNull())
    .execute();
  await index('select_logs_product', 'select_logs', ['company_id', 'product_id', 'created_at']);
  await log('news_click_logs')
    .addColumn('news_id', 'bigint', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .execute();
  await index('news_click_logs_news', 'news_click_logs', ['company_id', 'news_id']);
}

import { type CallName, type CallRequest, type CallResponse, calls } from '@vitrine/contract';
import type { TestApp } from './harness';
import { orderWithVoucher, picture, quotation } from './orders';

/** Every staff call of the contract. */
export type StaffCall = Extract<CallName, `staff_${string}`>;
/** The staff calls made with a staff token (all but staff_login). */
export type StaffTokenCall = Exclude<StaffCall, 'staff_login'>;

export const STAFF_TOKEN_CALLS = (Object.keys(calls) as CallName[]).filter(
  (n): n is StaffTokenCall => calls[n].access === 'staff',
);

/** The calls that only read: every other staff call writes, and is audited. */
export const isStaffRead = (name: StaffCall): boolean =>
  /^staff_(list|get|export)_/.test(name) ||
  name === 'staff_get_me' ||
  name === 'staff_chat_context' ||
  name === 'staff_create_chat_sig' ||
  name === 'staff_search_chat_products' ||
  // A read receipt changes what staff have read, not the company's data: not audited (decision 0036).
  name === 'staff_mark_read';

/** Rows of one company that staff calls act on, by kind. */
export interface CompanyObjects {
  site: 'demo' | 'demo2';
  website: number;
  customerId: number;
  codeId: number;
  /** Two applications still new: one to approve, one to decline. */
  applicationIds: [number, number];
  sampleId: number;
  staffId: number;
  /** The customer's chat id: its conversation has a message (the customer wrote one). */
  chatId: string;
  /** The company's customer-service staff member (chat conversations are assigned to them). */
  serviceStaffId: number;
}

let applicants = 0;

/**
 * Makes, through the buyers' own calls, a company's rows that staff calls act on: two access
 * applications and a submitted sample list; the seed gives the customer, the code and the staff.
 */
export async function companyObjects(t: TestApp, site: 'demo' | 'demo2'): Promise<CompanyObjects> {
  const buyer = await t.login(site, 'customer');
  const applicationIds: number[] = [];
  for (let i = 0; i < 2; i++) {
    const phone = `+86 138 0000 ${String(++applicants).padStart(4, '0')}`;
    // A distinct address each: applications are limited per address.
    const r = await t.call('access_apply', { phone }, { website: buyer.website, ip: `10.9.${applicants}.1` });
    if (r.code !== 0) throw new Error(`access_apply: ${r.tip}`);
    const row = await t.db
      .selectFrom('access_applications')
      .select('id')
      .where('website_id', '=', buyer.website)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    applicationIds.push(row.id);
  }
  const products = await t.call('get_list', { page_size: 3 }, buyer);
  const submitted = await t.call(
    'add_choose',
    {
      company_name: `${site} buyer`,
      contact: 'Amira Haddad',
      phone: '+971 4 555 0101',
      email: 'amira@gulftoys.example',
      remark: '',
      lines: products.data.list.map((p) => ({ id: p.id, ctn: 2 })),
      idempotency_key: `staff-test-${site}-${Date.now()}-${applicants}`,
    },
    buyer,
  );
  if (submitted.code !== 0) throw new Error(`add_choose: ${submitted.tip}`);
  const companyId = (
    await t.db
      .selectFrom('websites')
      .select('company_id')
      .where('id', '=', buyer.website)
      .executeTakeFirstOrThrow()
  ).company_id;
  const code = await t.db
    .selectFrom('access_codes')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const owner = await t.db
    .selectFrom('staff_users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role', '=', 'sales')
    .executeTakeFirstOrThrow();
  if (buyer.user.customer_id === null) throw new Error('the demo customer has no id');
  const service = await t.db
    .selectFrom('staff_users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role', '=', 'service')
    .executeTakeFirstOrThrow();
  const chatId = buyer.user.chat_id;
  if (!chatId || !buyer.user.chat_user_sig) throw new Error('the demo customer has no chat');
  const socket = await t.chatAs({
    token: buyer.token,
    website: buyer.website,
    sig: buyer.user.chat_user_sig,
  });
  socket.send({
    type: 'send',
    gid: `staff-test-${Date.now()}-${applicants}`,
    chat_id: chatId,
    main_chat_id: buyer.user.chat_customer_id ?? '',
    msg_content: [{ type: 'text', content: 'Do you have these in red?' }],
  });
  await socket.next('ack');
  await socket.close();
  return {
    site,
    website: buyer.website,
    customerId: buyer.user.customer_id,
    codeId: code.id,
    applicationIds: [applicationIds[0] ?? 0, applicationIds[1] ?? 0],
    sampleId: submitted.data.id,
    staffId: owner.id,
    chatId,
    serviceStaffId: service.id,
  };
}

/**
 * A valid body of every staff call, acting on the given company's rows. A Record over the
 * contract's staff calls: a new staff call cannot be left out of the loops that use it.
 */
export async function staffCallBodies(
  t: TestApp,
  o: CompanyObjects,
  ownerToken: string,
): Promise<{ [N in StaffTokenCall]: CallRequest<N> }> {
  const settings = await t.call('staff_get_settings', {}, { website: o.website, token: ownerToken });
  if (settings.code !== 0) throw new Error(`staff_get_settings: ${settings.tip}`);
  // An order whose deposit voucher waits for a review, and a draft quotation to edit.
  const staff = { website: o.website, token: ownerToken };
  const buyer = await t.login(o.site, 'customer');
  const paid = await orderWithVoucher(t, staff, buyer, o.sampleId);
  const draft = await quotation(t, staff, o.sampleId, { send: false });
  const credential = await t.call('staff_get_order_upload_credential', { content_type: 'image/png' }, staff);
  if (credential.code !== 0) throw new Error(`staff_get_order_upload_credential: ${credential.tip}`);
  const uploaded = await t.upload(credential.data, await picture('png'));
  if (uploaded.status !== 204) throw new Error(`upload: ${uploaded.status}`);
  // Two products of the company: one to edit, one whose pictures change (a save moves updated_at on).
  const [edited, pictured] = await t.db
    .selectFrom('products')
    .select('id')
    .where(
      'company_id',
      '=',
      (
        await t.db
          .selectFrom('websites')
          .select('company_id')
          .where('id', '=', o.website)
          .executeTakeFirstOrThrow()
      ).company_id,
    )
    .orderBy('id')
    .limit(2)
    .execute();
  if (!edited || !pictured) throw new Error('the company has fewer than two products');
  const content = await contentObjects(t, staff);
  const product = await t.call('staff_get_product', { id: edited.id }, staff);
  const picturedProduct = await t.call('staff_get_product', { id: pictured.id }, staff);
  if (product.code !== 0 || picturedProduct.code !== 0) throw new Error(`staff_get_product: ${product.tip}`);
  const {
    id: _id,
    pictures: _p,
    money_unit: _m,
    price_exponent: _e,
    created_at: _c,
    updated_at,
    taken_off_at: _t,
    ...fields
  } = product.data;
  const siteCredential = await t.call('staff_get_upload_credential', { content_type: 'image/png' }, staff);
  if (siteCredential.code !== 0) throw new Error(`staff_get_upload_credential: ${siteCredential.tip}`);
  const photo = await t.upload(siteCredential.data, await picture('png'));
  if (photo.status !== 204) throw new Error(`upload: ${photo.status}`);
  // An import of the company (a CSV of one product), for the import's calls.
  const sheetCredential = await t.call(
    'staff_get_import_upload_credential',
    { content_type: 'text/csv' },
    staff,
  );
  if (sheetCredential.code !== 0)
    throw new Error(`staff_get_import_upload_credential: ${sheetCredential.tip}`);
  const sheet = await t.upload(sheetCredential.data, Buffer.from('toy_number,name_en\nLOOP-1,Loop check\n'));
  if (sheet.status !== 204) throw new Error(`upload: ${sheet.status}`);
  const created = await t.call('staff_create_import', { sheet_url: sheetCredential.data.file_url }, staff);
  if (created.code !== 0) throw new Error(`staff_create_import: ${created.tip}`);
  const importId = created.data.id;
  return {
    staff_get_import_template: {},
    staff_get_import_upload_credential: { content_type: 'text/csv' },
    staff_create_import: { sheet_url: sheetCredential.data.file_url },
    staff_check_import: { id: importId, mapping: created.data.mapping },
    staff_run_import: { id: importId },
    staff_get_import: { id: importId },
    staff_list_imports: {},
    staff_list_products: {},
    staff_get_product: { id: edited.id },
    staff_list_product_options: {},
    staff_save_product: { id: edited.id, updated_at, product: { ...fields, remark: 'Checked by QA' } },
    staff_set_product_pictures: {
      id: pictured.id,
      updated_at: picturedProduct.data.updated_at,
      pictures: [{ url: siteCredential.data.file_url }],
    },
    staff_bulk_products: { ids: [edited.id], action: 'set_flag', flag: 'is_hot' },
    // Issue 18 item 3 (decision 0057).
    staff_list_categories: {},
    staff_save_category: content.category,
    staff_list_banners: {},
    staff_save_banner: content.banner,
    staff_list_news: {},
    staff_save_news: content.news,
    staff_list_showrooms: {},
    staff_save_showroom: content.showroom,
    staff_get_booth: { id: content.booth.id },
    staff_save_booth: content.booth,
    staff_list_hot_areas: {},
    staff_save_hot_area: content.hotArea,
    staff_get_hot_area: { id: content.hotArea.id },
    staff_add_hot_products: { area_id: content.hotArea.id, product_ids: [edited.id] },
    staff_list_factories: {},
    staff_save_factory: content.factory,
    staff_order_content: { kind: 'banner', ids: content.bannerIds },
    staff_delete_content: { kind: 'news', id: content.newsToDelete },
    // Issue 18 item 3: certificates, inspections and about us (decision 0066).
    staff_list_certificates: { kind: 'inspection' },
    staff_save_certificate: content.certificate,
    staff_get_about: {},
    staff_save_about: content.about,
    staff_get_model_upload_credential: { content_type: 'model/gltf-binary' },
    staff_logout: {},
    staff_get_me: {},
    staff_get_counts: {},
    staff_change_password: { current_password: `${o.site}-owner`, new_password: 'a-new-password-1' },
    staff_list_staff: {},
    staff_create_staff: { name: 'New colleague', email: `new-${Date.now()}@${o.site}.test`, role: 'sales' },
    staff_update_staff: { id: o.staffId, name: 'Sales desk (renamed)' },
    staff_reset_staff_password: { id: o.staffId },
    staff_list_customers: {},
    staff_get_customer: { id: o.customerId },
    staff_create_customer: { customer_name: 'New buyer' },
    staff_update_customer: { id: o.customerId, nickname: 'Renamed' },
    staff_reset_customer_password: { id: o.customerId },
    staff_set_customer_status: { id: o.customerId, status: 1 },
    staff_create_login_link: { id: o.customerId },
    staff_list_access_codes: {},
    staff_create_access_code: { label: 'Fair visitors' },
    staff_revoke_access_code: { id: o.codeId },
    staff_list_applications: {},
    staff_approve_application: {
      id: o.applicationIds[0],
      grant: 'customer',
      customer_name: 'Approved buyer',
    },
    staff_decline_application: { id: o.applicationIds[1], note: 'Unknown number' },
    staff_list_samples: {},
    staff_get_sample: { id: o.sampleId },
    staff_mark_sample_seen: { id: o.sampleId },
    staff_export_sample: { id: o.sampleId },
    staff_get_linesheet: { language: 'en', selection: { kind: 'record', id: o.sampleId } },
    staff_get_settings: {},
    staff_update_settings: settings.data,
    staff_get_upload_credential: { content_type: 'image/png' },
    staff_list_audit: {},
    staff_list_orders: {},
    staff_get_order: { id: paid.id },
    staff_create_quotation: { sample_id: o.sampleId },
    staff_update_quotation: { id: draft, remark: 'Prices valid for sea freight' },
    staff_review_voucher: { voucher_id: paid.voucherId, decision: 'confirm' },
    staff_set_ship_date: { id: paid.id, estimated_ship_date: Date.UTC(2027, 0, 15) },
    staff_attach_order_file: { id: paid.id, url: credential.data.file_url, file_name: 'packing-list.png' },
    staff_advance_order: { id: paid.id, event: 'cancel', note: 'Buyer asked to cancel' },
    staff_get_order_counts: {},
    staff_get_order_proforma: { id: paid.id },
    staff_get_order_upload_credential: { content_type: 'application/pdf' },
    staff_list_conversations: {},
    staff_get_messages: { chat_id: o.chatId },
    staff_assign_conversation: { chat_id: o.chatId, staff_id: o.serviceStaffId },
    staff_mark_read: { chat_id: o.chatId },
    staff_list_chat_staff: {},
    staff_search_chat_products: { keyword: 'car' },
    staff_chat_context: { chat_id: o.chatId },
    staff_create_chat_sig: {},
    staff_get_chat_upload_credential: { content_type: 'image/png' },
    // --- issue 18 (analytics) ---
    staff_get_analytics: { from: '2026-11-01', to: '2026-11-30', utc_offset: 480 },
    staff_export_analytics: { from: '2026-11-01', to: '2026-11-30', section: 'text_gaps' },
    // --- end issue 18 (analytics) ---
  };
}

/**
 * The company's showroom content that the content calls act on (decision 0057): a category, a
 * banner, a showroom and a booth of the seed with the updated_at they were read with, and two
 * news items written for the test (one to save, one to delete).
 */
async function contentObjects(t: TestApp, staff: { website: number; token: string }) {
  const must = <T>(r: { code: number; tip: string; data: T }, name: string): T => {
    if (r.code !== 0) throw new Error(`${name}: ${r.tip}`);
    return r.data;
  };
  const category = must(await t.call('staff_list_categories', {}, staff), 'staff_list_categories').list.find(
    (k) => k.parent_id !== null,
  );
  const banners = must(await t.call('staff_list_banners', {}, staff), 'staff_list_banners').list;
  const room = must(await t.call('staff_list_showrooms', {}, staff), 'staff_list_showrooms').list[0];
  const boothRow = room?.booths[0];
  if (!category || !banners[0] || !room || !boothRow)
    throw new Error('the seed has no category, banner or booth');
  const booth = must(await t.call('staff_get_booth', { id: boothRow.id }, staff), 'staff_get_booth');
  const area = must(await t.call('staff_list_hot_areas', {}, staff), 'staff_list_hot_areas').list[0];
  const factory = must(await t.call('staff_list_factories', {}, staff), 'staff_list_factories').list[0];
  if (!area || !factory) throw new Error('the seed has no buyer region or factory');
  const inspection = must(
    await t.call('staff_list_certificates', { kind: 'inspection' }, staff),
    'staff_list_certificates',
  ).list[0];
  if (!inspection) throw new Error('the seed has no factory inspection');
  const about = must(await t.call('staff_get_about', {}, staff), 'staff_get_about');
  const write = async (title: string) =>
    must(
      await t.call(
        'staff_save_news',
        {
          news: {
            category: 2,
            lang: 'en',
            title,
            content: 'New catalogue out.',
            published_at: Date.UTC(2026, 10, 1),
          },
        },
        staff,
      ),
      'staff_save_news',
    );
  const news = await write('Autumn catalogue');
  const doomed = await write('Wrong date');
  const { id: _k, sort: _s, product_count: _p, updated_at: kAt, ...kFields } = category;
  const b = banners[0];
  return {
    category: {
      id: category.id,
      updated_at: kAt,
      category: { ...kFields, names: { ...kFields.names, en: 'Ride-ons' } },
    },
    banner: {
      id: b.id,
      updated_at: b.updated_at,
      banner: {
        position: 'home' as const,
        titles: { ...b.titles, en: 'Spring fair' },
        picture: b.picture,
        link: b.link,
        status: b.status,
        starts_at: b.starts_at,
        ends_at: b.ends_at,
      },
    },
    bannerIds: banners.map((x) => x.id).reverse(),
    news: {
      id: news.id,
      updated_at: news.updated_at,
      news: { ...pickNews(news), title: 'Autumn catalogue, second edition' },
    },
    newsToDelete: doomed.id,
    showroom: {
      id: room.id,
      updated_at: room.updated_at,
      showroom: {
        name: room.name,
        name_en: room.name_en,
        address: room.address,
        address_en: 'Hall 1, Chenghai',
        picture: room.picture,
        description: room.description,
      },
    },
    hotArea: {
      id: area.id,
      updated_at: area.updated_at,
      hot_area: { names: { ...area.names, en: `${area.names.en} (edited)` } },
    },
    factory: {
      id: factory.id,
      updated_at: factory.updated_at,
      factory: {
        name: factory.name,
        name_en: factory.name_en,
        contact: factory.contact,
        phone: factory.phone,
        address: factory.address,
        address_en: factory.address_en,
        inspection_level: 'BSCI B',
      },
    },
    certificate: {
      id: inspection.id,
      updated_at: inspection.updated_at,
      certificate: {
        kind: inspection.kind,
        factory_id: inspection.factory_id,
        name: inspection.name,
        name_en: inspection.name_en,
        issuer: 'SGS Shenzhen',
        number: inspection.number,
        pictures: inspection.pictures,
        valid_from: inspection.valid_from,
        valid_until: inspection.valid_until,
      },
    },
    about: { texts: { ...about.texts, en: 'A toy exporter since 1998.' }, updated_at: about.updated_at },
    booth: {
      id: booth.id,
      updated_at: booth.updated_at,
      booth: {
        showroom_id: booth.showroom_id,
        booth_number: booth.booth_number,
        name: booth.name,
        name_en: 'Ride-ons corner',
        picture: booth.picture,
        product_ids: booth.products.map((p) => p.id).reverse(),
      },
    },
  };
}

const pickNews = (n: CallResponse<'staff_save_news'>) => ({
  category: n.category,
  lang: n.lang,
  title: n.title,
  content: n.content,
  cover: n.cover,
  published_at: n.published_at,
  status: n.status,
});

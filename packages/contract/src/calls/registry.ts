import { z } from 'zod';
import { getTempAuthRequest, imageSearchRequest, imageSearchResponse, tempAuth } from './search';
import { baseRequest } from '../envelope';
import {
  advert,
  booth,
  boothDetail,
  boothIdRequest,
  certificate,
  companyNewsPage,
  getAdvertRequest,
  getBoothListRequest,
  getBoothToyRequest,
  getCertificationRequest,
  getCompanyNewRequest,
  loggedResponse,
  logNewClickRequest,
  showroom,
  toyClickLogRequest,
  toySelectLogRequest,
  websiteToyBrowseRequest,
} from './showroom';
import { accessApplyRequest, emptyResponse, loginRequest, loginResponse, logoutRequest } from './auth';
import {
  getToyRequest,
  relatedRequest,
  toyDataResponse,
  productCard,
  flagListRequest,
  getHotRequest,
  hotArea,
  newToyRequest,
  productDetail,
  productIdRequest,
  productPicture,
  categoryTree,
  getCategoryRequest,
  getListRequest,
  getParentCategoryRequest,
  productPage,
  category,
} from './catalog';
import {
  contactUsRequest,
  contactUsResponse,
  getCompanyInfoRequest,
  getCompanyInfoResponse,
} from './company';
import {
  addSampleCarRequest,
  addSampleCarResponse,
  cartCountResponse,
  deleteSampleCarRequest,
  sampleCartResponse,
  syncToyItem,
  syncToyRequest,
  updateSampleCarRequest,
} from './cart';
import {
  addChooseRequest,
  addChooseResponse,
  deleteChooseRequest,
  deleteChooseResponse,
  exportChooseRequest,
  exportResponse,
  exportSampleCarRequest,
  getChooseListRequest,
  getChooseToyListRequest,
  getDetailChooseRequest,
  getDetailChooseResponse,
  sampleIdRequest,
  sampleLinesResponse,
  sampleListResponse,
  sampleSummary,
} from './samples';
import { getWebsiteAgainRequest, getWebsiteAgainResponse, getWebsiteInfoRequest, websiteInfo } from './site';

/**
 * Who may make a call:
 * - public: no website needed (it names one in the body or is resolved from the host);
 * - website: the Website-ID header must name a known website;
 * - session: a valid session token of that website is needed (visitor or customer);
 * - customer: a session of a logged-in customer (login_type 1) is needed.
 */
export type CallAccess = 'public' | 'website' | 'session' | 'customer';

export interface CallDefinition<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends CallAccess = CallAccess,
> {
  readonly name: string;
  readonly access: A;
  readonly summary: string;
  readonly tag: string;
  readonly request: Req;
  readonly response: Res;
}

const call = <Req extends z.ZodType, Res extends z.ZodType, A extends CallAccess>(
  d: CallDefinition<Req, Res, A>,
) => d;

export const calls = {
  get_website_info: call({
    name: 'get_website_info',
    access: 'public',
    tag: 'site',
    summary: 'Public settings of a showroom, from the site code, else the host name, else the default site.',
    request: getWebsiteInfoRequest,
    response: websiteInfo,
  }),
  login: call({
    name: 'login',
    access: 'public',
    tag: 'auth',
    summary: 'Log in with a visitor access code (login_type 0) or a customer password (login_type 1).',
    request: loginRequest,
    response: loginResponse,
  }),
  get_website_again: call({
    name: 'get_website_again',
    access: 'session',
    tag: 'auth',
    summary: 'Restore a session after a reload: the website id and the user of the token.',
    request: getWebsiteAgainRequest,
    response: getWebsiteAgainResponse,
  }),
  logout: call({
    name: 'logout',
    access: 'session',
    tag: 'auth',
    summary: 'End the current session (the token stops working at once).',
    request: logoutRequest,
    response: emptyResponse,
  }),
  access_apply: call({
    name: 'access_apply',
    access: 'website',
    tag: 'auth',
    summary: "Ask the company's staff for an access code, leaving a phone number.",
    request: accessApplyRequest,
    response: emptyResponse,
  }),
  get_company_info: call({
    name: 'get_company_info',
    access: 'session',
    tag: 'company',
    summary:
      "The company's names, logo and about-us text (when the about function is on) in the request's language.",
    request: getCompanyInfoRequest,
    response: getCompanyInfoResponse,
  }),
  contact_us: call({
    name: 'contact_us',
    access: 'session',
    tag: 'company',
    summary:
      "The company's contact records, with the address to show per language and contact_type; refused when the contact function is off.",
    request: contactUsRequest,
    response: contactUsResponse,
  }),
  get_list: call({
    name: 'get_list',
    access: 'session',
    tag: 'catalog',
    summary:
      'A page of products: by category (a parent includes its children), flag, entry date and keyword, in one of six orders.',
    request: getListRequest,
    response: productPage,
  }),
  get_parent_category: call({
    name: 'get_parent_category',
    access: 'session',
    tag: 'catalog',
    summary: "The top-level categories, named in the request's language.",
    request: getParentCategoryRequest,
    response: z.array(category),
  }),
  get_category: call({
    name: 'get_category',
    access: 'session',
    tag: 'catalog',
    summary: 'The children of a category, or the whole two-level tree when no parent is given.',
    request: getCategoryRequest,
    response: categoryTree,
  }),
  get_new_toy: call({
    name: 'get_new_toy',
    access: 'session',
    tag: 'catalog',
    summary: 'New arrivals: flagged new, or entered within the last 3, 6, 9 or 12 months.',
    request: newToyRequest,
    response: productPage,
  }),
  get_stock_toy: call({
    name: 'get_stock_toy',
    access: 'session',
    tag: 'catalog',
    summary: 'Spot products (in stock, ready to ship).',
    request: flagListRequest,
    response: productPage,
  }),
  get_gcc_toy: call({
    name: 'get_gcc_toy',
    access: 'session',
    tag: 'catalog',
    summary: 'Products for the GCC market (Gulf standards).',
    request: flagListRequest,
    response: productPage,
  }),
  get_3d_toy: call({
    name: 'get_3d_toy',
    access: 'session',
    tag: 'catalog',
    summary: 'Products with a 3D model.',
    request: flagListRequest,
    response: productPage,
  }),
  get_hot_toy: call({
    name: 'get_hot_toy',
    access: 'session',
    tag: 'catalog',
    summary: 'Hot, top-selling products.',
    request: flagListRequest,
    response: productPage,
  }),
  get_spread_toy: call({
    name: 'get_spread_toy',
    access: 'session',
    tag: 'catalog',
    summary: 'The e-commerce (cash-sale) products.',
    request: flagListRequest,
    response: productPage,
  }),
  get_recommend_toy: call({
    name: 'get_recommend_toy',
    access: 'session',
    tag: 'catalog',
    summary: 'Products the exporter recommends.',
    request: flagListRequest,
    response: productPage,
  }),
  get_toy_detail: call({
    name: 'get_toy_detail',
    access: 'session',
    tag: 'catalog',
    summary: 'One product with every label, its pictures, category path and factory.',
    request: productIdRequest,
    response: productDetail,
  }),
  get_toy_picture: call({
    name: 'get_toy_picture',
    access: 'session',
    tag: 'catalog',
    summary: "A product's pictures, in order.",
    request: productIdRequest,
    response: z.array(productPicture),
  }),
  get_location_list: call({
    name: 'get_location_list',
    access: 'session',
    tag: 'catalog',
    summary: "The buyer regions (hot areas), named in the request's language.",
    request: baseRequest,
    response: z.array(hotArea),
  }),
  get_hot: call({
    name: 'get_hot',
    access: 'session',
    tag: 'catalog',
    summary: 'The hot products of a buyer region, best first; without a region, the hot products overall.',
    request: getHotRequest,
    response: productPage,
  }),
  get_showroom: call({
    name: 'get_showroom',
    access: 'session',
    tag: 'showroom',
    summary: 'The showrooms, with their booth counts.',
    request: baseRequest,
    response: z.array(showroom),
  }),
  get_booth_list: call({
    name: 'get_booth_list',
    access: 'session',
    tag: 'showroom',
    summary: 'The booths of a showroom (or of all), in their order.',
    request: getBoothListRequest,
    response: z.array(booth),
  }),
  get_booth_detail: call({
    name: 'get_booth_detail',
    access: 'session',
    tag: 'showroom',
    summary: 'One booth with the previous and next booth of its showroom.',
    request: boothIdRequest,
    response: boothDetail,
  }),
  get_booth_toy: call({
    name: 'get_booth_toy',
    access: 'session',
    tag: 'showroom',
    summary: 'The products shown in a booth.',
    request: getBoothToyRequest,
    response: productPage,
  }),
  get_certification: call({
    name: 'get_certification',
    access: 'session',
    tag: 'company',
    summary: 'Certificates (certificate authentication) and factory inspections (inspection qualification).',
    request: getCertificationRequest,
    response: z.array(certificate),
  }),
  get_company_new: call({
    name: 'get_company_new',
    access: 'session',
    tag: 'news',
    summary:
      'Company news by category, newest first, with month and day; one item in full when an id is given. Refused when the news function is off.',
    request: getCompanyNewRequest,
    response: companyNewsPage,
  }),
  log_new_click: call({
    name: 'log_new_click',
    access: 'session',
    tag: 'analytics',
    summary: 'Records that a news item was opened.',
    request: logNewClickRequest,
    response: loggedResponse,
  }),
  get_advert: call({
    name: 'get_advert',
    access: 'session',
    tag: 'catalog',
    summary: 'The banners of a position of the site (home by default).',
    request: getAdvertRequest,
    response: z.array(advert),
  }),
  toy_click_log: call({
    name: 'toy_click_log',
    access: 'session',
    tag: 'analytics',
    summary: 'Records a product click (feeds the popularity order).',
    request: toyClickLogRequest,
    response: loggedResponse,
  }),
  toy_select_log: call({
    name: 'toy_select_log',
    access: 'session',
    tag: 'analytics',
    summary: 'Records that a product was selected into the sample cart.',
    request: toySelectLogRequest,
    response: loggedResponse,
  }),
  toy_recommend_select_log: call({
    name: 'toy_recommend_select_log',
    access: 'session',
    tag: 'analytics',
    summary: 'Records that a recommended product was selected.',
    request: toySelectLogRequest,
    response: loggedResponse,
  }),
  website_toy_browse: call({
    name: 'website_toy_browse',
    access: 'session',
    tag: 'analytics',
    summary: 'Records a page view (and the product viewed, if any).',
    request: websiteToyBrowseRequest,
    response: loggedResponse,
  }),
  get_toy: call({
    name: 'get_toy',
    access: 'session',
    tag: 'catalog',
    summary: "Products by id, in the order asked; ids that are not the website's products are left out.",
    request: getToyRequest,
    response: z.array(productCard),
  }),
  toy_data: call({
    name: 'toy_data',
    access: 'session',
    tag: 'catalog',
    summary: 'Catalogue figures for the home page: products, categories and products per flag.',
    request: baseRequest,
    response: toyDataResponse,
  }),
  get_recommend_detail: call({
    name: 'get_recommend_detail',
    access: 'session',
    tag: 'catalog',
    summary: "Recommended products to show on a product's page: recommended ones of its category first.",
    request: relatedRequest,
    response: z.array(productCard),
  }),
  get_toy_similar: call({
    name: 'get_toy_similar',
    access: 'session',
    tag: 'catalog',
    summary:
      "Products similar to one: those whose pictures look like its first picture, most similar first, then the same category's, closest in price.",
    request: relatedRequest,
    response: z.array(productCard),
  }),
  get_sample_car_list: call({
    name: 'get_sample_car_list',
    access: 'customer',
    tag: 'cart',
    summary: "The customer's sample-selection cart (kept on the server), newest line first, with its totals.",
    request: baseRequest,
    response: sampleCartResponse,
  }),
  add_sample_car: call({
    name: 'add_sample_car',
    access: 'customer',
    tag: 'cart',
    summary:
      'Adds products to the customer cart (ids, with their default cartons) or merges lines (a visitor cart at login). Refuses the lot beyond 1000 lines.',
    request: addSampleCarRequest,
    response: addSampleCarResponse,
  }),
  delete_sample_car: call({
    name: 'delete_sample_car',
    access: 'customer',
    tag: 'cart',
    summary: 'Removes products from the customer cart.',
    request: deleteSampleCarRequest,
    response: cartCountResponse,
  }),
  update_sample_car: call({
    name: 'update_sample_car',
    access: 'customer',
    tag: 'cart',
    summary: 'Sets the number of cartons of cart lines (one line, or a batch change).',
    request: updateSampleCarRequest,
    response: cartCountResponse,
  }),
  sync_toy: call({
    name: 'sync_toy',
    access: 'session',
    tag: 'cart',
    summary:
      "The current price and expiry signals of products, checked before a submission; is_expire applies the website's toy_type rule.",
    request: syncToyRequest,
    response: z.array(syncToyItem),
  }),
  add_choose: call({
    name: 'add_choose',
    access: 'session',
    tag: 'samples',
    summary:
      'Submits the sample selection as a record, in one transaction; the same idempotency_key returns the same record. Removes the submitted lines from a customer cart.',
    request: addChooseRequest,
    response: addChooseResponse,
  }),
  get_choose_list: call({
    name: 'get_choose_list',
    access: 'session',
    tag: 'samples',
    summary:
      "The buyer's sample records, newest first (a customer's by account, a visitor's by visitor_key).",
    request: getChooseListRequest,
    response: sampleListResponse,
  }),
  get_choose_detail: call({
    name: 'get_choose_detail',
    access: 'session',
    tag: 'samples',
    summary: 'One sample record: its number, time, contact details and totals.',
    request: sampleIdRequest,
    response: sampleSummary,
  }),
  get_choose_toy_list: call({
    name: 'get_choose_toy_list',
    access: 'session',
    tag: 'samples',
    summary: 'The lines of a sample record, as they were at submission.',
    request: getChooseToyListRequest,
    response: sampleLinesResponse,
  }),
  get_detail_choose: call({
    name: 'get_detail_choose',
    access: 'session',
    tag: 'samples',
    summary: "The contact details of the buyer's latest submission, to fill the submission form.",
    request: getDetailChooseRequest,
    response: getDetailChooseResponse,
  }),
  delete_choose: call({
    name: 'delete_choose',
    access: 'session',
    tag: 'samples',
    summary: "Deletes sample records of the buyer's own.",
    request: deleteChooseRequest,
    response: deleteChooseResponse,
  }),
  export_choose: call({
    name: 'export_choose',
    access: 'session',
    tag: 'samples',
    summary:
      'Exports a sample record to an Excel workbook (a row per product, picture embedded); answers its download link.',
    request: exportChooseRequest,
    response: exportResponse,
  }),
  export_sample_car: call({
    name: 'export_sample_car',
    access: 'session',
    tag: 'samples',
    summary:
      "Exports the current cart to an Excel workbook: a customer's from the server, a visitor's from the lines sent.",
    request: exportSampleCarRequest,
    response: exportResponse,
  }),
  get_temp_auth: call({
    name: 'get_temp_auth',
    access: 'session',
    tag: 'search',
    summary:
      'A short-lived credential for one upload straight to storage under {company}/{purpose}/{date}/, of the given type and at most max_bytes.',
    request: getTempAuthRequest,
    response: tempAuth,
  }),
  image_search: call({
    name: 'image_search',
    access: 'session',
    tag: 'search',
    summary:
      'Products whose pictures look like an uploaded image (its file_url from get_temp_auth), most similar first; the image is checked by its content first.',
    request: imageSearchRequest,
    response: imageSearchResponse,
  }),
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallRequest<N extends CallName> = z.input<Calls[N]['request']>;
export type CallResponse<N extends CallName> = z.output<Calls[N]['response']>;

/**
 * Where each page of the showroom lives (specification, section 2); app/routes.ts says what each
 * needs. Apart from the route table, so that the pages it loads can link to each other without
 * importing it back.
 */
export const PATHS = {
  home: '/home',
  productDisplay: '/productDisplay',
  productDetails: '/productDetails',
  companyNews: '/companyNews',
  aboutUs: '/aboutUs',
  contactUs: '/contactUs',
  chooseCar: '/chooseCar',
  /** Sample records (paths not shown in the spec; decision 0013). */
  sampleRecords: '/sampleRecords',
  sampleRecordDetails: '/sampleRecordDetails',
  proSearch: '/proSearch',
  personalCenter: '/personalCenter',
  inventory: '/inventory',
  quoteAckForm: '/quoteAckForm',
  orderDetails: '/orderDetails',
  /** The order list with its three filters (path not shown in the spec; decision 0039). */
  orderList: '/orderList',
  newProducts: '/newProducts',
  ecommerce: '/ecommerce',
  ecommerceDetails: '/ecommerceDetails',
  showroom: '/showroom',
  booth: '/booth',
  certificates: '/certificates',
  inspection: '/inspection',
  newsDetails: '/newsDetails',
  /** The company's privacy notice, opened in a new tab from the footer (spec section 2). */
  privacy: '/agreement/privacy',
  login: '/login',
  notWebsite: '/NotWebsite',
  /** Where the guard sends a link the buyer may not follow (any unknown path shows the same page). */
  invalidLink: '/invalidLink',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/** Paths compare as the router matches them: letter case and a trailing slash do not matter. */
export const normalizePath = (path: string): string =>
  (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase() || '/';

/** True when `path` is `target` (as the router would match it). */
export const isPath = (path: string, target: AppPath): boolean =>
  normalizePath(path) === normalizePath(target);

import type { WebsiteInfo } from '@vitrine/contract';
import type { ComponentType } from 'react';
import type { AccountPageName } from '../features/account/routes/load';
import { withLateMessages } from '../lib/i18n';
import { type AppPath, normalizePath, PATHS } from '../lib/paths';

/**
 * The showroom's routes (specification, section 2) in one table: where each lives, what it
 * needs, and its page's code, loaded on demand. The router (router.tsx) and the route guard
 * (guard.ts) both read it.
 */

/** A function of the website that can be switched off in show_function. */
export type ShowFunctionKey = keyof WebsiteInfo['show_function'];

export interface AppRoute {
  path: AppPath;
  /**
   * main: inside the main layout (header, side bar, footer); bare: the layout is hidden;
   * none: a full page of its own (login, errors).
   */
  layout: 'main' | 'bare' | 'none';
  /** Only for a logged-in customer (login_type 1). */
  customerOnly?: true;
  /** Only while this function is on in the website's show_function. */
  showFunction?: ShowFunctionKey;
  /** Outside the guard: shown whatever is stored (the website-not-found page). */
  unguarded?: true;
  /** The page's code, a chunk of its own. */
  load(): Promise<{ default: ComponentType }>;
}

/** One of the customer's order screens, through a small loader (features/account/routes/load.ts). */
const accountPage = (name: AccountPageName) =>
  import('../features/account/routes/load').then((m) => m.loadAccountPage(name));

export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: PATHS.home,
    layout: 'main',
    load: () => import('../features/catalog/routes/HomePage'),
  },
  {
    path: PATHS.productDisplay,
    layout: 'main',
    load: () => import('../features/catalog/routes/ProductDisplayPage'),
  },
  {
    path: PATHS.productDetails,
    layout: 'main',
    load: () => import('../features/catalog/routes/ProductDetailsPage'),
  },
  {
    path: PATHS.companyNews,
    layout: 'main',
    showFunction: 'news',
    load: () => import('../features/news/routes/CompanyNewsPage'),
  },
  {
    path: PATHS.aboutUs,
    layout: 'main',
    showFunction: 'about_us',
    load: () => withLateMessages(import('../features/company/routes/AboutUsPage')),
  },
  {
    path: PATHS.contactUs,
    layout: 'main',
    showFunction: 'contact',
    load: () => withLateMessages(import('../features/company/routes/ContactUsPage')),
  },
  {
    path: PATHS.newProducts,
    layout: 'main',
    load: () => import('../features/catalog/routes/NewProductsPage'),
  },
  { path: PATHS.ecommerce, layout: 'main', load: () => import('../features/catalog/routes/EcommercePage') },
  {
    path: PATHS.ecommerceDetails,
    layout: 'main',
    load: () => import('../features/catalog/routes/EcommerceDetailsPage'),
  },
  {
    path: PATHS.showroom,
    layout: 'main',
    load: () => withLateMessages(import('../features/showroom/routes/ShowroomPage')),
  },
  {
    path: PATHS.booth,
    layout: 'main',
    load: () => withLateMessages(import('../features/showroom/routes/BoothPage')),
  },
  {
    path: PATHS.certificates,
    layout: 'main',
    load: () => withLateMessages(import('../features/company/routes/CertificatesPage')),
  },
  {
    path: PATHS.inspection,
    layout: 'main',
    load: () => withLateMessages(import('../features/company/routes/InspectionPage')),
  },
  {
    path: PATHS.newsDetails,
    layout: 'main',
    showFunction: 'news',
    load: () => import('../features/news/routes/NewsDetailsPage'),
  },
  {
    path: PATHS.chooseCar,
    layout: 'main',
    load: () => withLateMessages(import('../features/cart/routes/ChooseCarPage')),
  },
  {
    path: PATHS.sampleRecords,
    layout: 'main',
    load: () => withLateMessages(import('../features/cart/routes/SampleRecordsPage')),
  },
  {
    path: PATHS.sampleRecordDetails,
    layout: 'main',
    load: () => withLateMessages(import('../features/cart/routes/SampleRecordDetailsPage')),
  },
  {
    path: PATHS.proSearch,
    layout: 'main',
    load: () => import('../features/image-search/routes/ProSearchPage'),
  },
  {
    path: PATHS.personalCenter,
    layout: 'bare',
    customerOnly: true,
    load: () => accountPage('PersonalCenterPage'),
  },
  {
    path: PATHS.inventory,
    layout: 'bare',
    customerOnly: true,
    load: () => accountPage('InventoryPage'),
  },
  {
    path: PATHS.quoteAckForm,
    layout: 'bare',
    customerOnly: true,
    load: () => accountPage('QuoteAckFormPage'),
  },
  {
    path: PATHS.orderList,
    layout: 'bare',
    customerOnly: true,
    load: () => accountPage('OrderListPage'),
  },
  {
    path: PATHS.orderDetails,
    layout: 'bare',
    customerOnly: true,
    load: () => accountPage('OrderDetailsPage'),
  },
  {
    path: PATHS.privacy,
    layout: 'none',
    load: () => withLateMessages(import('../features/company/routes/PrivacyPage')),
  },
  { path: PATHS.login, layout: 'none', load: () => import('./LoginRoute') },
  { path: PATHS.notWebsite, layout: 'none', unguarded: true, load: () => import('./NotWebsitePage') },
  { path: PATHS.invalidLink, layout: 'none', load: () => import('./InvalidLinkPage') },
];

const BY_PATH = new Map(APP_ROUTES.map((r) => [normalizePath(r.path), r]));

/** The route a path names, or undefined for an unknown path. */
export const findRoute = (path: string): AppRoute | undefined => BY_PATH.get(normalizePath(path));

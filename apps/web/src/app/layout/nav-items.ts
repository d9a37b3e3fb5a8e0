import type { SessionUser, WebsiteInfo } from '@vitrine/contract';
import { isCustomer } from './useShowroom';

export interface NavItem {
  key: 'home' | 'products' | 'ecommerce' | 'news' | 'about' | 'contact' | 'personalCenter';
  to: string;
  label:
    | 'web.nav.home'
    | 'web.nav.products'
    | 'web.nav.ecommerce'
    | 'web.nav.news'
    | 'web.nav.about'
    | 'web.nav.contact'
    | 'web.nav.personalCenter';
  /** Paths that mark this tab as the current page. */
  paths: readonly string[];
}

const ALL: readonly NavItem[] = [
  { key: 'home', to: '/home', label: 'web.nav.home', paths: ['/home'] },
  {
    key: 'products',
    to: '/productDisplay',
    label: 'web.nav.products',
    paths: ['/productDisplay', '/productDetails', '/proSearch', '/newProducts'],
  },
  // Not a tab of the spec's list, but the e-commerce list is reached from nowhere else (decision 0051).
  {
    key: 'ecommerce',
    to: '/ecommerce',
    label: 'web.nav.ecommerce',
    paths: ['/ecommerce', '/ecommerceDetails'],
  },
  { key: 'news', to: '/companyNews', label: 'web.nav.news', paths: ['/companyNews', '/newsDetails'] },
  // The about page is where certificates, inspections and the showroom (with its booths) are
  // linked from, so they stay under its tab.
  {
    key: 'about',
    to: '/aboutUs',
    label: 'web.nav.about',
    paths: ['/aboutUs', '/certificates', '/inspection', '/showroom', '/booth'],
  },
  { key: 'contact', to: '/contactUs', label: 'web.nav.contact', paths: ['/contactUs'] },
  {
    key: 'personalCenter',
    to: '/personalCenter',
    label: 'web.nav.personalCenter',
    paths: ['/personalCenter'],
  },
];

/**
 * The tabs of the header (and the footer's links): news, about and contact only when their
 * function is on, the personal center only for a logged-in customer.
 */
export function navItems(site: Pick<WebsiteInfo, 'show_function'>, user: SessionUser | null): NavItem[] {
  const f = site.show_function;
  return ALL.filter((item) => {
    switch (item.key) {
      case 'news':
        return f.news === 1;
      case 'about':
        return f.about_us === 1;
      case 'contact':
        return f.contact === 1;
      case 'personalCenter':
        return isCustomer(user);
      default:
        return true;
    }
  });
}

/** True when `pathname` is the page of `item` (case-insensitively, as the router matches). */
export const isCurrent = (item: NavItem, pathname: string): boolean => {
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return item.paths.some((path) => path.toLowerCase() === p);
};

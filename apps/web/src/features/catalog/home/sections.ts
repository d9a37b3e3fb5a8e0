import type { ParseKeys } from 'i18next';

/** The product calls a home section can show (each answers a page of products). */
export type SectionCall =
  'get_new_toy' | 'get_stock_toy' | 'get_gcc_toy' | 'get_hot_toy' | 'get_recommend_toy' | 'get_3d_toy';

export interface SectionDef {
  key: string;
  call: SectionCall;
  title: ParseKeys;
  /** The full list the section's 'more' link opens. */
  more: string;
  /** Left out when it has no products (3D). */
  hideWhenEmpty?: boolean;
}

export const PRODUCT_SECTIONS: readonly SectionDef[] = [
  { key: 'new', call: 'get_new_toy', title: 'web.home.newArrivals', more: '/newProducts' },
  { key: 'spot', call: 'get_stock_toy', title: 'web.home.spot', more: '/productDisplay?flag=spot' },
  { key: 'gcc', call: 'get_gcc_toy', title: 'web.home.gcc', more: '/productDisplay?flag=gcc' },
  { key: 'hot', call: 'get_hot_toy', title: 'web.home.hot', more: '/productDisplay?flag=hot' },
  {
    key: 'recommend',
    call: 'get_recommend_toy',
    title: 'web.home.recommend',
    more: '/productDisplay?flag=recommend',
  },
  {
    key: '3d',
    call: 'get_3d_toy',
    title: 'web.home.threeD',
    more: '/productDisplay?flag=3d',
    hideWhenEmpty: true,
  },
];

/** Products each home section asks for (one size for every style, so they share the cache). */
export const SECTION_SIZE = 10;

/** The full top-selling list, of the chosen buyer region when there is one. */
export const topSellingMore = (region: number | undefined): string =>
  `/productDisplay?sort=popularity${region ? `&region=${region}` : ''}`;
export const BOOTHS_MORE = '/showroom';

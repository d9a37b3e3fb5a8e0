import type { TemplateStyle } from '../../../lib/theme';

/** The look of the banner carousel in each home layout. */
export type BannerVariant = 'wide' | 'boxed' | 'editorial' | 'strip';

/** The banners of /home: the page's call, and the router's early one (features/catalog/early.ts). */
export const HOME_BANNERS = { position: 'home' } as const;

/** The carousel's look for a template_style: 2 beside a sidebar, 3 editorial, 4 a compact strip. */
export const bannerVariantOf = (style: TemplateStyle): BannerVariant =>
  style === 2 ? 'boxed' : style === 3 ? 'editorial' : style === 4 ? 'strip' : 'wide';

/**
 * How a banner's picture is drawn. The carousel draws it with these, and the early preload of
 * the first banner asks with the same, so the browser picks the same width once.
 */
export function bannerPicture(variant: BannerVariant) {
  return {
    ratio: variant === 'strip' ? 5 : variant === 'boxed' ? 2.4 : 3.2,
    sizes: variant === 'boxed' ? '(max-width: 62em) 100vw, 900px' : '100vw',
    defaultWidth: 800,
  };
}

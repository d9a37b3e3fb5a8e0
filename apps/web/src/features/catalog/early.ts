import { pictureSources } from '../../components/product/picture';
import { startEarlyCall } from '../../lib/early-calls';
import { resolveLanguage } from '../../lib/i18n';
import * as storage from '../../lib/storage';
import { templateStyleOf } from '../../lib/theme';
import { bannerPicture, bannerVariantOf, HOME_BANNERS } from './home/banner-picture';
import { catalogListBody, parseCatalogParams } from './list/params';

/**
 * What the catalogue's landing pages ask first, started by the router with the first navigation
 * (lib/early-calls): this module is part of the app's entry, so it stays small and imports no
 * page code.
 */

/**
 * The first banner is the largest thing on a phone's first screen: preloaded as soon as its
 * address is known, rather than once the page's code has drawn the carousel.
 */
function preloadFirstBanner(picture: string | undefined, sizes: string, defaultWidth: number) {
  const sources = pictureSources(picture, defaultWidth);
  if (!sources) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = sources.src;
  if (sources.srcSet) {
    link.imageSrcset = sources.srcSet;
    link.imageSizes = sizes;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}

/** /home: the banners, and then the first banner's picture. */
export function startHomeCalls(): void {
  const site = storage.getSite();
  if (!site) return;
  const { sizes, defaultWidth } = bannerPicture(bannerVariantOf(templateStyleOf(site.template_style)));
  startEarlyCall('get_advert', HOME_BANNERS, resolveLanguage(site.default_lang)).then(
    (banners) => preloadFirstBanner(banners[0]?.picture, sizes, defaultWidth),
    () => undefined,
  );
}

/** /productDisplay: the page of products the address asks for, and the category tree. */
export function startCatalogCalls(url: URL): void {
  const site = storage.getSite();
  if (!site) return;
  const lang = resolveLanguage(site.default_lang);
  void startEarlyCall('get_list', catalogListBody(parseCatalogParams(url.searchParams)), lang);
  void startEarlyCall('get_category', {}, lang);
}

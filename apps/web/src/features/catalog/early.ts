import { gridPictureSizes, PRODUCT_PICTURE_WIDTH, preloadPicture } from '../../components/product/picture';
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

/** /home: the banners, then the first banner's picture. */
export function startHomeCalls(): void {
  const site = storage.getSite();
  if (!site) return;
  const { sizes, defaultWidth } = bannerPicture(bannerVariantOf(templateStyleOf(site.template_style)));
  // The first banner is the largest thing on a phone's first screen.
  startEarlyCall('get_advert', HOME_BANNERS, resolveLanguage(site.default_lang)).then(
    (banners) => preloadPicture(banners[0]?.picture, sizes, defaultWidth),
    () => undefined,
  );
}

/** /productDisplay: the page of products the address asks for, then its first pictures; the category tree. */
export function startCatalogCalls(url: URL): void {
  const site = storage.getSite();
  if (!site) return;
  const lang = resolveLanguage(site.default_lang);
  const params = parseCatalogParams(url.searchParams);
  // In thumbnail mode the first cards' pictures are the largest things on a phone's first screen.
  startEarlyCall('get_list', catalogListBody(params), lang).then(
    (page) => {
      if (params.mode !== 'thumbnail') return;
      for (const product of page.list.slice(0, 2))
        preloadPicture(product.picture, gridPictureSizes(), PRODUCT_PICTURE_WIDTH);
    },
    () => undefined,
  );
  void startEarlyCall('get_category', {}, lang);
}

import type { CallName, CallResponse, Language } from '@vitrine/contract';
import {
  gridPictureSizes,
  PRIORITY_CARDS,
  PRODUCT_PICTURE_WIDTH,
  preloadPicture,
} from '../../components/product/picture';
import type { CallBody } from '../../lib/api-request';
import { resolveLanguage } from '../../lib/language';
import * as storage from '../../lib/storage';
import { templateStyleOf } from '../../lib/theme';
import { bannerPicture, bannerVariantOf, HOME_BANNERS } from './home/banner-picture';
import { catalogListBody, parseCatalogParams } from './list/params';

/**
 * What the catalogue's landing pages ask first, before their page's code has arrived: started
 * by the head script while the app downloads (boot/); the pages' queries take the answers
 * (lib/early-calls). Part of the head script, so it stays small and imports no page code.
 */

/** Starts a call in the language the app is about to show. */
export type StartCall = <N extends CallName>(
  name: N,
  body: CallBody<N>,
  lang: Language,
) => Promise<CallResponse<N>>;

/** /home: the banners, then the first banner's picture. */
export function startHomeCalls(start: StartCall): void {
  const site = storage.getSite();
  if (!site) return;
  const { sizes, defaultWidth } = bannerPicture(bannerVariantOf(templateStyleOf(site.template_style)));
  // The first banner is the largest thing on a phone's first screen.
  start('get_advert', HOME_BANNERS, resolveLanguage(site.default_lang)).then(
    (banners) => preloadPicture(banners[0]?.picture, sizes, defaultWidth),
    () => undefined,
  );
}

/** /productDisplay: the page of products the address asks for, then its first pictures; the category tree. */
export function startCatalogCalls(url: URL, start: StartCall): void {
  const site = storage.getSite();
  if (!site) return;
  const lang = resolveLanguage(site.default_lang);
  const params = parseCatalogParams(url.searchParams, site.show_price === 1);
  // In thumbnail mode the first cards' pictures are the largest things on a phone's first screen.
  start('get_list', catalogListBody(params), lang).then(
    (page) => {
      if (params.mode !== 'thumbnail') return;
      for (const product of page.list.slice(0, PRIORITY_CARDS))
        preloadPicture(product.picture, gridPictureSizes(), PRODUCT_PICTURE_WIDTH);
    },
    () => undefined,
  );
  void start('get_category', {}, lang);
}

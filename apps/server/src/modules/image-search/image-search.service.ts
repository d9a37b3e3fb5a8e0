import {
  ErrorCode,
  type ImageSearchResponse,
  type Language,
  type ProductCard,
  type UploadPurpose,
  type WebsiteInfo,
} from '@vitrine/contract';
import type { MessageKey } from '@vitrine/i18n';
import type { Translate } from '@vitrine/i18n/all';
import type { Logger } from '../../platform/context';
import { type CallResult, fail, ok } from '@vitrine/contract';
import type { ImageIndexer } from './image-search.indexer';
import type { ImageWork } from './image-search.work';

/** An upload read back and checked by its content, or why it cannot be used (uploads.readUploadedImage). */
export type ReadUploadedImage = (
  url: string,
  owner: { companyId: number; purpose: UploadPurpose },
) => Promise<{ ok: true; bytes: Buffer } | { ok: false; tip: MessageKey }>;

/** Products as the catalogue shows them, in the order of the ids, leaving out ids not the website's. */
export type ProductCards = (ids: number[], site: WebsiteInfo, lang: Language) => Promise<ProductCard[]>;

/** The catalogue's own notion of similar products (same category, closest price). */
export type CatalogueSimilar = (
  id: number,
  limit: number,
  site: WebsiteInfo,
  lang: Language,
) => Promise<ProductCard[]>;

export interface ImageSearchServiceDeps {
  index: Pick<ImageIndexer, 'searcher' | 'similarProducts'>;
  readUploadedImage: ReadUploadedImage;
  cards: ProductCards;
  catalogueSimilar: CatalogueSimilar;
  /** Describes the query picture: in a worker thread in production. */
  work: ImageWork;
}

export function createImageSearchService({
  index,
  readUploadedImage,
  cards,
  catalogueSimilar,
  work,
}: ImageSearchServiceDeps) {
  return {
    /** image_search: the website's products whose pictures look like the uploaded one, most similar first. */
    async search(
      input: { url: string; limit: number },
      site: WebsiteInfo,
      lang: Language,
      t: Translate,
      log: Logger,
    ): Promise<CallResult<ImageSearchResponse>> {
      const upload = await readUploadedImage(input.url, {
        companyId: site.company_id,
        purpose: 'image_search',
      });
      if (!upload.ok) return fail(ErrorCode.FAILED, t(upload.tip));
      // Only the website's own company's index is ever searched.
      const { searcher, complete } = index.searcher(site.company_id);
      // Said while pictures are being indexed; a catalogue without pictures is simply empty.
      const tip = complete ? undefined : t('api.imageSearch.indexing');
      if (!searcher) return ok({ list: [] }, tip);
      let query;
      try {
        query = await work({ kind: 'query', image: upload.bytes, vocabulary: searcher.vocabulary });
      } catch (e) {
        log.warn({ err: e }, 'image_search: the uploaded picture could not be described');
        return fail(ErrorCode.FAILED, t('api.imageSearch.unreadable'));
      }
      const hits = await searcher.matcher.search(query, input.limit);
      const scoreOf = new Map(hits.map((h) => [h.productId, h.score]));
      const shown = scoreOf.size ? await cards([...scoreOf.keys()], site, lang) : [];
      const list = shown.map((card) => ({
        ...card,
        score: Math.round((scoreOf.get(card.id) ?? 0) * 1000) / 1000,
      }));
      return ok({ list }, tip);
    },

    /**
     * get_toy_similar: products whose pictures look like this product's first picture, then, to
     * fill the list, the catalogue's same-category, closest-price products.
     */
    async similar(
      id: number,
      limit: number,
      site: WebsiteInfo,
      lang: Language,
    ): Promise<CallResult<ProductCard[]>> {
      const ids = await index.similarProducts(site.company_id, id, limit);
      const visual = ids.length ? await cards(ids, site, lang) : [];
      if (visual.length >= limit) return ok(visual.slice(0, limit));
      const seen = new Set([id, ...visual.map((c) => c.id)]);
      const more = (await catalogueSimilar(id, limit + visual.length, site, lang)).filter(
        (c) => !seen.has(c.id),
      );
      return ok([...visual, ...more].slice(0, limit));
    },
  };
}

export type ImageSearchService = ReturnType<typeof createImageSearchService>;

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
import { NO_SEARCH_LOG, type Searcher, type SearchReporter } from '../../platform/search-events';
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

/**
 * What the buyer is told of a result (issue 19): 'best' when the first product is far more
 * likely than the rest, 'similar' when products merely look alike, 'none' when nothing is close.
 * Wrong first answers on buyers' photos are mostly look-alikes of the right product (a carton of
 * the same brand in another flavour), which score high too: what tells them apart is the lead
 * over the second (docs/decisions/0049-image-search-on-other-occasions.md).
 */
export const SURE_MATCH = { score: 0.4, lead: 0.15 } as const;

export function matchCertainty(scores: readonly number[]): 'best' | 'similar' | 'none' {
  const [first, second = 0] = scores;
  if (first === undefined) return 'none';
  return first >= SURE_MATCH.score && first - second >= SURE_MATCH.lead ? 'best' : 'similar';
}

export interface ImageSearchServiceDeps {
  index: Pick<ImageIndexer, 'searcher' | 'similarProducts'>;
  readUploadedImage: ReadUploadedImage;
  cards: ProductCards;
  catalogueSimilar: CatalogueSimilar;
  /** Describes the query picture: in a worker thread in production. */
  work: ImageWork;
  /** Where buyers' photo searches are told (the analytics' search log; decision 0058). */
  searchLog?: SearchReporter;
}

export function createImageSearchService({
  index,
  readUploadedImage,
  cards,
  catalogueSimilar,
  work,
  searchLog = NO_SEARCH_LOG,
}: ImageSearchServiceDeps) {
  /** A photo searched, with what it found; told after the answer is made, never awaited. */
  const logged = (
    answer: ImageSearchResponse,
    site: WebsiteInfo,
    url: string,
    searcher: Searcher | undefined,
  ): ImageSearchResponse => {
    if (searcher)
      searchLog({
        companyId: site.company_id,
        ...searcher,
        kind: 'image',
        query: '',
        photo: url,
        results: answer.list.length,
        found: answer.match === 'best',
      });
    return answer;
  };
  return {
    /** image_search: the website's products whose pictures look like the uploaded one, most similar first. */
    async search(
      input: { url: string; limit: number },
      site: WebsiteInfo,
      lang: Language,
      t: Translate,
      log: Logger,
      who?: Searcher,
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
      if (!searcher) return ok(logged({ list: [], match: 'none' }, site, input.url, who), tip);
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
      return ok(logged({ list, match: matchCertainty(list.map((h) => h.score)) }, site, input.url, who), tip);
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

import type { CallHandler } from '../../plugins/api';
import type { ImageSearchService } from './image-search.service';

export function imageSearchRoutes(imageSearch: ImageSearchService) {
  const image_search: CallHandler<'image_search'> = (input, ctx) =>
    imageSearch.search(input, ctx.website.info, ctx.lang, ctx.t, ctx.log, {
      websiteId: ctx.website.id,
      sessionId: ctx.session.id,
      customerId: ctx.session.customerId,
    });
  const get_toy_similar: CallHandler<'get_toy_similar'> = (input, ctx) =>
    imageSearch.similar(input.id, input.limit, ctx.website.info, ctx.lang);
  return { image_search, get_toy_similar };
}

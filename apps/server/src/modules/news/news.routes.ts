import type { CallHandler } from '../../plugins/api';
import type { NewsService } from './news.service';

export function newsRoutes(news: NewsService) {
  const get_company_new: CallHandler<'get_company_new'> = (input, ctx) =>
    news.list(input, ctx.website.info, ctx.lang, ctx.t);
  const log_new_click: CallHandler<'log_new_click'> = (input, ctx) =>
    news.click(input.id, ctx.website.info, ctx.session);
  return { get_company_new, log_new_click };
}

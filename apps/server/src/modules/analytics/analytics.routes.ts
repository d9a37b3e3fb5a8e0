import type { CallHandler } from '../../plugins/api';
import type { AnalyticsService } from './analytics.service';

export function analyticsRoutes(analytics: AnalyticsService) {
  const toy_click_log: CallHandler<'toy_click_log'> = (input, ctx) =>
    analytics.click(input.toy_id, ctx.website, ctx.session);
  const toy_select_log: CallHandler<'toy_select_log'> = (input, ctx) =>
    analytics.select(input.toy_id, 'select', ctx.website, ctx.session);
  const toy_recommend_select_log: CallHandler<'toy_recommend_select_log'> = (input, ctx) =>
    analytics.select(input.toy_id, 'recommend', ctx.website, ctx.session);
  const website_toy_browse: CallHandler<'website_toy_browse'> = (input, ctx) =>
    analytics.browse(input.path, input.toy_id, ctx.website, ctx.session);
  return { toy_click_log, toy_select_log, toy_recommend_select_log, website_toy_browse };
}

import type { CallHandler } from '../../plugins/api';
import type { SiteService } from './site.service';

export function siteRoutes(site: SiteService) {
  const get_website_info: CallHandler<'get_website_info'> = (input, ctx) =>
    site.getWebsiteInfo(input, ctx.host, ctx.t);
  return { get_website_info };
}

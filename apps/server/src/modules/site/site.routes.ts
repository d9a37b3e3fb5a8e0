import { type CallHandler, staffCaller } from '../../plugins/api';
import type { SiteService } from './site.service';

export function siteRoutes(site: SiteService) {
  const get_website_info: CallHandler<'get_website_info'> = (input, ctx) =>
    site.getWebsiteInfo(input, ctx.host, ctx.t);
  const staff_get_settings: CallHandler<'staff_get_settings'> = (_input, ctx) =>
    site.getSettings(ctx.website, staffCaller(ctx));
  const staff_update_settings: CallHandler<'staff_update_settings'> = (input, ctx) =>
    site.updateSettings(input, ctx.website, staffCaller(ctx));
  return { get_website_info, staff_get_settings, staff_update_settings };
}

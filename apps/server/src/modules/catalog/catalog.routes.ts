import type { CallHandler } from '../../plugins/api';
import type { CatalogService } from './catalog.service';

export function catalogRoutes(catalog: CatalogService) {
  const get_list: CallHandler<'get_list'> = (input, ctx) =>
    catalog.getList(input, ctx.website.info, ctx.lang);
  const get_parent_category: CallHandler<'get_parent_category'> = (_input, ctx) =>
    catalog.parentCategories(ctx.website.info, ctx.lang);
  const get_category: CallHandler<'get_category'> = (input, ctx) =>
    catalog.categoryTree(ctx.website.info, ctx.lang, input.parent_id);
  return { get_list, get_parent_category, get_category };
}

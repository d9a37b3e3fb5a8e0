import { getListRequest, type ProductFlagFilter } from '@vitrine/contract';
import type { CallHandler } from '../../plugins/api';
import type { CatalogService } from './catalog.service';

export function catalogRoutes(catalog: CatalogService) {
  const get_list: CallHandler<'get_list'> = (input, ctx) =>
    catalog.getList(input, ctx.website.info, ctx.lang, ctx.t, {
      websiteId: ctx.website.id,
      sessionId: ctx.session.id,
      customerId: ctx.session.customerId,
    });
  // Staff share products in the chat as the buyer would find them on the website (decision 0053).
  const staff_search_chat_products: CallHandler<'staff_search_chat_products'> = (input, ctx) =>
    catalog.getList(
      getListRequest.parse({ keyword: input.keyword, page: 1, page_size: 10 }),
      ctx.website.info,
      ctx.lang,
      ctx.t,
    );
  const get_parent_category: CallHandler<'get_parent_category'> = (_input, ctx) =>
    catalog.parentCategories(ctx.website.info, ctx.lang);
  const get_category: CallHandler<'get_category'> = (input, ctx) =>
    catalog.categoryTree(ctx.website.info, ctx.lang, input.parent_id);
  type FlagCall =
    'get_stock_toy' | 'get_gcc_toy' | 'get_3d_toy' | 'get_hot_toy' | 'get_spread_toy' | 'get_recommend_toy';
  // The six flag lists share one request and response shape; only the flag differs.
  const flagList = <N extends FlagCall>(flag: ProductFlagFilter): CallHandler<N> =>
    ((input, ctx) =>
      catalog.flagList(
        flag,
        input,
        ctx.website.info,
        ctx.lang,
        ctx.t,
      )) as CallHandler<FlagCall> as CallHandler<N>;
  const get_new_toy: CallHandler<'get_new_toy'> = (input, ctx) =>
    catalog.newToys(input, ctx.website.info, ctx.lang, ctx.t);
  const get_toy_detail: CallHandler<'get_toy_detail'> = (input, ctx) =>
    catalog.detail(input.id, ctx.website.info, ctx.lang, ctx.t);
  const get_toy_picture: CallHandler<'get_toy_picture'> = (input, ctx) =>
    catalog.pictures(input.id, ctx.website.info, ctx.t);
  const get_location_list: CallHandler<'get_location_list'> = (_input, ctx) =>
    catalog.hotAreas(ctx.website.info, ctx.lang);
  const get_hot: CallHandler<'get_hot'> = (input, ctx) => catalog.hot(input, ctx.website.info, ctx.lang);
  const get_showroom: CallHandler<'get_showroom'> = (_input, ctx) =>
    catalog.showrooms(ctx.website.info, ctx.lang);
  const get_booth_list: CallHandler<'get_booth_list'> = (input, ctx) =>
    catalog.booths(ctx.website.info, ctx.lang, input.showroom_id);
  const get_booth_detail: CallHandler<'get_booth_detail'> = (input, ctx) =>
    catalog.booth(input.id, ctx.website.info, ctx.lang, ctx.t);
  const get_booth_toy: CallHandler<'get_booth_toy'> = (input, ctx) =>
    catalog.boothProducts(input, ctx.website.info, ctx.lang);
  const get_advert: CallHandler<'get_advert'> = (input, ctx) =>
    catalog.adverts(input.position, ctx.website.info, ctx.lang);
  const get_toy: CallHandler<'get_toy'> = (input, ctx) =>
    catalog.byIds(input.ids, ctx.website.info, ctx.lang);
  const toy_data: CallHandler<'toy_data'> = (_input, ctx) => catalog.figures(ctx.website.info);
  const get_recommend_detail: CallHandler<'get_recommend_detail'> = (input, ctx) =>
    catalog.recommendedFor(input.id, input.limit, ctx.website.info, ctx.lang);
  return {
    staff_search_chat_products,
    get_toy,
    toy_data,
    get_recommend_detail,
    get_showroom,
    get_booth_list,
    get_booth_detail,
    get_booth_toy,
    get_advert,
    get_list,
    get_parent_category,
    get_category,
    get_new_toy,
    get_stock_toy: flagList<'get_stock_toy'>('spot'),
    get_gcc_toy: flagList<'get_gcc_toy'>('gcc'),
    get_3d_toy: flagList<'get_3d_toy'>('3d'),
    get_hot_toy: flagList<'get_hot_toy'>('hot'),
    get_spread_toy: flagList<'get_spread_toy'>('cash_sale'),
    get_recommend_toy: flagList<'get_recommend_toy'>('recommend'),
    get_toy_detail,
    get_toy_picture,
    get_location_list,
    get_hot,
  };
}

import { type CallHandler, staffCaller } from '../../plugins/api';
import type { ContentService } from './content.service';

export function contentRoutes(content: ContentService) {
  const staff_list_categories: CallHandler<'staff_list_categories'> = (_input, ctx) =>
    content.listCategories(staffCaller(ctx));
  const staff_save_category: CallHandler<'staff_save_category'> = (input, ctx) =>
    content.saveCategory(input, staffCaller(ctx));
  const staff_list_banners: CallHandler<'staff_list_banners'> = (_input, ctx) =>
    content.listBanners(staffCaller(ctx));
  const staff_save_banner: CallHandler<'staff_save_banner'> = (input, ctx) =>
    content.saveBanner(input, staffCaller(ctx));
  const staff_list_news: CallHandler<'staff_list_news'> = (input, ctx) =>
    content.listNews(input, staffCaller(ctx));
  const staff_save_news: CallHandler<'staff_save_news'> = (input, ctx) =>
    content.saveNews(input, staffCaller(ctx));
  const staff_list_showrooms: CallHandler<'staff_list_showrooms'> = (_input, ctx) =>
    content.listShowrooms(staffCaller(ctx));
  const staff_save_showroom: CallHandler<'staff_save_showroom'> = (input, ctx) =>
    content.saveShowroom(input, staffCaller(ctx));
  const staff_get_booth: CallHandler<'staff_get_booth'> = (input, ctx) =>
    content.getBooth(input, staffCaller(ctx), ctx.lang);
  const staff_save_booth: CallHandler<'staff_save_booth'> = (input, ctx) =>
    content.saveBooth(input, staffCaller(ctx), ctx.lang);
  const staff_list_hot_areas: CallHandler<'staff_list_hot_areas'> = (_input, ctx) =>
    content.listHotAreas(staffCaller(ctx));
  const staff_save_hot_area: CallHandler<'staff_save_hot_area'> = (input, ctx) =>
    content.saveHotArea(input, staffCaller(ctx));
  const staff_get_hot_area: CallHandler<'staff_get_hot_area'> = (input, ctx) =>
    content.getHotArea(input, staffCaller(ctx), ctx.lang);
  const staff_add_hot_products: CallHandler<'staff_add_hot_products'> = (input, ctx) =>
    content.addHotProducts(input, staffCaller(ctx), ctx.lang);
  const staff_list_factories: CallHandler<'staff_list_factories'> = (input, ctx) =>
    content.listFactories(input, staffCaller(ctx));
  const staff_save_factory: CallHandler<'staff_save_factory'> = (input, ctx) =>
    content.saveFactory(input, staffCaller(ctx));
  const staff_list_certificates: CallHandler<'staff_list_certificates'> = (input, ctx) =>
    content.listCertificates(input, staffCaller(ctx), ctx.lang);
  const staff_save_certificate: CallHandler<'staff_save_certificate'> = (input, ctx) =>
    content.saveCertificate(input, staffCaller(ctx), ctx.lang);
  const staff_get_about: CallHandler<'staff_get_about'> = (_input, ctx) => content.getAbout(staffCaller(ctx));
  const staff_save_about: CallHandler<'staff_save_about'> = (input, ctx) =>
    content.saveAbout(input, staffCaller(ctx));
  const staff_order_content: CallHandler<'staff_order_content'> = (input, ctx) =>
    content.order(input, staffCaller(ctx));
  const staff_delete_content: CallHandler<'staff_delete_content'> = (input, ctx) =>
    content.remove(input, staffCaller(ctx));
  return {
    staff_list_categories,
    staff_save_category,
    staff_list_banners,
    staff_save_banner,
    staff_list_news,
    staff_save_news,
    staff_list_showrooms,
    staff_save_showroom,
    staff_get_booth,
    staff_save_booth,
    staff_list_hot_areas,
    staff_save_hot_area,
    staff_get_hot_area,
    staff_add_hot_products,
    staff_list_factories,
    staff_save_factory,
    staff_list_certificates,
    staff_save_certificate,
    staff_get_about,
    staff_save_about,
    staff_order_content,
    staff_delete_content,
  };
}

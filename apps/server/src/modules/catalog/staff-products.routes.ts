import { type CallHandler, staffCaller } from '../../plugins/api';
import type { StaffProductsService } from './staff-products.service';

export function staffProductsRoutes(products: StaffProductsService) {
  const staff_list_products: CallHandler<'staff_list_products'> = (input, ctx) =>
    products.list(input, staffCaller(ctx), ctx.website.info, ctx.lang);
  const staff_get_product: CallHandler<'staff_get_product'> = (input, ctx) =>
    products.get(input, staffCaller(ctx), ctx.website.info);
  const staff_list_product_options: CallHandler<'staff_list_product_options'> = (_input, ctx) =>
    products.options(staffCaller(ctx), ctx.website.info, ctx.lang);
  const staff_save_product: CallHandler<'staff_save_product'> = (input, ctx) =>
    products.save(input, staffCaller(ctx), ctx.website.info);
  const staff_set_product_pictures: CallHandler<'staff_set_product_pictures'> = (input, ctx) =>
    products.setPictures(input, staffCaller(ctx), ctx.website.info);
  const staff_bulk_products: CallHandler<'staff_bulk_products'> = (input, ctx) =>
    products.bulk(input, staffCaller(ctx), ctx.website.info);
  return {
    staff_list_products,
    staff_get_product,
    staff_list_product_options,
    staff_save_product,
    staff_set_product_pictures,
    staff_bulk_products,
  };
}

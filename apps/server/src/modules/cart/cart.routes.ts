import type { CallContext, CallHandler } from '../../plugins/api';
import type { SessionContext, WebsiteContext } from '../../platform/context';
import type { CartOwner } from './cart.repository';
import type { CartService } from './cart.service';

/** A customer call always has a customer session (the call layer checks login_type 1). */
const ownerOf = (ctx: CallContext<WebsiteContext, SessionContext>): CartOwner => ({
  companyId: ctx.website.companyId,
  websiteId: ctx.website.id,
  customerId: ctx.session.customerId ?? 0,
});

export function cartRoutes(cart: CartService) {
  const get_sample_car_list: CallHandler<'get_sample_car_list'> = (_input, ctx) =>
    cart.list(ownerOf(ctx), ctx.website.info, ctx.lang);
  const add_sample_car: CallHandler<'add_sample_car'> = (input, ctx) =>
    cart.add(ownerOf(ctx), input, ctx.website.info, ctx.lang, ctx.t);
  const update_sample_car: CallHandler<'update_sample_car'> = (input, ctx) =>
    cart.update(ownerOf(ctx), input.lines);
  const delete_sample_car: CallHandler<'delete_sample_car'> = (input, ctx) =>
    cart.remove(ownerOf(ctx), input.ids);
  const sync_toy: CallHandler<'sync_toy'> = (input, ctx) => cart.sync(input.ids, ctx.website.info);
  return { get_sample_car_list, add_sample_car, update_sample_car, delete_sample_car, sync_toy };
}

import type { CallContext, CallHandler } from '../../plugins/api';
import { staffCaller } from '../../plugins/api';
import type { SessionContext, WebsiteContext } from '../../platform/context';
import type { BuyerCaller, OrdersService } from './orders.service';

/** The customer a customer call runs for (the pipeline lets only login_type 1 sessions through). */
function buyerOf(ctx: CallContext<WebsiteContext, SessionContext>): BuyerCaller | null {
  const { customerId } = ctx.session;
  if (customerId === null) return null;
  return {
    companyId: ctx.website.companyId,
    websiteId: ctx.website.id,
    customerId,
    customerName: ctx.session.user.customer_name,
    t: ctx.t,
    lang: ctx.lang.key,
  };
}

export function ordersRoutes(orders: OrdersService) {
  const noCustomer = (ctx: CallContext<WebsiteContext, SessionContext>) =>
    Promise.resolve({ ok: false as const, code: -403, tip: ctx.t('api.customersOnly') });
  const get_confirm_order_list: CallHandler<'get_confirm_order_list'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.buyerList(b, { ...input, filter: 'to_be_confirmed' }) : noCustomer(ctx);
  };
  const get_confirm_order_Info: CallHandler<'get_confirm_order_Info'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.detail(b, input.id) : noCustomer(ctx);
  };
  const get_confirm_order_toy: CallHandler<'get_confirm_order_toy'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.buyerLines(b, input, true) : noCustomer(ctx);
  };
  const update_confirm_order: CallHandler<'update_confirm_order'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.updateConfirm(b, input) : noCustomer(ctx);
  };
  const get_order_list: CallHandler<'get_order_list'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.buyerList(b, input) : noCustomer(ctx);
  };
  const get_order_detail: CallHandler<'get_order_detail'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.detail(b, input.id) : noCustomer(ctx);
  };
  const get_order_toy_list: CallHandler<'get_order_toy_list'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.buyerLines(b, input, false) : noCustomer(ctx);
  };
  const upload_order_annex: CallHandler<'upload_order_annex'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.buyerAttach(b, input) : noCustomer(ctx);
  };
  const submit_order_voucher: CallHandler<'submit_order_voucher'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.submitVoucher(b, input) : noCustomer(ctx);
  };
  const get_order_proforma: CallHandler<'get_order_proforma'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.buyerProforma(b, input.id) : noCustomer(ctx);
  };
  const get_order_counts: CallHandler<'get_order_counts'> = (_input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.buyerCounts(b) : noCustomer(ctx);
  };
  const get_inventory: CallHandler<'get_inventory'> = (input, ctx) => {
    const b = buyerOf(ctx);
    return b ? orders.inventory(b, input) : noCustomer(ctx);
  };

  const staff_list_orders: CallHandler<'staff_list_orders'> = (input, ctx) =>
    orders.staffList(input, staffCaller(ctx));
  const staff_get_order: CallHandler<'staff_get_order'> = (input, ctx) =>
    orders.staffGet(input.id, staffCaller(ctx));
  const staff_create_quotation: CallHandler<'staff_create_quotation'> = (input, ctx) =>
    orders.createQuotation(input, ctx.website.info, staffCaller(ctx));
  const staff_update_quotation: CallHandler<'staff_update_quotation'> = (input, ctx) =>
    orders.updateQuotation(input, staffCaller(ctx));
  const staff_review_voucher: CallHandler<'staff_review_voucher'> = (input, ctx) =>
    orders.reviewVoucher(input, staffCaller(ctx));
  const staff_set_ship_date: CallHandler<'staff_set_ship_date'> = (input, ctx) =>
    orders.setShipDate(input, staffCaller(ctx));
  const staff_attach_order_file: CallHandler<'staff_attach_order_file'> = (input, ctx) =>
    orders.staffAttach(input, staffCaller(ctx));
  const staff_advance_order: CallHandler<'staff_advance_order'> = (input, ctx) =>
    orders.advance(input, staffCaller(ctx));
  const staff_get_order_counts: CallHandler<'staff_get_order_counts'> = (_input, ctx) =>
    orders.staffCounts(staffCaller(ctx));
  const staff_get_order_proforma: CallHandler<'staff_get_order_proforma'> = (input, ctx) =>
    orders.staffProforma(input.id, ctx.lang.key, staffCaller(ctx));

  return {
    get_confirm_order_list,
    get_confirm_order_Info,
    get_confirm_order_toy,
    update_confirm_order,
    get_order_list,
    get_order_detail,
    get_order_toy_list,
    upload_order_annex,
    submit_order_voucher,
    get_order_proforma,
    get_order_counts,
    get_inventory,
    staff_list_orders,
    staff_get_order,
    staff_create_quotation,
    staff_update_quotation,
    staff_review_voucher,
    staff_set_ship_date,
    staff_attach_order_file,
    staff_advance_order,
    staff_get_order_counts,
    staff_get_order_proforma,
  };
}

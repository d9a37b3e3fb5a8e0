import { type CallContext, type CallHandler, staffCaller } from '../../plugins/api';
import type { SessionContext, WebsiteContext } from '../../platform/context';
import type { SampleOwner } from './samples.repository';
import type { CartCustomer, SamplesService } from './samples.service';

/** The customer of a customer session on this website; null for a visitor. */
function customerOf(ctx: CallContext<WebsiteContext, SessionContext>): CartCustomer | null {
  const { loginType, customerId } = ctx.session;
  return loginType === 1 && customerId !== null
    ? { companyId: ctx.website.companyId, websiteId: ctx.website.id, customerId }
    : null;
}

/**
 * The records a caller owns: a customer's by account; a visitor's by the key the server issued
 * to the session at login (null for a session from before keys were issued: it owns nothing).
 */
function ownerOf(ctx: CallContext<WebsiteContext, SessionContext>): SampleOwner | null {
  const customer = customerOf(ctx);
  if (customer) return { ...customer, visitorKey: null };
  const visitorKey = ctx.session.visitorKey;
  return visitorKey
    ? { companyId: ctx.website.companyId, websiteId: ctx.website.id, customerId: null, visitorKey }
    : null;
}

export function samplesRoutes(samples: SamplesService) {
  const noOwner = (ctx: CallContext<WebsiteContext, SessionContext>) =>
    Promise.resolve({ ok: false as const, code: -1, tip: ctx.t('cart.visitorKeyRequired') });

  const add_choose: CallHandler<'add_choose'> = (input, ctx) => {
    const owner = ownerOf(ctx);
    return owner ? samples.submit(input, owner, ctx.website.info, ctx.lang, ctx.t) : noOwner(ctx);
  };
  const get_choose_list: CallHandler<'get_choose_list'> = async (input, ctx) => {
    const owner = ownerOf(ctx);
    // A visitor without a key has submitted nothing from this browser.
    if (!owner)
      return { ok: true, data: { list: [], total: 0, page: input.page, page_size: input.page_size } };
    return samples.list(owner, input.page, input.page_size, ctx.website.info);
  };
  const get_choose_detail: CallHandler<'get_choose_detail'> = (input, ctx) => {
    const owner = ownerOf(ctx);
    return owner ? samples.detail(owner, input.id, ctx.website.info, ctx.t) : noOwner(ctx);
  };
  const get_choose_toy_list: CallHandler<'get_choose_toy_list'> = (input, ctx) => {
    const owner = ownerOf(ctx);
    return owner ? samples.lines(owner, input, ctx.website.info, ctx.t) : noOwner(ctx);
  };
  const get_detail_choose: CallHandler<'get_detail_choose'> = async (_input, ctx) => {
    const owner = ownerOf(ctx);
    return owner ? samples.lastContact(owner) : { ok: true, data: null };
  };
  const delete_choose: CallHandler<'delete_choose'> = (input, ctx) => {
    const owner = ownerOf(ctx);
    return owner ? samples.remove(owner, input.ids, ctx.t) : noOwner(ctx);
  };
  const export_choose: CallHandler<'export_choose'> = (input, ctx) => {
    const owner = ownerOf(ctx);
    return owner ? samples.exportRecord(owner, input.id, ctx.website.info, ctx.lang, ctx.t) : noOwner(ctx);
  };
  const export_sample_car: CallHandler<'export_sample_car'> = (input, ctx) =>
    samples.exportCart(input.lines, customerOf(ctx), ctx.website.info, ctx.lang, ctx.t);
  const staff_list_samples: CallHandler<'staff_list_samples'> = (input, ctx) =>
    samples.inbox(
      {
        ...input,
        customerId: input.customer_id,
        dateFrom: input.date_from,
        dateTo: input.date_to,
      },
      ctx.website.info,
      staffCaller(ctx),
    );
  const staff_get_sample: CallHandler<'staff_get_sample'> = (input, ctx) =>
    samples.inboxDetail(input.id, ctx.website.info, staffCaller(ctx));
  const staff_mark_sample_seen: CallHandler<'staff_mark_sample_seen'> = (input, ctx) =>
    samples.markSeen(input.id, ctx.website.info, staffCaller(ctx));
  const staff_export_sample: CallHandler<'staff_export_sample'> = (input, ctx) =>
    samples.exportForStaff(input.id, ctx.website.info, ctx.lang, staffCaller(ctx));
  return {
    staff_list_samples,
    staff_get_sample,
    staff_mark_sample_seen,
    staff_export_sample,
    add_choose,
    get_choose_list,
    get_choose_detail,
    get_choose_toy_list,
    get_detail_choose,
    delete_choose,
    export_choose,
    export_sample_car,
  };
}

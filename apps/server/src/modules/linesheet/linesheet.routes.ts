import { type CallHandler } from '../../plugins/api';
import type { LinesheetService } from './linesheet.service';

export function linesheetRoutes(linesheets: LinesheetService) {
  const get_linesheet: CallHandler<'get_linesheet'> = (input, ctx) => {
    const { loginType, customerId, visitorKey, id } = ctx.session;
    const customer = loginType === 1 && customerId !== null ? customerId : null;
    return linesheets.forBuyer(
      input.selection,
      {
        companyId: ctx.website.companyId,
        websiteId: ctx.website.id,
        customerId: customer,
        visitorKey: customer === null ? visitorKey : null,
        cartRef: customer === null ? `s${id}` : `u${customer}`,
      },
      ctx.website.info,
      ctx.lang,
      ctx.t,
    );
  };
  const staff_get_linesheet: CallHandler<'staff_get_linesheet'> = (input, ctx) =>
    linesheets.forStaff(input.selection, input.language, ctx.website.info, ctx.staff, ctx.t);
  return { get_linesheet, staff_get_linesheet };
}

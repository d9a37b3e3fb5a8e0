import { type CallHandler, staffCaller } from '../../plugins/api';
import type { BuyersService } from './buyers.service';

export function buyersRoutes(buyers: BuyersService) {
  const staff_list_customers: CallHandler<'staff_list_customers'> = (input, ctx) =>
    buyers.listCustomers(input, staffCaller(ctx));
  const staff_get_customer: CallHandler<'staff_get_customer'> = (input, ctx) =>
    buyers.getCustomer(input, staffCaller(ctx));
  const staff_create_customer: CallHandler<'staff_create_customer'> = (input, ctx) =>
    buyers.createCustomer(input, staffCaller(ctx));
  const staff_update_customer: CallHandler<'staff_update_customer'> = (input, ctx) =>
    buyers.updateCustomer(input, staffCaller(ctx));
  const staff_reset_customer_password: CallHandler<'staff_reset_customer_password'> = (input, ctx) =>
    buyers.resetCustomerPassword(input, staffCaller(ctx));
  const staff_create_login_link: CallHandler<'staff_create_login_link'> = (input, ctx) =>
    buyers.createLoginLink(input, { id: ctx.website.id, site: ctx.website.info.site }, staffCaller(ctx));
  const staff_set_customer_status: CallHandler<'staff_set_customer_status'> = (input, ctx) =>
    buyers.setCustomerStatus(input, staffCaller(ctx));
  const staff_list_access_codes: CallHandler<'staff_list_access_codes'> = (input, ctx) =>
    buyers.listCodes(input, staffCaller(ctx));
  const staff_create_access_code: CallHandler<'staff_create_access_code'> = (input, ctx) =>
    buyers.createCode(input, staffCaller(ctx));
  const staff_revoke_access_code: CallHandler<'staff_revoke_access_code'> = (input, ctx) =>
    buyers.revokeCode(input, staffCaller(ctx));
  const staff_list_applications: CallHandler<'staff_list_applications'> = (input, ctx) =>
    buyers.listApplications(input, staffCaller(ctx));
  const staff_approve_application: CallHandler<'staff_approve_application'> = (input, ctx) =>
    buyers.approveApplication(input, staffCaller(ctx));
  const staff_decline_application: CallHandler<'staff_decline_application'> = (input, ctx) =>
    buyers.declineApplication(input, staffCaller(ctx));
  return {
    staff_list_customers,
    staff_get_customer,
    staff_create_customer,
    staff_update_customer,
    staff_reset_customer_password,
    staff_set_customer_status,
    staff_create_login_link,
    staff_list_access_codes,
    staff_create_access_code,
    staff_revoke_access_code,
    staff_list_applications,
    staff_approve_application,
    staff_decline_application,
  };
}

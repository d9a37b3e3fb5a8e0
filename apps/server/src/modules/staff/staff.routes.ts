import { type CallHandler, staffCaller } from '../../plugins/api';
import type { StaffService } from './staff.service';

export function staffRoutes(staff: StaffService) {
  const staff_login: CallHandler<'staff_login'> = (input, ctx) => staff.login(input, ctx.website, ctx);
  const staff_logout: CallHandler<'staff_logout'> = (_input, ctx) => staff.logout(staffCaller(ctx));
  const staff_get_me: CallHandler<'staff_get_me'> = (_input, ctx) => staff.me(staffCaller(ctx), ctx.website);
  const staff_get_counts: CallHandler<'staff_get_counts'> = (_input, ctx) => staff.counts(staffCaller(ctx));
  const staff_change_password: CallHandler<'staff_change_password'> = (input, ctx) =>
    staff.changePassword(input, staffCaller(ctx));
  const staff_list_staff: CallHandler<'staff_list_staff'> = (input, ctx) =>
    staff.list(input, staffCaller(ctx));
  const staff_create_staff: CallHandler<'staff_create_staff'> = (input, ctx) =>
    staff.create(input, staffCaller(ctx));
  const staff_update_staff: CallHandler<'staff_update_staff'> = (input, ctx) =>
    staff.update(input, staffCaller(ctx));
  const staff_reset_staff_password: CallHandler<'staff_reset_staff_password'> = (input, ctx) =>
    staff.resetPassword(input, staffCaller(ctx));
  const staff_list_audit: CallHandler<'staff_list_audit'> = (input, ctx) =>
    staff.audit(input, staffCaller(ctx));
  return {
    staff_login,
    staff_logout,
    staff_get_me,
    staff_get_counts,
    staff_change_password,
    staff_list_staff,
    staff_create_staff,
    staff_update_staff,
    staff_reset_staff_password,
    staff_list_audit,
  };
}

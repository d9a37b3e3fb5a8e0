import type { CallHandler } from '../../plugins/api';
import type { UploadsService } from './uploads.service';

export function uploadsRoutes(uploads: UploadsService) {
  const get_temp_auth: CallHandler<'get_temp_auth'> = (input, ctx) =>
    uploads.tempAuth(input, ctx.website.companyId, ctx.t);
  const staff_get_upload_credential: CallHandler<'staff_get_upload_credential'> = (input, ctx) =>
    uploads.tempAuth({ purpose: 'site', content_type: input.content_type }, ctx.staff.companyId, ctx.t);
  const staff_get_order_upload_credential: CallHandler<'staff_get_order_upload_credential'> = (input, ctx) =>
    uploads.tempAuth({ purpose: 'annex', content_type: input.content_type }, ctx.staff.companyId, ctx.t);
  return {
    staff_get_upload_credential,
    staff_get_order_upload_credential,
    get_temp_auth,
  };
}

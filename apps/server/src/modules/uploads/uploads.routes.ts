import type { CallHandler } from '../../plugins/api';
import type { UploadsService } from './uploads.service';

export function uploadsRoutes(uploads: UploadsService) {
  const get_temp_auth: CallHandler<'get_temp_auth'> = (input, ctx) =>
    uploads.tempAuth(input, ctx.website.companyId, { sessionId: ctx.session.id }, ctx.t);
  const staff_get_upload_credential: CallHandler<'staff_get_upload_credential'> = (input, ctx) =>
    uploads.tempAuth(
      { purpose: 'site', content_type: input.content_type },
      ctx.staff.companyId,
      { staffSessionId: ctx.staff.sessionId },
      ctx.t,
    );
  const staff_get_order_upload_credential: CallHandler<'staff_get_order_upload_credential'> = (input, ctx) =>
    uploads.tempAuth(
      { purpose: 'annex', content_type: input.content_type },
      ctx.staff.companyId,
      { staffSessionId: ctx.staff.sessionId },
      ctx.t,
    );
  // A staff message's picture, video or audio, beside the buyer's under the company's im folder.
  const staff_get_chat_upload_credential: CallHandler<'staff_get_chat_upload_credential'> = (input, ctx) =>
    uploads.tempAuth(
      { purpose: 'im', content_type: input.content_type },
      ctx.staff.companyId,
      { staffSessionId: ctx.staff.sessionId },
      ctx.t,
    );
  return {
    staff_get_upload_credential,
    staff_get_chat_upload_credential,
    staff_get_order_upload_credential,
    get_temp_auth,
  };
}

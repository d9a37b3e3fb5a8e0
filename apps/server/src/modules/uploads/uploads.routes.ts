import type { CallHandler } from '../../plugins/api';
import type { UploadsService } from './uploads.service';

export function uploadsRoutes(uploads: UploadsService) {
  const get_temp_auth: CallHandler<'get_temp_auth'> = (input, ctx) =>
    uploads.tempAuth(input, ctx.website.companyId, { sessionId: ctx.session.id }, ctx.t);
  // The staff credentials differ only by purpose: the console's pictures, an order's files, a
  // staff chat message's media (beside the buyer's, under the company's im folder).
  const staffCredential =
    (purpose: 'site' | 'annex' | 'im' | 'import' | 'model') =>
    (input: { content_type: string }, ctx: Parameters<CallHandler<'staff_get_upload_credential'>>[1]) =>
      uploads.tempAuth(
        { purpose, content_type: input.content_type },
        ctx.staff.companyId,
        { staffSessionId: ctx.staff.sessionId },
        ctx.t,
      );
  const staff_get_upload_credential: CallHandler<'staff_get_upload_credential'> = staffCredential('site');
  const staff_get_order_upload_credential: CallHandler<'staff_get_order_upload_credential'> =
    staffCredential('annex');
  const staff_get_chat_upload_credential: CallHandler<'staff_get_chat_upload_credential'> =
    staffCredential('im');
  // A catalogue import's spreadsheet and zips (decision 0055).
  const staff_get_import_upload_credential: CallHandler<'staff_get_import_upload_credential'> =
    staffCredential('import');
  // A product's 3D model (decision 0060): a GLB, checked when uploaded and again when linked.
  const staff_get_model_upload_credential: CallHandler<'staff_get_model_upload_credential'> =
    staffCredential('model');
  return {
    staff_get_upload_credential,
    staff_get_import_upload_credential,
    staff_get_model_upload_credential,
    staff_get_chat_upload_credential,
    staff_get_order_upload_credential,
    get_temp_auth,
  };
}

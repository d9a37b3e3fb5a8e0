import type { CallHandler } from '../../plugins/api';
import type { UploadsService } from './uploads.service';

export function uploadsRoutes(uploads: UploadsService) {
  const get_temp_auth: CallHandler<'get_temp_auth'> = (input, ctx) =>
    uploads.tempAuth(input, ctx.website.companyId);
  return { get_temp_auth };
}

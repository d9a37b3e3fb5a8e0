import type { CallHandler } from '../../plugins/api';
import type { CompanyService } from './company.service';

export function companyRoutes(company: CompanyService) {
  const contact_us: CallHandler<'contact_us'> = (_input, ctx) =>
    company.contactUs(ctx.website.id, ctx.lang, ctx.t);
  const get_company_info: CallHandler<'get_company_info'> = (_input, ctx) =>
    company.getCompanyInfo(ctx.website.id, ctx.lang, ctx.t);
  const get_certification: CallHandler<'get_certification'> = (input, ctx) =>
    company.certificates(ctx.website.companyId, input.kind, ctx.lang);
  const get_privacy: CallHandler<'get_privacy'> = (_input, ctx) =>
    company.privacy(ctx.website.id, ctx.lang, ctx.t);
  return { contact_us, get_company_info, get_certification, get_privacy };
}

import { z } from 'zod';
import { baseRequest } from '../envelope';

/** One contact record of the company, with the address to show already chosen. */
export const companyContact = z.object({
  company_contact: z.string().describe('Contact person'),
  company_mobilephone: z.string(),
  company_telephone: z.string(),
  company_email: z.string(),
  company_wechat: z.string(),
  company_whatsapp: z.string(),
  company_facebook: z.string(),
  company_fax: z.string(),
  company_qq: z.string(),
  company_address: z.string().describe('Address in Chinese'),
  company_address_en: z.string().describe('Address in English'),
  lang_type: z.number().int(),
  address: z
    .string()
    .describe(
      "The address to display: by contact_type (1 Chinese, 2 English) or, when 0, by the request's language (Chinese mode: Chinese, otherwise English), falling back to the other when empty",
    ),
});
export type CompanyContact = z.infer<typeof companyContact>;

export const contactUsRequest = baseRequest;
export const contactUsResponse = z.object({
  contact_type: z.number().int(),
  contacts: z.array(companyContact),
});

export const getCompanyInfoRequest = baseRequest;
export const getCompanyInfoResponse = z.object({
  company_name: z.string(),
  company_name_en: z.string(),
  company_logo: z.string(),
  about: z
    .object({ lang: z.string(), body: z.string() })
    .nullable()
    .describe(
      "About-us text in the request's language, else English, else Chinese, else any (lang says which); null when there is none",
    ),
});

export const privacyRequest = baseRequest;
export const privacyResponse = z.object({
  lang: z.string().describe('The language of the text answered'),
  title: z.string(),
  body: z.string().describe('Plain text; paragraphs separated by blank lines'),
  company_name: z.string(),
});

import { z } from 'zod';
import { baseRequest, langCode, zeroOne } from '../envelope';

export const showFunction = z.object({
  news: zeroOne,
  about_us: zeroOne,
  contact: zeroOne,
});

/** The public settings of one showroom website: everything the frame needs to draw itself. */
export const websiteInfo = z.object({
  id: z.number().int().describe('Website id; send it as the Website-ID header'),
  site: z.string().describe('Site code, as in /login?site=demo'),
  company_id: z.number().int(),
  company_name: z.string(),
  company_name_en: z.string(),
  company_logo: z.string().describe('URL of the logo'),
  template_style: z.number().int().min(1).max(4),
  template_color: z.number().int().min(1).max(5),
  default_lang: langCode,
  show_function: showFunction,
  show_article_number: zeroOne,
  show_price: zeroOne,
  number_type: z.number().int().describe('1 toy number, 2 hidden, 3 article number, otherwise id'),
  trade_terms: z.number().int().min(0).max(4).describe('0 none, 1 EXW, 2 FOB, 3 CFR, 4 CIF'),
  money_unit: z.string().describe('Currency of prices, e.g. USD'),
  contact_type: z
    .number()
    .int()
    .describe('How the address is shown: 1 Chinese address, 2 English address, 0 by language'),
  is_default_banner: zeroOne,
  bg_setting: z.string().describe('Page background colour, empty for the default'),
  bg_image: z.string().describe('Page background image URL, empty for none'),
  bg_image_setting: z.number().int().min(0).max(2).describe('0 none, 1 tiled, 2 cover'),
  toy_type: z.number().int().min(1).max(3),
  show_privacy: zeroOne.describe('1 when the footer links /agreement/privacy'),
});
export type WebsiteInfo = z.infer<typeof websiteInfo>;

export const getWebsiteInfoRequest = baseRequest.extend({
  site: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('Site code; when absent the host name, then the default site, decides'),
});

/** The user a session stands for. */
export const sessionUser = z.object({
  login_type: zeroOne.describe('1 customer, 0 visitor'),
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  chat_id: z.string().nullable().describe("The customer's side of the chat; null for visitors"),
  chat_customer_id: z
    .string()
    .nullable()
    .describe("The company's customer service in the chat (main_chat_id); null for visitors"),
  chat_user_sig: z
    .string()
    .nullable()
    .describe(
      'A short-lived signature to join the chat socket (create_user_sig renews it); null without a chat_id',
    ),
  expires_at: z.number().int().describe('When the session ends, epoch milliseconds'),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const getWebsiteAgainRequest = baseRequest;
export const getWebsiteAgainResponse = z.object({
  id: z.number().int().describe('Website id of the session'),
  site: websiteInfo,
  user: sessionUser,
});

import { z } from 'zod';
import { baseRequest, zeroOne } from '../envelope';
import { pageRequest } from './catalog';

export const showroom = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  picture: z.string(),
  description: z.string(),
  booth_count: z.number().int(),
});

export const booth = z.object({
  id: z.number().int(),
  showroom_id: z.number().int(),
  booth_number: z.string(),
  name: z.string(),
  picture: z.string().describe("A picture of the booth, else its first product's picture"),
  product_count: z.number().int(),
});

export const getBoothListRequest = baseRequest.extend({
  showroom_id: z.number().int().positive().optional().describe('Booths of one showroom; all when absent'),
});

export const boothIdRequest = baseRequest.extend({ id: z.number().int().positive() });

export const boothDetail = booth.extend({
  showroom: showroom.pick({ id: true, name: true }),
  previous_id: z
    .number()
    .int()
    .nullable()
    .describe('The booth before this one in the showroom, null at the start'),
  next_id: z.number().int().nullable().describe('The booth after this one, null at the end'),
});

export const getBoothToyRequest = boothIdRequest.extend(pageRequest.shape);

export const certificate = z.object({
  id: z.number().int(),
  kind: z.enum(['certificate', 'inspection']),
  name: z.string(),
  issuer: z.string(),
  number: z.string(),
  picture: z.string().describe('The first of its pictures; empty when it has none'),
  pictures: z.array(z.string()).describe('All its pictures in order (the pages of the document)'),
  valid_from: z.number().int().nullable(),
  valid_until: z
    .number()
    .int()
    .nullable()
    .describe('Past: still answered, for the buyer app to mark it expired (decision 0066)'),
  factory: z.string().describe('The factory inspected, for inspections'),
});
export const getCertificationRequest = baseRequest.extend({
  kind: z
    .enum(['certificate', 'inspection'])
    .optional()
    .describe('certificate: certificate authentication; inspection: factory inspection qualification'),
});

export const NEWS_CATEGORIES = [1, 2, 3, 4] as const;
export const newsItem = z.object({
  id: z.number().int(),
  category: z.number().int().describe('1 industry news, 2 company announcement, 3 company dynamics, 4 other'),
  lang: z
    .string()
    .describe(
      "The language it is written in (a language key; empty when written for every language): the request's, else English, else Chinese, else any",
    ),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  month: z.string().describe('Year and month of publication, e.g. 2026-11'),
  day: z.string().describe('Day of the month, two digits'),
  published_at: z.number().int(),
  click_count: z.number().int(),
});
export const getCompanyNewRequest = baseRequest.extend(pageRequest.shape).extend({
  category: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  id: z.number().int().positive().optional().describe('One news item, with its full content'),
});
export const companyNewsPage = z.object({
  list: z.array(newsItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  detail: newsItem.extend({ content: z.string() }).nullable().describe('The item asked for by id'),
});
export const logNewClickRequest = baseRequest.extend({ id: z.number().int().positive() });

export const advert = z.object({
  id: z.number().int(),
  title: z.string(),
  picture: z.string(),
  link: z.string().describe('An app path such as /productDetails?id=12, or empty'),
});
export const getAdvertRequest = baseRequest.extend({ position: z.string().max(32).default('home') });

export const toyClickLogRequest = baseRequest.extend({ toy_id: z.number().int().positive() });
export const toySelectLogRequest = baseRequest.extend({
  toy_id: z.number().int().positive(),
  factory_id: z.number().int().positive().optional(),
});
export const websiteToyBrowseRequest = baseRequest.extend({
  path: z.string().max(300).describe('The app path viewed'),
  toy_id: z.number().int().positive().optional(),
});
export const loggedResponse = z.object({ logged: zeroOne });

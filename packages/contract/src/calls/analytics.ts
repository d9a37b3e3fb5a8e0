import { z } from 'zod';
import { baseRequest } from '../envelope';

/** The analytics' limits (decision 0058). */
export const ANALYTICS_LIMITS = {
  /** The longest period asked at once: a year, leap day included. */
  MAX_DAYS: 366,
  /** Rows of each table on the page. */
  TOP_MAX: 50,
  /** Rows of a CSV export of one table. */
  EXPORT_ROWS: 1000,
  /** Search logs are kept this many days, then purged (13 months: a year back and a month's margin). */
  SEARCH_LOG_DAYS: 395,
} as const;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: 'Not a calendar date',
    },
  )
  .describe('A calendar day, YYYY-MM-DD');

/** A period of whole days in the console's time zone, both ends included. */
export const analyticsPeriod = baseRequest.extend({
  from: isoDay,
  to: isoDay,
  /**
   * The console's offset from UTC in minutes (UTC+8: 480), so days begin at the staff's midnight.
   */
  utc_offset: z.number().int().min(-720).max(840).default(0),
});

export const staffGetAnalyticsRequest = analyticsPeriod.extend({
  top: z.number().int().min(1).max(ANALYTICS_LIMITS.TOP_MAX).default(10),
});

export const ANALYTICS_SECTIONS = [
  'days',
  'viewed',
  'selected',
  'submitted',
  'buyers',
  'text_gaps',
  'image_gaps',
] as const;
export type AnalyticsSection = (typeof ANALYTICS_SECTIONS)[number];

export const staffExportAnalyticsRequest = analyticsPeriod.extend({
  section: z.enum(ANALYTICS_SECTIONS),
});

const count = z.number().int().min(0);

export const analyticsDay = z.object({
  day: z.string().describe('YYYY-MM-DD in the asked time zone'),
  views: count,
  selections: count,
  submissions: count.describe('Sample lists submitted'),
  searches: count.describe('Text and photo searches'),
  gaps: count.describe('Searches that found nothing'),
});

export const analyticsProduct = z.object({
  product_id: z.number().int(),
  number: z.string().describe('Toy number, else article number'),
  name: z.string().describe("In the console's language, else the other"),
  count: count.describe('Views, selections or sample lists holding it'),
  buyers: count.describe('Distinct buyers (customers, and visitors by their key)'),
  ctn: count.optional().describe('Submitted: cartons asked for in the lists'),
});

export const analyticsBuyer = z.object({
  kind: z.enum(['customer', 'visitor']),
  customer_id: z.number().int().nullable(),
  /** A customer's name; for a visitor, the label of the access code they came in with. */
  name: z.string(),
  views: count,
  selections: count,
  submissions: count,
  searches: count,
  last_at: z.number().int().describe('Epoch ms of the latest of these'),
});

export const analyticsTextGap = z.object({
  query: z.string().describe('The keyword, normalised (lower case, single spaces)'),
  searches: count,
  buyers: count,
  last_at: z.number().int(),
});

export const analyticsImageGap = z.object({
  at: z.number().int(),
  buyer: z.string().describe("The customer's name, or the visitor's code label"),
  kind: z.enum(['customer', 'visitor']),
  results: count.describe('Look-alikes shown (0: none at all)'),
});

export const staffAnalytics = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    views: count,
    selections: count,
    submissions: count,
    searches: count,
    gaps: count,
    buyers: count,
  }),
  days: z.array(analyticsDay),
  viewed: z.array(analyticsProduct),
  selected: z.array(analyticsProduct),
  submitted: z.array(analyticsProduct),
  buyers: z.array(analyticsBuyer),
  text_gaps: z.array(analyticsTextGap),
  image_gaps: z.array(analyticsImageGap),
});

export const analyticsCsv = z.object({
  filename: z.string(),
  /** UTF-8 with a byte-order mark (Excel reads Chinese right); cells that start a formula are quoted. */
  csv: z.string(),
  rows: count,
});

export type StaffAnalytics = z.output<typeof staffAnalytics>;
export type AnalyticsProduct = z.output<typeof analyticsProduct>;
export type AnalyticsBuyer = z.output<typeof analyticsBuyer>;
export type AnalyticsDay = z.output<typeof analyticsDay>;

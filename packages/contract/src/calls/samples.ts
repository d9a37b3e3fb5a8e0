import { z } from 'zod';
import { baseRequest } from '../envelope';
import { cartLine, cartLineInput, cartTotals } from './cart';
import { pageRequest } from './catalog';

/**
 * The submission form. Lengths are bounded here; the rules with their messages (required
 * fields, a valid email, a way to be contacted) are checkSampleForm in rules.ts, applied by
 * the browser and the server alike.
 */
export const sampleForm = z.object({
  company_name: z.string().max(200),
  contact: z.string().max(100),
  phone: z.string().max(50).default(''),
  email: z.string().max(200),
  remark: z.string().max(2000).default(''),
});
export type SampleForm = z.input<typeof sampleForm>;

export const addChooseRequest = baseRequest.extend(sampleForm.shape).extend({
  lines: z
    .array(cartLineInput)
    .max(5000)
    .describe('The cart lines submitted (at most 1000; the server answers the limit message beyond)'),
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .describe('Chosen once per submission by the client; a retry with the same key returns the same record'),
});

export const addChooseResponse = z.object({
  id: z.number().int(),
  number: z.string().describe('The record number shown to the buyer'),
  product_count: z.number().int(),
  skipped: z
    .array(z.number().int())
    .describe('Submitted ids left out: expired, or no longer in the catalogue'),
});

/** A sample record as lists show it. */
export const sampleSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  created_at: z.number().int(),
  product_count: z.number().int(),
  company_name: z.string(),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
  remark: z.string(),
  totals: cartTotals.omit({ pieces: true, below_moq: true }),
});
export type SampleSummary = z.infer<typeof sampleSummary>;
/** One sample record: its totals in full, pieces too (summed from its lines as submitted). */
export const sampleDetail = sampleSummary.extend({ totals: cartTotals });

export const getChooseListRequest = baseRequest.extend(pageRequest.shape);
export const sampleListResponse = z.object({
  list: z.array(sampleSummary),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const sampleIdRequest = baseRequest.extend({ id: z.number().int().positive() });

export const getChooseToyListRequest = sampleIdRequest.extend({
  page: z.number().int().min(1).max(1000).default(1),
  page_size: z.number().int().min(1).max(1000).default(1000),
});
export const sampleLinesResponse = z.object({
  list: z.array(cartLine.describe('A line as it was at submission')),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const getDetailChooseRequest = baseRequest;
export const getDetailChooseResponse = sampleForm
  .pick({ company_name: true, contact: true, phone: true, email: true })
  .required()
  .nullable()
  .describe("The contact details of the buyer's latest submission, to fill the form; null before the first");

export const deleteChooseRequest = baseRequest.extend({
  ids: z.array(z.number().int().positive()).min(1).max(1000),
});
export const deleteChooseResponse = z.object({ deleted: z.number().int() });

/** The Excel export of a record or of the current cart. */
export const exportChooseRequest = sampleIdRequest;
export const exportSampleCarRequest = baseRequest.extend({
  lines: z
    .array(cartLineInput)
    .max(1000)
    .describe('The cart lines shown, as the browser holds them (the server cart for a customer)'),
});
export const exportResponse = z.object({
  url: z.string().describe('Where the workbook can be downloaded for the next hour'),
  filename: z.string(),
  size: z.number().int(),
  rows: z.number().int(),
});

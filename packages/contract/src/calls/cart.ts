import { z } from 'zod';
import { baseRequest, zeroOne } from '../envelope';
import { LIMITS } from '../constants';
import { productCard } from './catalog';

/** Cartons on one cart line: whole, at least one, at most CART_MAX_CTN (decision 0035). */
export const ctnCount = z.number().int().min(1).max(LIMITS.CART_MAX_CTN).describe('Number of cartons (ctn)');

const productId = z.number().int().positive();

/**
 * The most ids one cart call takes. Larger than the cart limit on purpose: the server answers
 * the spec's own message ('holds at most 1000') rather than a schema error.
 */
const MAX_IDS = 5000;

/** A line as the browser sends it: a product and its cartons. */
export const cartLineInput = z.object({ id: productId, ctn: ctnCount });
export type CartLineInput = z.infer<typeof cartLineInput>;

/** A cart line as shown: the product and what its cartons amount to. */
export const cartLine = z.object({
  product: productCard,
  ctn: z.number().int(),
  pieces: z.number().int().describe('carton_quantity × ctn'),
  unit_price: z
    .number()
    .nullable()
    .describe(
      "The unit price at this many pieces (the product's price break, decision 0059); null when hidden",
    ),
  total_price: z
    .number()
    .nullable()
    .describe('unit_price × pieces, when the website shows prices; null otherwise'),
  total_weight: z.number().describe('Gross weight × ctn, kg'),
  total_cbm: z.number().describe('Carton volume × ctn, cubic metres'),
  total_cuft: z.number().describe('Carton volume × ctn, cubic feet'),
  added_at: z.number().int().describe('When the line was put in the cart (epoch ms)'),
  below_moq: z.boolean().describe("The pieces do not reach the product's minimum order quantity"),
});
export type CartLine = z.infer<typeof cartLine>;

export const containerFill = z.object({
  type: z.enum(['20GP', '40GP', '40HQ']),
  capacity_cbm: z.number(),
  /** Share of one container the selection fills; above 1 it needs more than one. */
  fill: z.number(),
  containers: z.number().int().describe('How many such containers the selection needs'),
});

export const cartTotals = z.object({
  lines: z.number().int(),
  ctn: z.number().int(),
  pieces: z.number().int(),
  price: z.number().nullable().describe('Null when the website hides prices'),
  money_unit: z.string(),
  trade_term: z.string(),
  weight: z.number().describe('kg'),
  cbm: z.number(),
  cuft: z.number(),
  containers: z.array(containerFill),
  below_moq: z.number().int().describe('Lines below their minimum order quantity (a warning; decision 0059)'),
});
export type CartTotals = z.infer<typeof cartTotals>;

export const sampleCartResponse = z.object({
  lines: z.array(cartLine),
  totals: cartTotals,
});

export const addSampleCarRequest = baseRequest.extend({
  ids: z
    .array(productId)
    .max(MAX_IDS)
    .default([])
    .describe('Products to add with their default cartons (purchase_number); present ones are kept'),
  lines: z
    .array(cartLineInput)
    .max(MAX_IDS)
    .default([])
    .describe(
      'Lines to merge (a visitor cart brought in at login): a product already in the cart keeps the larger number of cartons',
    ),
});
export const addSampleCarResponse = z.object({
  added: z.array(z.number().int()).describe('Ids now in the cart that were not before'),
  already: z.array(z.number().int()).describe('Ids that were in the cart already'),
  expired: z.array(z.number().int()).describe('Ids refused because the product has expired'),
  missing: z.array(z.number().int()).describe("Ids that are not this website's products"),
  count: z.number().int().describe('Lines in the cart afterwards'),
});

export const deleteSampleCarRequest = baseRequest.extend({
  ids: z.array(productId).min(1).max(MAX_IDS),
});
export const updateSampleCarRequest = baseRequest.extend({
  lines: z.array(cartLineInput).min(1).max(MAX_IDS).describe('New carton numbers, per product'),
});
export const cartCountResponse = z.object({
  count: z.number().int().describe('Lines in the cart afterwards'),
});

export const syncToyRequest = baseRequest.extend({ ids: z.array(productId).min(1).max(MAX_IDS) });
export const syncToyItem = z.object({
  id: z.number().int(),
  exworks_price: z.number().nullable().describe('Null when the website hides prices'),
  removed_time: z.number().int().nullable(),
  stop_time: z.number().int().nullable(),
  is_set_hide: zeroOne,
  is_website_hide: zeroOne,
  is_expire: zeroOne.describe("The rule of the website's toy_type applied to the fields above"),
});
export type SyncToyItem = z.infer<typeof syncToyItem>;

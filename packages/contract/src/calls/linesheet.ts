import { z } from 'zod';
import { LIMITS } from '../constants';
import { baseRequest } from '../envelope';
import { LANG_KEYS } from '../languages';
import { KEYWORD_MAX_LENGTH } from './catalog';

/**
 * Linesheets (decision 0061): a PDF catalogue of a selection, drawn off the request thread with
 * the proforma invoice's machinery. More products than this are refused with a clear message
 * rather than drawn for a minute: a category or a search that big is narrowed first.
 */
export const LINESHEET_MAX_PRODUCTS = 300;

const id = z.number().int().positive();
const keyword = z.string().trim().min(1).max(KEYWORD_MAX_LENGTH);

const cartSelection = z.object({
  kind: z.literal('cart'),
  ids: z
    .array(id)
    .max(LIMITS.CART_MAX_LINES)
    .optional()
    .describe(
      "A visitor's cart, kept in the browser; a customer's cart is read from the server and this is ignored",
    ),
});
const recordSelection = z.object({ kind: z.literal('record'), id: id.describe('A sample record') });
const categorySelection = z.object({
  kind: z.literal('category'),
  category_id: id.describe('A category; a parent includes its children'),
});
const searchSelection = z.object({
  kind: z.literal('search'),
  keyword: keyword.describe("A text search, as get_list's keyword"),
});

export const linesheetSelection = z.discriminatedUnion('kind', [
  cartSelection,
  recordSelection,
  categorySelection,
  searchSelection,
]);
export type LinesheetSelection = z.infer<typeof linesheetSelection>;
export type LinesheetKind = LinesheetSelection['kind'];

export const getLinesheetRequest = baseRequest.extend({ selection: linesheetSelection });

export const staffLinesheetSelection = z.discriminatedUnion('kind', [
  recordSelection,
  categorySelection,
  searchSelection,
  z.object({
    kind: z.literal('products'),
    ids: z.array(id).min(1).max(LIMITS.CART_MAX_LINES).describe("Products chosen in the console's list"),
  }),
]);
export type StaffLinesheetSelection = z.infer<typeof staffLinesheetSelection>;

export const staffGetLinesheetRequest = baseRequest.extend({
  language: z.enum(LANG_KEYS).describe('The language of the names and labels (the buyer it is for)'),
  selection: staffLinesheetSelection,
});

export const linesheetResponse = z.object({
  url: z
    .string()
    .describe(
      'A signed link to the PDF, good for 5 minutes (decision 0041): follow it at once, ask again later',
    ),
  filename: z.string(),
  size: z.number().int(),
  products: z.number().int().describe('Products in the linesheet'),
  language: z
    .enum(LANG_KEYS)
    .describe('The language it is printed in: English where the embedded fonts cannot print the one asked'),
});
export type LinesheetResponse = z.infer<typeof linesheetResponse>;

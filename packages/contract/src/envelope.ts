import { z } from 'zod';
import { MAX_LANG_CODE, MIN_LANG_CODE } from './languages';

/** Every answer of the /api: HTTP 200 with this shape. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int().describe('0 on success; see the error codes'),
    data: data,
    tip: z.string().describe("A short message in the request's language"),
  });

export type Envelope<T> = { code: number; data: T; tip: string };

/** The 8-digit language code a client adds to the body when it has a stored language. */
export const langCode = z
  .number()
  .int()
  .min(MIN_LANG_CODE)
  .max(MAX_LANG_CODE)
  .describe('Language code 11201001..11201016 (11201000 + language index + 1)');

/** Fields every request body may carry. */
export const baseRequest = z.object({ lang: langCode.optional() });

export const zeroOne = z.union([z.literal(0), z.literal(1)]);

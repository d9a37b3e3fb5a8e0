import { z } from 'zod';
import { CHAT_MEDIA_TYPES } from '../constants';
import { baseRequest } from '../envelope';
import { productCard } from './catalog';

// The image-search limits live in constants.ts (no zod there): the browser's image-search
// dialog uses them, and importing them from here would bring this file's schemas, and zod, along.

/** What an upload is for; each has its own folder (spec section 8) and its own limits. */
export const UPLOAD_PURPOSES = ['image_search', 'im', 'site', 'voucher', 'annex', 'import', 'model'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/**
 * What buyers upload: 'voucher' is a payment voucher (png or jpg, 10 MB), 'annex' an order's
 * attachment (png, jpg or pdf, 20 MB). 'site' (logos, backgrounds, avatars) is the staff's
 * (staff_get_upload_credential); staff attach order files with staff_get_order_upload_credential
 * and a product's 3D model ('model', a GLB) with staff_get_model_upload_credential.
 */
export const BUYER_UPLOAD_PURPOSES = ['image_search', 'im', 'voucher', 'annex'] as const;
/** The types any upload credential may name; each purpose allows some of them (the server says which). */
export const UPLOAD_TYPES = ['application/pdf', ...CHAT_MEDIA_TYPES] as const;

export const getTempAuthRequest = baseRequest.extend({
  purpose: z.enum(BUYER_UPLOAD_PURPOSES).default('image_search'),
  content_type: z
    .enum(UPLOAD_TYPES)
    .describe(
      "Type of the file the browser will send, as its first bytes say (a PNG named .jpg is image/png); pictures only, but 'annex' also takes application/pdf and 'im' the chat's pictures, videos and audio (CHAT_MEDIA)",
    ),
});

/**
 * A short-lived credential for one upload straight to storage. The spec's fields (region,
 * accessKeyId, accessKeySecret, stsToken, bucket) are answered where the storage has them and
 * are empty strings otherwise; `upload` is what the browser actually does: a multipart POST of
 * `fields` and then the file (as the form field named `file`) to `url`.
 */
export const tempAuth = z.object({
  provider: z.enum(['local', 's3']),
  region: z.string(),
  accessKeyId: z.string(),
  accessKeySecret: z.string(),
  stsToken: z.string(),
  bucket: z.string(),
  key: z.string().describe('The exact storage key the file will have: {company}/{purpose}/{date}/{name}'),
  upload: z.object({
    url: z.string(),
    fields: z.record(z.string(), z.string()),
  }),
  file_url: z.string().describe('Where the file can be read once uploaded; image_search takes it'),
  content_type: z.string(),
  max_bytes: z.number().int(),
  expires_at: z.number().int().describe('Epoch ms after which the credential is refused'),
});
export type TempAuth = z.infer<typeof tempAuth>;

export const imageSearchRequest = baseRequest.extend({
  url: z.string().min(1).max(1000).describe('file_url of an image uploaded with get_temp_auth'),
  limit: z.number().int().min(1).max(60).default(40),
});

export const imageSearchHit = productCard.extend({
  score: z.number().describe('Similarity, higher is closer (0..1)'),
});
export type ImageSearchHit = z.infer<typeof imageSearchHit>;

export const imageSearchResponse = z.object({
  list: z.array(imageSearchHit).describe('Most similar first; empty when nothing is close enough'),
  match: z
    .enum(['best', 'similar', 'none'])
    .optional()
    .describe(
      'How sure the engine is: best (the first product is very likely the one photographed), similar (products that look alike, none of them clearly it), none (nothing close)',
    ),
});
export type ImageSearchResponse = z.infer<typeof imageSearchResponse>;

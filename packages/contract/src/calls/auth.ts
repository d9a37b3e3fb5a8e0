import { z } from 'zod';
import { LIMITS } from '../constants';
import { baseRequest } from '../envelope';
import { sessionUser, websiteInfo } from './site';

/**
 * The key the server issues to a visitor at login; a visitor's sample records belong to it. The
 * browser keeps it per website and hands it back at its next visitor login, so it finds its
 * records again; a key the server did not issue (or whose records are gone) is replaced.
 */
export const visitorKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/)
  .describe('The visitor key the server issued to this browser at an earlier login (visitors only)');

export const loginRequest = baseRequest.extend({
  website_id: z.number().int().positive().describe('The id answered by get_website_info'),
  code: z
    .string()
    .max(LIMITS.CODE_MAX_LENGTH)
    .describe('A visitor access code or a customer password; checked for emptiness by the call'),
  visitor_key: visitorKey.optional(),
});

export const loginResponse = z.object({
  token: z.string().describe('Send as Authorization: Bearer <token>'),
  id: z.number().int().describe('Website id'),
  site: websiteInfo,
  user: sessionUser,
  visitor_key: z
    .string()
    .nullable()
    .describe("A visitor session's key, to keep and send at the next visitor login; null for a customer"),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const logoutRequest = baseRequest;

/**
 * A one-time login link's secret, as staff_create_login_link made it: `<customer id>.<random>`.
 * The id before the dot only lets the buyer app tell, before exchanging, whether the link is the
 * account already logged in; the server reads the whole value as an opaque secret.
 */
export const loginLinkSecret = z
  .string()
  .regex(/^\d{1,15}\.[A-Za-z0-9_-]{32,64}$/)
  .describe('The login_link parameter of a one-time login link');

export const exchangeLoginLinkRequest = baseRequest.extend({ login_link: loginLinkSecret });

/** Digits with an optional leading +, spaces, dashes, dots and brackets allowed between them. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

export const accessApplyRequest = baseRequest.extend({
  phone: z.string().max(32).describe('Phone number with country code'),
});

export const emptyResponse = z.object({}).strict();

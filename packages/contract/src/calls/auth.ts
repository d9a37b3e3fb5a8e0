import { z } from 'zod';
import { LIMITS } from '../constants';
import { baseRequest } from '../envelope';
import { sessionUser, websiteInfo } from './site';

export const loginRequest = baseRequest.extend({
  website_id: z.number().int().positive().describe('The id answered by get_website_info'),
  code: z
    .string()
    .max(LIMITS.CODE_MAX_LENGTH)
    .describe('A visitor access code or a customer password; checked for emptiness by the call'),
});

export const loginResponse = z.object({
  token: z.string().describe('Send as Authorization: Bearer <token>'),
  id: z.number().int().describe('Website id'),
  site: websiteInfo,
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const logoutRequest = baseRequest;

/** Digits with an optional leading +, spaces, dashes, dots and brackets allowed between them. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

export const accessApplyRequest = baseRequest.extend({
  phone: z.string().max(32).describe('Phone number with country code'),
});

export const emptyResponse = z.object({}).strict();

import {
  type CallDefinition,
  DEFAULT_LANGUAGE,
  ErrorCode,
  type Language,
  LANGUAGES,
  languageByCode,
} from '@vitrine/contract';
import type { MessageKey } from '@vitrine/i18n';
import { translator } from '@vitrine/i18n/all';
import { type ConsoleKey, consoleTranslator, type StaffTranslate } from '@vitrine/i18n/console';
import type { z } from 'zod';
import type { SessionContext, StaffContext, WebsiteContext } from '../platform/context';

/**
 * The steps every call goes through before its handler, as small functions of plain inputs:
 * the /api plugin (api.ts) runs them for each POST, and the chat socket's handshake runs the
 * same ones, so both audiences (buyers and staff) are checked alike whichever way they came.
 * A step answers what it found, or a Refusal: the code and the tip to answer with.
 */

export interface Refusal {
  refused: true;
  code: number;
  tip: MessageKey | ConsoleKey;
}
const refuse = (code: number, tip: MessageKey | ConsoleKey): Refusal => ({ refused: true, code, tip });
export const isRefusal = (x: unknown): x is Refusal =>
  typeof x === 'object' && x !== null && (x as { refused?: unknown }).refused === true;

export interface Resolvers {
  resolveWebsite(id: number): Promise<WebsiteContext | null>;
  /** A buyer's session (visitor or customer) by its token. */
  resolveSession(token: string): Promise<SessionContext | null>;
  /** A staff member's console session by its token. */
  resolveStaff(token: string): Promise<StaffContext | null>;
}

/** The language a body asks for with `lang`, if any. */
export function bodyLanguage(body: unknown): Language | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  return languageByCode((body as { lang?: unknown }).lang as number);
}

/** The first of the Accept-Language tags that is one of the 16 languages. */
export function headerLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase();
    if (!tag) continue;
    const primary = tag.split('-')[0];
    const found =
      LANGUAGES.find((l) => l.locale.toLowerCase() === tag) ?? LANGUAGES.find((l) => l.key === primary);
    if (found) return found;
  }
  return undefined;
}

/**
 * Language step: the body's `lang`, else the website's own language, else the browser's
 * Accept-Language, else the default.
 */
export function requestLanguage(
  body: unknown,
  acceptLanguage: string | undefined,
  website: WebsiteContext | null = null,
): Language {
  return (
    bodyLanguage(body) ??
    (website ? languageByCode(website.defaultLang) : undefined) ??
    headerLanguage(acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}

/** The tips of a call: staff calls speak the console's languages (Chinese, else English). */
export const tipsFor = (def: Pick<CallDefinition, 'access' | 'name'>, lang: Language): StaffTranslate =>
  def.access === 'staff' || def.name.startsWith('staff_')
    ? consoleTranslator(lang)
    : (translator(lang) as StaffTranslate);

const BEARER = /^Bearer\s+(\S+)$/i;

/** The token of an `Authorization: Bearer <token>` header. */
export const bearerToken = (authorization: string | undefined): string | undefined =>
  BEARER.exec(authorization ?? '')?.[1];

/** Website step: the website a Website-ID header names (calls other than public ones need one). */
export async function websiteStep(
  access: CallDefinition['access'],
  header: unknown,
  resolvers: Pick<Resolvers, 'resolveWebsite'>,
): Promise<WebsiteContext | null | Refusal> {
  if (access === 'public') return null;
  const raw = typeof header === 'string' ? header.trim() : '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  const website = Number.isSafeInteger(id) ? await resolvers.resolveWebsite(id) : null;
  return website ?? refuse(ErrorCode.WEBSITE_NOT_FOUND, 'api.websiteNotFound');
}

export interface Access {
  session: SessionContext | null;
  staff: StaffContext | null;
}

/**
 * Access step. A token is only good on the website (buyers) or the company (staff) that issued
 * it; buyers' and staff's tokens live in different tables, so neither passes the other's calls.
 */
export async function accessStep(
  def: Pick<CallDefinition, 'access' | 'roles'>,
  website: WebsiteContext | null,
  token: string | undefined,
  resolvers: Pick<Resolvers, 'resolveSession' | 'resolveStaff'>,
): Promise<Access | Refusal> {
  switch (def.access) {
    case 'public':
    case 'website':
      return { session: null, staff: null };
    case 'session':
    case 'customer': {
      const session = token ? await resolvers.resolveSession(token) : null;
      if (!session || !website || session.websiteId !== website.id)
        return refuse(ErrorCode.SESSION_INVALID, 'api.sessionInvalid');
      if (def.access === 'customer' && session.loginType !== 1)
        return refuse(ErrorCode.FORBIDDEN, 'api.customersOnly');
      return { session, staff: null };
    }
    case 'staff': {
      const staff = token ? await resolvers.resolveStaff(token) : null;
      if (!staff || !website || staff.companyId !== website.companyId)
        return refuse(ErrorCode.SESSION_INVALID, 'api.sessionInvalid');
      if (!def.roles?.includes(staff.role)) return refuse(ErrorCode.FORBIDDEN, 'server.roleRefused');
      return { session: null, staff };
    }
  }
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let node = body;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** Translates the first schema issue into a tip that names the field. */
export function validationTip(error: z.ZodError, body: unknown, t: StaffTranslate): string {
  const issue = error.issues[0];
  if (!issue) return t('validation.invalid', { field: t('validation.body') });
  const field = issue.path.length ? issue.path.map(String).join('.') : t('validation.body');
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(body, issue.path) === undefined
        ? t('validation.required', { field })
        : t('validation.type', { field });
    case 'too_small':
      return t('validation.tooSmall', { field });
    case 'too_big':
      return t('validation.tooBig', { field });
    case 'invalid_format':
      return t('validation.format', { field });
    case 'invalid_value':
    case 'invalid_union':
      return t('validation.choice', { field });
    case 'unrecognized_keys':
      return t('validation.unknownField', { field: issue.keys.join(', ') });
    default:
      return t('validation.invalid', { field });
  }
}

/** Validation step: the body as its schema reads it, or the tip naming the first bad field. */
export function validationStep<S extends z.ZodType>(
  schema: S,
  body: unknown,
  t: StaffTranslate,
): { ok: true; data: z.output<S> } | { ok: false; tip: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, tip: t('validation.type', { field: t('validation.body') }) };
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, tip: validationTip(parsed.error, body, t) };
}

import {
  type CallDefinition,
  type CallName,
  type CallResponse,
  type Calls,
  calls,
  DEFAULT_LANGUAGE,
  ErrorCode,
  type Language,
  LANGUAGES,
  languageByCode,
  LIMITS,
  type SessionUser,
  type WebsiteInfo,
} from '@vitrine/contract';
import { type Translate, translator } from '@vitrine/i18n/all';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** The website a call runs for, as the call layer needs it. */
export interface WebsiteContext {
  id: number;
  companyId: number;
  defaultLang: number;
  /** The website's public settings (number_type, show_price, toy_type, …). */
  info: WebsiteInfo;
}

/** The session a token stands for. */
export interface SessionContext {
  id: number;
  websiteId: number;
  companyId: number;
  loginType: 0 | 1;
  customerId: number | null;
  expiresAt: number;
  user: SessionUser;
}

export interface CallContext<W = WebsiteContext, S = SessionContext> {
  website: W;
  session: S;
  lang: Language;
  t: Translate;
  ip: string;
  /** Host name of the request without port, to find a company by its own domain. */
  host: string;
  userAgent: string;
  token: string | undefined;
  log: FastifyRequest['log'];
}

/** What a call handler answers: data on success, or a failure code with its tip. */
export type CallResult<T> = { ok: true; data: T; tip?: string } | { ok: false; code: number; tip: string };

export const ok = <T>(data: T, tip?: string): CallResult<T> =>
  tip === undefined ? { ok: true, data } : { ok: true, data, tip };
export const fail = (code: number, tip: string): CallResult<never> => ({ ok: false, code, tip });

type AccessOf<N extends CallName> = Calls[N]['access'];
type WebsiteOf<N extends CallName> = AccessOf<N> extends 'public' ? WebsiteContext | null : WebsiteContext;
type SessionOf<N extends CallName> =
  AccessOf<N> extends 'session' | 'customer' ? SessionContext : SessionContext | null;

export type CallHandler<N extends CallName> = (
  input: z.output<Calls[N]['request']>,
  ctx: CallContext<WebsiteOf<N>, SessionOf<N>>,
) => Promise<CallResult<CallResponse<N>>>;

export interface ApiOptions {
  resolveWebsite(id: number): Promise<WebsiteContext | null>;
  resolveSession(token: string): Promise<SessionContext | null>;
  /** Check every successful answer against its contract schema (tests turn this on). */
  checkResponses?: boolean;
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly tipKey: 'api.badJson' | 'api.notJson' | 'api.tooLarge',
  ) {
    super(tipKey);
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

function bodyLanguage(body: unknown): Language | undefined {
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

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let node = body;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** Translates the first schema issue into a tip that names the field. */
function validationTip(error: z.ZodError, body: unknown, t: Translate): string {
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

/** The /api: every call is POST /api/<name>, every answer HTTP 200 with {code, data, tip}. */
export function registerApi(
  app: FastifyInstance,
  opts: ApiOptions,
  handlers: { [N in CallName]?: CallHandler<N> },
): void {
  const send = (reply: FastifyReply, code: number, data: unknown, tip: string) =>
    reply.code(200).header('cache-control', 'no-store').send({ code, data, tip });

  const langOf = (request: FastifyRequest): Language =>
    bodyLanguage(request.body) ?? headerLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;

  app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      // Empty bodies count as {}, so calls without fields can be sent bare.
      api.addContentTypeParser(
        ['application/json', 'text/plain'],
        { parseAs: 'string', bodyLimit: LIMITS.MAX_BODY_BYTES },
        (_req, raw, done) => {
          const text = String(raw);
          if (text.trim() === '') return done(null, {});
          try {
            done(null, JSON.parse(text));
          } catch {
            done(new ApiError(ErrorCode.BAD_REQUEST, 'api.badJson'), undefined);
          }
        },
      );
      api.addContentTypeParser('*', (_req, _payload, done) =>
        done(new ApiError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'api.notJson'), undefined),
      );

      api.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
        const t = translator(langOf(request));
        if (error instanceof ApiError) return send(reply, error.code, null, t(error.tipKey));
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          return send(reply, ErrorCode.TOO_LARGE, null, t('api.tooLarge'));
        if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
          return send(reply, ErrorCode.UNSUPPORTED_MEDIA_TYPE, null, t('api.notJson'));
        if (error.statusCode === 429)
          return send(reply, ErrorCode.TOO_MANY_REQUESTS, null, t('api.tooManyRequests'));
        request.log.error({ err: error }, 'unexpected error in an /api call');
        return send(reply, ErrorCode.INTERNAL, null, t('api.internal'));
      });

      const notACall = (request: FastifyRequest, reply: FastifyReply) => {
        const t = translator(langOf(request));
        const name = request.url.replace(/^\/api\/?/, '').split(/[?#]/)[0] ?? '';
        if (request.method === 'POST' && !(name in calls)) {
          return send(reply, ErrorCode.UNKNOWN_CALL, null, t('api.unknownCall', { name: name.slice(0, 64) }));
        }
        if (request.method !== 'POST' && name in calls) {
          return send(
            reply.header('allow', 'POST'),
            ErrorCode.METHOD_NOT_ALLOWED,
            null,
            t('api.methodNotAllowed'),
          );
        }
        return send(reply, ErrorCode.UNKNOWN_CALL, null, t('api.unknownCall', { name: name.slice(0, 64) }));
      };
      // Routes rather than a not-found handler, so compression and every hook apply to these answers too.
      api.all('/*', notACall);
      api.all('/', notACall);
      api.setNotFoundHandler(notACall);

      for (const [name, def] of Object.entries(calls) as [CallName, CallDefinition][]) {
        const handler = handlers[name] as CallHandler<CallName> | undefined;
        if (!handler) continue;
        api.post(`/${name}`, async (request, reply) => {
          let lang = langOf(request);
          // No body at all counts as {}; a JSON null is a body, and not an object.
          const body = request.body === undefined ? {} : request.body;
          if (body === null || typeof body !== 'object' || Array.isArray(body)) {
            const t = translator(lang);
            return send(
              reply,
              ErrorCode.BAD_REQUEST,
              null,
              t('validation.type', { field: t('validation.body') }),
            );
          }

          let website: WebsiteContext | null = null;
          if (def.access !== 'public') {
            const header = request.headers['website-id'];
            const id = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header) : NaN;
            website = Number.isSafeInteger(id) ? await opts.resolveWebsite(id) : null;
            if (!website)
              return send(reply, ErrorCode.WEBSITE_NOT_FOUND, null, translator(lang)('api.websiteNotFound'));
            // Without a lang in the body, the website's own language is the request's language.
            if (!bodyLanguage(body)) lang = languageByCode(website.defaultLang) ?? lang;
          }
          const t = translator(lang);

          const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
          let session: SessionContext | null = null;
          if (def.access === 'session' || def.access === 'customer') {
            session = token ? await opts.resolveSession(token) : null;
            // A token is only good on the website that issued it.
            if (!session || session.websiteId !== website?.id) {
              return send(reply, ErrorCode.SESSION_INVALID, null, t('api.sessionInvalid'));
            }
            if (def.access === 'customer' && session.loginType !== 1) {
              return send(reply, ErrorCode.FORBIDDEN, null, t('api.customersOnly'));
            }
          }

          const parsed = def.request.safeParse(body);
          if (!parsed.success)
            return send(reply, ErrorCode.BAD_REQUEST, null, validationTip(parsed.error, body, t));

          const result = await handler(parsed.data as never, {
            website: website as WebsiteContext,
            session: session as SessionContext,
            lang,
            t,
            ip: request.ip,
            host: request.hostname,
            userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
            token,
            log: request.log,
          });
          if (!result.ok) return send(reply, result.code, null, result.tip);
          if (opts.checkResponses) def.response.parse(result.data);
          return send(reply, ErrorCode.OK, result.data, result.tip ?? t('api.ok'));
        });
      }
    },
    { prefix: '/api' },
  );
}

export type { CallResponse };

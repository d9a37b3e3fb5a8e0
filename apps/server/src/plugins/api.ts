import {
  type CallDefinition,
  type CallName,
  type CallResponse,
  type CallResult,
  type Calls,
  calls,
  ErrorCode,
  type Language,
  LIMITS,
} from '@vitrine/contract';
import type { StaffTranslate } from '@vitrine/i18n/console';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Logger, SessionContext, StaffCaller, StaffContext, WebsiteContext } from '../platform/context';
import type { HeavyCallEntry, InFlightEntry, LimitCheck } from './limits';
import {
  accessStep,
  bearerToken,
  isRefusal,
  type Resolvers,
  requestLanguage,
  tipsFor,
  validationStep,
  websiteStep,
} from './pipeline';

export type { SessionContext, StaffContext, WebsiteContext } from '../platform/context';

export interface CallContext<W = WebsiteContext, S = SessionContext, F = StaffContext | null> {
  website: W;
  session: S;
  /** The staff member of a staff call. */
  staff: F;
  lang: Language;
  /** Tips in the request's language (staff calls: the console's, Chinese or English). */
  t: StaffTranslate;
  ip: string;
  /** Host name of the request without port, to find a company by its own domain. */
  host: string;
  userAgent: string;
  token: string | undefined;
  log: Logger;
}

/** Who asks a staff call, as staff services take it. */
export const staffCaller = (
  ctx: Pick<CallContext<unknown, unknown, StaffContext>, 'staff' | 't' | 'ip' | 'userAgent'>,
): StaffCaller => ({ staff: ctx.staff, t: ctx.t, ip: ctx.ip, userAgent: ctx.userAgent });

type AccessOf<N extends CallName> = Calls[N]['access'];
type WebsiteOf<N extends CallName> = AccessOf<N> extends 'public' ? WebsiteContext | null : WebsiteContext;
type SessionOf<N extends CallName> =
  AccessOf<N> extends 'session' | 'customer' ? SessionContext : SessionContext | null;
type StaffOf<N extends CallName> = AccessOf<N> extends 'staff' ? StaffContext : null;

export type CallHandler<N extends CallName> = (
  input: z.output<Calls[N]['request']>,
  ctx: CallContext<WebsiteOf<N>, SessionOf<N>, StaffOf<N>>,
) => Promise<CallResult<CallResponse<N>>>;

/** The calls one module answers. */
export type CallHandlers = { [N in CallName]?: CallHandler<N> };

/**
 * The handlers of every module, as one map. A call registered by two modules is a mistake
 * (one would silently replace the other), and so is a call of the contract that nobody answers.
 */
export function collectHandlers(modules: readonly CallHandlers[]): CallHandlers {
  const all: Record<string, unknown> = {};
  for (const handlers of modules) {
    for (const [name, handler] of Object.entries(handlers)) {
      if (Object.hasOwn(all, name)) throw new Error(`The call ${name} is registered twice`);
      if (!Object.hasOwn(calls, name)) throw new Error(`The call ${name} is not in the contract`);
      all[name] = handler;
    }
  }
  const missing = Object.keys(calls).filter((name) => !Object.hasOwn(all, name));
  if (missing.length) throw new Error(`No handler for the calls ${missing.join(', ')}`);
  return all as CallHandlers;
}

export interface ApiOptions extends Resolvers {
  /** Check every successful answer against its contract schema (tests turn this on). */
  checkResponses?: boolean;
  /** Counts the call against its session's and address's limits; true: one too many (plugins/limits.ts). */
  overLimit?: LimitCheck;
  /** Enters the call into its caller's calls in flight; null: too many in hand (plugins/limits.ts). */
  enterInFlight?: InFlightEntry;
  /** Waits for the call's turn among this instance's heavy calls; null: refused (plugins/limits.ts). */
  enterHeavy?: HeavyCallEntry;
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly tipKey: 'api.badJson' | 'api.notJson' | 'api.tooLarge',
  ) {
    super(tipKey);
  }
}

/** The /api: every call is POST /api/<name>, every answer HTTP 200 with {code, data, tip}. */
export function registerApi(app: FastifyInstance, opts: ApiOptions, handlers: CallHandlers): void {
  const send = (reply: FastifyReply, code: number, data: unknown, tip: string) =>
    reply.code(200).header('cache-control', 'no-store').send({ code, data, tip });

  const langOf = (request: FastifyRequest): Language =>
    requestLanguage(request.body, request.headers['accept-language']);
  const tipsOf = (request: FastifyRequest) => tipsFor({ access: 'public', name: '' }, langOf(request));

  app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      // Empty bodies count as {}, so calls without fields can be sent bare. JSON alone: a page of
      // another site can post text/plain (or a form) without a CORS preflight, never
      // application/json, so nothing it can send unasked is parsed (decision 0028).
      api.addContentTypeParser(
        'application/json',
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
        const t = tipsOf(request);
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
        const t = tipsOf(request);
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
          // No body at all counts as {}; a JSON null is a body, and not an object.
          const body = request.body === undefined ? {} : request.body;
          const acceptLanguage = request.headers['accept-language'];
          if (body === null || typeof body !== 'object' || Array.isArray(body)) {
            const t = tipsFor(def, requestLanguage(body, acceptLanguage));
            return send(
              reply,
              ErrorCode.BAD_REQUEST,
              null,
              t('validation.type', { field: t('validation.body') }),
            );
          }

          const website = await websiteStep(def.access, request.headers['website-id'], opts);
          if (isRefusal(website))
            return send(
              reply,
              website.code,
              null,
              tipsFor(def, requestLanguage(body, acceptLanguage))(website.tip),
            );
          const lang = requestLanguage(body, acceptLanguage, website);
          const t = tipsFor(def, lang);

          const token = bearerToken(request.headers.authorization);
          const access = await accessStep(def, website, token, opts);
          if (isRefusal(access)) return send(reply, access.code, null, t(access.tip));

          // After access, so a session is counted as itself; before validation, so bad bodies count too.
          const session = access.session
            ? `s${access.session.id}`
            : access.staff
              ? `t${access.staff.sessionId}`
              : null;
          if (opts.overLimit && (await opts.overLimit(name, { session, ip: request.ip })))
            return send(reply, ErrorCode.TOO_MANY_REQUESTS, null, t('api.tooManyRequests'));

          const input = validationStep(def.request, body, t);
          if (!input.ok) return send(reply, ErrorCode.BAD_REQUEST, null, input.tip);

          const release = opts.enterInFlight ? opts.enterInFlight(name, { session, ip: request.ip }) : null;
          if (opts.enterInFlight && !release)
            return send(reply, ErrorCode.TOO_MANY_REQUESTS, null, t('api.tooManyRequests'));
          // After the caller's own limit, so a caller over it never takes a place in the queue.
          const turn = opts.enterHeavy?.(name, { session, ip: request.ip });
          const releaseHeavy = turn ? await turn : undefined;
          // Refused, or the caller went away while waiting (its place goes to the next, unused).
          if (releaseHeavy === null || (releaseHeavy && request.raw.socket?.destroyed)) {
            releaseHeavy?.();
            release?.();
            return send(reply, ErrorCode.TOO_MANY_REQUESTS, null, t('api.tooManyRequests'));
          }
          const result = await handler(input.data as never, {
            website: website as WebsiteContext,
            session: access.session as SessionContext,
            staff: access.staff as never,
            lang,
            t,
            ip: request.ip,
            host: request.hostname,
            userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
            token,
            log: request.log,
          }).finally(() => {
            releaseHeavy?.();
            release?.();
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

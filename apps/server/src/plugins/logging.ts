import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Where log lines go (tests capture them); default: standard output. */
export interface LogStream {
  write(line: string): void;
}

/** Query parameters whose values are secrets: one-time login links, tokens, codes, signatures. */
const SECRET_PARAMS =
  /^(token|login_link|code|password|key|secret|signature|x-amz-signature|x-amz-credential|x-amz-security-token|voucher)$/i;

/**
 * A URL as it may be logged: the value of every secret-looking query parameter replaced, so a
 * token handed over in an address (`/home?token=…`) never reaches the log (decision 0032).
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // An undecodable name is logged as it came; it names no secret we know.
      }
      return SECRET_PARAMS.test(decoded) && eq >= 0 ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

const SECRET_IN_TEXT =
  /([?&](?:token|login_link|code|password|key|secret|signature|x-amz-signature|x-amz-credential|x-amz-security-token|voucher)=)[^&\s"]*/gi;

/** A message with the secret query values of any address in it replaced (Fastify names URLs in some). */
export const loggableText = (text: string) => text.replace(SECRET_IN_TEXT, '$1[redacted]');

/**
 * The server's logger: every line a request writes carries its id (Fastify's `reqId`), and no
 * line carries a token, password, access code or voucher, wherever it sits in what is logged.
 */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'password',
        'token',
        'voucher',
        'access_code',
        'login_link',
        '*.password',
        '*.token',
        '*.voucher',
        '*.access_code',
        '*.login_link',
        'body.code',
        '*.body.code',
      ],
      censor: '[redacted]',
    },
    hooks: {
      // Messages, not only fields: Fastify's own 'Route GET:/x?token=… not found' names the URL.
      logMethod(args, method) {
        method.apply(
          this,
          args.map((a: unknown) => (typeof a === 'string' ? loggableText(a) : a)) as Parameters<
            typeof method
          >,
        );
      },
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: loggableUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}

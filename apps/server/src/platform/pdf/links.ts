import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Storage } from '../storage';

/**
 * Short-lived signed links to a stored PDF (decision 0041): made only after the call's checks, so
 * holding the link is the permission; the PDF is never published under /files/. Each kind of
 * document has its own key (derived from the shared secret) and its own path and storage prefix,
 * so a link of one kind never opens another's.
 */

/** How long a link may be followed: long enough for a slow download, short enough not to be shared. */
export const PDF_LINK_TTL_MS = 5 * 60 * 1000;

const VERSION = 'p1';
const TOKEN = /^p1\.[A-Za-z0-9_-]{1,1500}\.[A-Za-z0-9_-]{43}$/;

export interface PdfLinkGrant {
  key: string;
  filename: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface PdfLinks {
  sign(key: string, filename: string): string;
  /** The grant of a link this server signed and that has not run out; null for anything else. */
  verify(token: string): PdfLinkGrant | null;
}

/** A link key of its own for a kind of document, from the secret every instance shares. */
export const linkKey = (secret: Buffer, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest();

/** `p1.<payload>.<HMAC-SHA256>`: the link carries its grant, no table; every instance sharing the secret reads it. */
export function createPdfLinks(secret: Buffer, clock: Clock, ttlMs = PDF_LINK_TTL_MS): PdfLinks {
  if (secret.length < 32) throw new Error('The PDF link secret needs at least 32 bytes');
  const mac = (payload: string) => createHmac('sha256', secret).update(`${VERSION}.${payload}`).digest();
  return {
    sign(key, filename) {
      // A nonce, so two links to one document differ (nothing to learn from comparing them).
      const claims = [key, filename, clock.now() + ttlMs, randomBytes(6).toString('base64url')];
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${VERSION}.${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      if (!TOKEN.test(token)) return null;
      const [, payload = '', given = ''] = token.split('.');
      const expected = mac(payload);
      const got = Buffer.from(given, 'base64url');
      if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(claims) || claims.length !== 4) return null;
      const [key, filename, expiresAt] = claims as unknown[];
      if (typeof key !== 'string' || typeof filename !== 'string' || typeof expiresAt !== 'number')
        return null;
      if (clock.now() >= expiresAt) return null;
      return { key, filename, expiresAt };
    },
  };
}

/**
 * GET <path><token>: the PDF a signed link names, as an attachment, when its key is under
 * `prefix/`. A link that is forged, altered or out of time is a 404, as is one whose version has
 * since been replaced (the caller asks again and gets the new one).
 */
export function registerPdfDownload(
  app: FastifyInstance,
  deps: { storage: Storage; links: PdfLinks; path: string; prefix: string },
) {
  // A wildcard, not a :param: a token is longer than the router's 100-character parameters.
  app.get<{ Params: { '*': string } }>(`${deps.path}*`, async (request, reply) => {
    const grant = deps.links.verify(request.params['*']);
    const bytes =
      grant && grant.key.startsWith(`${deps.prefix}/`) ? await deps.storage.read(grant.key) : null;
    if (!grant || !bytes)
      return reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    return reply
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `attachment; filename="${grant.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(grant.filename)}`,
      )
      .type('application/pdf')
      .send(bytes);
  });
}

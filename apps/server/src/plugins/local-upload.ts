import { DEFAULT_LANGUAGE } from '@vitrine/contract';
import { translator } from '@vitrine/i18n/all';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../platform/clock';
import type { LocalDiskStorage } from '../platform/storage';
import type { SignedUploadGrant } from '../platform/upload-token';
import { headerLanguage } from './pipeline';

/** Why an upload was refused; answered as `reason`, with a `tip` in the browser's language. */
export type UploadRefusal =
  | 'malformed'
  | 'invalid'
  | 'expired'
  | 'wrongKey'
  | 'wrongType'
  | 'tooLarge'
  | 'empty'
  | 'used'
  | 'unreadable'
  | 'tooSmall'
  | 'badAspect';

const STATUS: Record<UploadRefusal, number> = {
  malformed: 400,
  empty: 400,
  invalid: 403,
  expired: 403,
  wrongKey: 403,
  wrongType: 403,
  tooLarge: 413,
  used: 409,
  unreadable: 422,
  tooSmall: 422,
  badAspect: 422,
};

export interface LocalUploadOptions {
  storage: LocalDiskStorage;
  clock: Clock;
  /**
   * Records that a credential was used, before its file is written: 'used' when it already was
   * (this is what makes a credential good for one upload), 'revoked' when the session it was
   * given to has ended (logged out, expired).
   */
  claim(grant: SignedUploadGrant, size: number): Promise<'claimed' | 'used' | 'revoked'>;
  /**
   * The file as it will be stored: decoded and written anew (decision 0032), or why not. Only
   * what this answers is ever written, so nothing is stored that was not understood.
   */
  prepare(
    grant: SignedUploadGrant,
    bytes: Buffer,
  ): Promise<
    { ok: true; bytes: Buffer } | { ok: false; reason: 'wrongType' | 'unreadable' | 'tooSmall' | 'badAspect' }
  >;
  /** The largest file any credential allows; a body beyond it (and the form around it) is cut off. */
  maxFileBytes: number;
}

// Room for the form fields and part headers around the file.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The local-disk twin of an S3 presigned POST: POST <storage.uploadUrl>, multipart/form-data with
 * the credential's fields and then `file`, answered 204 like S3. It enforces what an S3 policy
 * would (exact key, type and size range, expiry) and, beyond S3, one use per credential and
 * bytes that really are of the declared type (prepare).
 */
export function registerLocalUploads(app: FastifyInstance, opts: LocalUploadOptions): void {
  const bodyLimit = opts.maxFileBytes + FORM_OVERHEAD_BYTES;

  const refuse = (request: FastifyRequest, reply: FastifyReply, reason: UploadRefusal) => {
    const t = translator(headerLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE);
    return reply
      .code(STATUS[reason])
      .header('cache-control', 'no-store')
      .send({ reason, tip: t(`api.upload.${reason}`) });
  };

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit }, (_req, body, done) =>
      done(null, body),
    );

    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse(request, reply, 'tooLarge');
      if (error.statusCode === 415 || error.statusCode === 400) return refuse(request, reply, 'malformed');
      request.log.error({ err: error }, 'upload failed');
      return reply.code(500).send({ reason: 'internal', tip: '' });
    });

    scope.post(opts.storage.uploadUrl, { bodyLimit }, async (request, reply) => {
      let form: FormData;
      try {
        // The platform's own multipart reader (undici); the body is already bounded by bodyLimit.
        const body = request.body as Buffer;
        // A view of the same bytes typed as the fetch API expects (Node's Buffer may be shared memory).
        const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
        form = await new Response(bytes, {
          headers: { 'content-type': String(request.headers['content-type']) },
        }).formData();
      } catch {
        return refuse(request, reply, 'malformed');
      }
      const field = (name: string) => {
        const v = form.get(name);
        return typeof v === 'string' ? v : undefined;
      };
      const file = form.get('file');
      const token = field('token');
      if (!token || !(file instanceof Blob)) return refuse(request, reply, 'malformed');

      const grant = opts.storage.readUploadToken(token);
      if (!grant) return refuse(request, reply, 'invalid');
      if (opts.clock.now() >= grant.expiresAt) return refuse(request, reply, 'expired');
      // The key is signed: a credential for one folder can never write into another.
      if (field('key') !== grant.key) return refuse(request, reply, 'wrongKey');
      if (field('Content-Type') !== grant.contentType) return refuse(request, reply, 'wrongType');
      if (file.size === 0) return refuse(request, reply, 'empty');
      if (file.size > grant.maxBytes) return refuse(request, reply, 'tooLarge');

      const bytes = Buffer.from(await file.arrayBuffer());
      const prepared = await opts.prepare(grant, bytes);
      if (!prepared.ok) return refuse(request, reply, prepared.reason);

      // Claimed before writing, so two racing uploads with one credential cannot both write.
      const claim = await opts.claim(grant, prepared.bytes.length);
      if (claim === 'used') return refuse(request, reply, 'used');
      if (claim === 'revoked') return refuse(request, reply, 'invalid');
      await opts.storage.put(grant.key, prepared.bytes, grant.contentType);
      return reply.code(204).header('cache-control', 'no-store').send();
    });
  });
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHAT_LIMITS } from '@vitrine/contract';
import type { Clock } from './clock';

/**
 * Short-lived signatures for the chat socket (`chat_user_sig`): an HMAC-SHA256 over who may join
 * (buyer or staff, which company, which person, which chat id) and until when. The socket takes
 * the signature with the session token: the token says who is calling, as for any /api call, and
 * the signature bounds how long one login to the socket lasts (the connection is closed with
 * 70001 when it runs out, and the client asks for a new one). Every instance must share the
 * secret (CHAT_SECRET), as a signature made on one is used on another.
 */
export interface ChatGrant {
  kind: 'buyer' | 'staff';
  companyId: number;
  /** The customer's or the staff member's id. */
  subjectId: number;
  chatId: string;
  /** Epoch ms. */
  expiresAt: number;
}

export type SignatureCheck = { ok: true; grant: ChatGrant } | { ok: false; reason: 'invalid' | 'expired' };

export interface ChatSigner {
  /** A signature for the grant, good for CHAT_LIMITS.SIGNATURE_TTL_MS from now. */
  sign(grant: Omit<ChatGrant, 'expiresAt'>): { sig: string; expiresAt: number };
  /** The grant a signature carries, if it is one of ours and has not run out. */
  verify(sig: string): SignatureCheck;
}

const VERSION = 'v1';

export function createChatSigner(
  secret: Buffer,
  clock: Clock,
  ttlMs: number = CHAT_LIMITS.SIGNATURE_TTL_MS,
): ChatSigner {
  if (secret.length < 32) throw new Error('The chat secret needs at least 32 bytes');
  const mac = (body: string) => createHmac('sha256', secret).update(`${VERSION}.${body}`).digest();
  return {
    sign(g) {
      const expiresAt = clock.now() + ttlMs;
      const grant: ChatGrant = { ...g, expiresAt };
      // A nonce, so two signatures made in the same millisecond still differ.
      const body = Buffer.from(
        JSON.stringify([grant.kind, grant.companyId, grant.subjectId, grant.chatId, expiresAt, nonce()]),
      ).toString('base64url');
      return { sig: `${VERSION}.${body}.${mac(body).toString('base64url')}`, expiresAt };
    },
    verify(sig) {
      const [version, body, given] = sig.split('.');
      if (version !== VERSION || !body || !given) return { ok: false, reason: 'invalid' };
      const expected = mac(body);
      const got = Buffer.from(given, 'base64url');
      if (got.length !== expected.length || !timingSafeEqual(got, expected))
        return { ok: false, reason: 'invalid' };
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (!Array.isArray(fields) || fields.length !== 6) return { ok: false, reason: 'invalid' };
      const [kind, companyId, subjectId, chatId, expiresAt] = fields as unknown[];
      if (
        (kind !== 'buyer' && kind !== 'staff') ||
        typeof companyId !== 'number' ||
        typeof subjectId !== 'number' ||
        typeof chatId !== 'string' ||
        typeof expiresAt !== 'number'
      )
        return { ok: false, reason: 'invalid' };
      if (clock.now() >= expiresAt) return { ok: false, reason: 'expired' };
      return { ok: true, grant: { kind, companyId, subjectId, chatId, expiresAt } };
    },
  };
}

const nonce = () => randomBytes(6).toString('base64url');

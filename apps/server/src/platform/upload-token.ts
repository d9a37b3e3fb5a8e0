import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { UploadGrant } from './storage';

/** A grant as a token carries it: `id` tells one credential from another, so each is used once. */
export interface SignedUploadGrant extends UploadGrant {
  id: string;
}

// The version is signed too, so a token of a future format can never be read as this one.
const VERSION = 'u1';

const mac = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(`${VERSION}.${payload}`).digest();

/** `u1.<payload>.<HMAC-SHA256>`, both base64url: the grant travels with the browser, not in a table. */
export function signUploadToken(secret: Buffer, grant: UploadGrant): string {
  const claims = {
    id: randomBytes(16).toString('base64url'),
    k: grant.key,
    t: grant.contentType,
    m: grant.maxBytes,
    e: grant.expiresAt,
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${VERSION}.${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The grant of a token this secret signed; null for anything else (forged, altered, malformed). */
export function readUploadToken(secret: Buffer, token: string): SignedUploadGrant | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || token.length > 2048) return null;
  const [, payload = '', signature = ''] = parts;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { id, k, t, m, e } = c;
    if (typeof id !== 'string' || typeof k !== 'string' || typeof t !== 'string') return null;
    if (!Number.isSafeInteger(m) || !Number.isSafeInteger(e)) return null;
    return { id, key: k, contentType: t, maxBytes: m as number, expiresAt: e as number };
  } catch {
    return null;
  }
}

/**
 * The secret local-disk credentials are signed with, kept in a file so credentials survive a
 * restart and every process sharing the data folder agrees. Made on first use, readable by the
 * server's user only.
 */
export function uploadSecretIn(file: string): Buffer {
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32);
  try {
    // 'wx': when two processes start together, the first one's secret wins and both use it.
    writeFileSync(file, `${secret.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
}

import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

/**
 * The stored form of an access code or password: scrypt with the company's salt.
 * One salt per company (not per code) lets the single login field find the matching
 * code or customer with one hash and an indexed lookup; see docs/decisions/0003.
 */
export function hashCode(code: string, companySalt: string): Promise<string> {
  return new Promise((resolve, reject) =>
    scryptCb(normalizeCode(code), companySalt, 32, SCRYPT, (err, key) =>
      err ? reject(err) : resolve(key.toString('hex')),
    ),
  );
}

/** Codes are compared after Unicode normalisation and trimming, so a pasted code still matches. */
export function normalizeCode(code: string): string {
  return code.normalize('NFKC').trim();
}

export const newSalt = (): string => randomBytes(16).toString('hex');

/** 256 random bits; only its SHA-256 is stored, so a database leak yields no usable token. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * A staff password's stored form: scrypt with a salt of its own, `scrypt$<salt>$<hash>`. Staff
 * are found by their email, so unlike buyers' codes a password needs no company-wide salt.
 */
export async function hashPassword(password: string, salt = newSalt()): Promise<string> {
  return `scrypt$${salt}$${await hashCode(password, salt)}`;
}

/** Whether a password matches a stored hashPassword, in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const given = Buffer.from(await hashCode(password, salt), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A password or access code the server makes for a person to type: 12 letters and digits without look-alikes. */
export function newReadableSecret(length = 12): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (out.length === length) break;
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
  }
  return out.length === length ? out : newReadableSecret(length);
}

import { createHash, randomBytes, scrypt as scryptCb } from 'node:crypto';

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

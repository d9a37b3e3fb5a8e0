import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readUploadToken, signUploadToken, uploadSecretIn } from './upload-token';

const grant = {
  key: 'c1/image_search/2026-11-22/0123456789abcdef0123456789abcdef.png',
  contentType: 'image/png',
  maxBytes: 5 * 1024 * 1024,
  expiresAt: Date.UTC(2026, 10, 22, 9, 5),
};

describe('upload tokens', () => {
  const secret = randomBytes(32);

  it('carry their grant, with an id of their own, to the server that signed them', () => {
    const a = readUploadToken(secret, signUploadToken(secret, grant));
    const b = readUploadToken(secret, signUploadToken(secret, grant));
    expect(a).toEqual({ ...grant, id: expect.any(String) });
    expect(a?.id).not.toBe(b?.id);
  });

  it('are refused when signed with another secret, or when their grant was changed', () => {
    const token = signUploadToken(secret, grant);
    expect(readUploadToken(randomBytes(32), token)).toBeNull();
    const [version, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const bigger = Buffer.from(JSON.stringify({ ...claims, m: grant.maxBytes * 100 })).toString('base64url');
    expect(readUploadToken(secret, `${version}.${bigger}.${signature}`)).toBeNull();
    expect(readUploadToken(secret, `u2.${payload}.${signature}`)).toBeNull();
    expect(readUploadToken(secret, 'not a token')).toBeNull();
  });
});

describe('the upload secret kept under the data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is made once, readable by its owner only, and the same on every start', () => {
    const file = join(dir, 'upload-secret');
    const first = uploadSecretIn(file);
    expect(first.length).toBe(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(uploadSecretIn(file)).toEqual(first);
  });
});

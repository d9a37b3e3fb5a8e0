import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { inlineScripts, pagePolicy, scriptHash } from './security-headers';

const HEAD_SCRIPT = 'document.documentElement.lang="en";';
const START_SCRIPT = 'import("/pc/assets/index-AbCdEf12.js")';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'vitrine-web-'));
    writeFileSync(
      join(webRoot, 'index.html'),
      `<!doctype html><html><head><title>Vitrine</title><script type="module">${START_SCRIPT}</script></head>` +
        `<body><div id="root"></div><script id="vitrine-boot" data-locales='{"en":"/pc/en.js"}'>${HEAD_SCRIPT}</script>` +
        `<script type="module" src="/pc/assets/x.js"></script></body></html>`,
    );
    const staffRoot = mkdtempSync(join(tmpdir(), 'vitrine-staff-'));
    mkdirSync(join(staffRoot, 'assets'));
    writeFileSync(
      join(staffRoot, 'index.html'),
      '<!doctype html><html><head><script type="module" crossorigin src="/staff/assets/index-AbCdEf12.js"></script></head></html>',
    );
    t = await createTestApp({ webRoot, staffRoot, seed: false });
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const directives = (csp: unknown) =>
    new Map(
      String(csp)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );

  it.each([
    '/login',
    '/home',
    '/productDisplay?site=demo',
    '/staff/',
    '/staff/inbox',
    '/api/docs.json',
    '/healthz',
  ])('forbids framing, sniffing and cross-site referrers on %s', async (url) => {
    const res = await get(url);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows the buyer app’s two inline scripts by their hashes, and no inline script besides', async () => {
    const csp = directives((await get('/home')).headers['content-security-policy']);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).toContain(scriptHash(HEAD_SCRIPT));
    expect(scripts).toContain(scriptHash(START_SCRIPT));
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).toHaveLength(4);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('lets the console run its own scripts only', async () => {
    const csp = directives((await get('/staff/')).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('allows nothing at all to what is not a page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/get_website_info', payload: {} });
    expect(directives(res.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
  });

  it('hashes the exact text of inline scripts, skipping scripts loaded from a file', () => {
    expect(
      inlineScripts('<script>a()</script><script src="/x.js"></script><SCRIPT type="module">\nb()</SCRIPT>'),
    ).toEqual(['a()', '\nb()']);
    // The value browsers compute for `alert(1)` (CSP Level 2's own example form).
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('names object storage’s origins for pictures and uploads', () => {
    const csp = directives(pagePolicy('', ['https://cdn.example.com']));
    expect(csp.get('img-src')).toContain('https://cdn.example.com');
    expect(csp.get('connect-src')).toContain('https://cdn.example.com');
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });
});

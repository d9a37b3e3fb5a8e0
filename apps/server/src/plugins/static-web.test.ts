import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'vitrine-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(
      join(webRoot, 'index.html'),
      `<!doctype html><title>Vitrine</title>${'<!-- pad -->'.repeat(200)}`,
    );
    writeFileSync(
      join(webRoot, 'assets', 'index-AbCdEf12.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    writeFileSync(join(webRoot, 'favicon.svg'), '<svg/>');
    t = await createTestApp({ webRoot });
  });
  afterAll(() => t.close());

  it.each(['/', '/home', '/login?site=demo2', '/productDetails?id=3', '/NotWebsite', '/some/unknown/link'])(
    'answers the app route %s with the app’s HTML, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Vitrine</title>');
    },
  );

  it('serves hashed assets under /pc/ cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pc/assets/index-AbCdEf12.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves unhashed files under /pc/ with a short cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pc/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('compresses what it serves', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pc/assets/index-AbCdEf12.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const page = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pc/assets/missing-12345678.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>');
  });

  it('serves stored files, such as the company logo', async () => {
    const info = await t.call('get_website_info', { site: 'demo' });
    const res = await t.app.inject({ method: 'GET', url: info.data.company_logo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps /api answers as envelopes next to the app', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(res.json()).toMatchObject({ code: -404 });
  });
});

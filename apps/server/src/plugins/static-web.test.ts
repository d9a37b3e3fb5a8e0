import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { htmlFor, parseFirstPages } from './static-web';

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'vitrine-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(
      join(webRoot, 'index.html'),
      `<!doctype html><html><head><title>Vitrine</title></head><body>${'<!-- pad -->'.repeat(200)}</body></html>`,
    );
    writeFileSync(
      join(webRoot, 'first-pages.json'),
      JSON.stringify({
        '/home': {
          scripts: ['/pc/assets/HomePage-AbCdEf12.js'],
          styles: ['/pc/assets/HomePage-AbCdEf12.css'],
        },
        '/productDisplay': { scripts: ['/pc/assets/List-AbCdEf12.js'], styles: [] },
      }),
    );
    writeFileSync(
      join(webRoot, 'assets', 'index-AbCdEf12.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    writeFileSync(join(webRoot, 'favicon.svg'), '<svg/>');
    const styles = `body{color:red}${' '.repeat(2000)}`;
    writeFileSync(join(webRoot, 'assets', 'index-AbCdEf12.css'), styles);
    writeFileSync(join(webRoot, 'assets', 'index-AbCdEf12.css.br'), brotliCompressSync(styles));
    writeFileSync(join(webRoot, 'assets', 'index-AbCdEf12.css.gz'), gzipSync(styles));
    t = await createTestApp({ webRoot, staffRoot: buildStaffRoot() });
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it.each(['/', '/home', '/login?site=demo2', '/productDetails?id=3', '/NotWebsite', '/some/unknown/link'])(
    'answers the app route %s with the app’s HTML, never cached',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Vitrine</title>');
    },
  );

  it('announces a first page’s chunks and styles in its HTML, and only in its own', async () => {
    const home = await get('/home');
    expect(home.body).toContain(
      '<link rel="modulepreload" crossorigin href="/pc/assets/HomePage-AbCdEf12.js">',
    );
    expect(home.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/pc/assets/HomePage-AbCdEf12.css">',
    );
    expect(home.body.indexOf('modulepreload')).toBeLessThan(home.body.indexOf('</head>'));
    expect(home.body).not.toContain('List-AbCdEf12');
    // The router matches paths whatever their case and trailing slash; so does the announcement.
    const list = await get('/PRODUCTDISPLAY/?keyword=car');
    expect(list.body).toContain('href="/pc/assets/List-AbCdEf12.js"');
    expect(list.body).not.toContain('HomePage-AbCdEf12');
    for (const url of ['/', '/login?site=demo', '/productDetails?id=3']) {
      expect((await get(url)).body).not.toContain('modulepreload');
    }
  });

  it('serves one HTML to every showroom: nothing of a website or a visitor goes into it', async () => {
    const a = await get('/home', { host: 'toys.example.com' });
    const b = await get('/home?site=demo2', {
      host: 'other.example.com',
      cookie: 'x=1',
      authorization: 'Bearer abc',
    });
    expect(a.body).toBe(b.body);
    expect(a.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets under /pc/ cached for a year', async () => {
    const res = await get('/pc/assets/index-AbCdEf12.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves unhashed files under /pc/ with a short cache', async () => {
    const res = await get('/pc/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('compresses what it serves', async () => {
    const res = await get('/pc/assets/index-AbCdEf12.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const page = await get('/home', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
  });

  it('sends the build’s own compressed copy of an asset when the browser takes it', async () => {
    const br = await get('/pc/assets/index-AbCdEf12.css', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('text/css');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/^body\{color:red\}/);
    const plain = await get('/pc/assets/index-AbCdEf12.css');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^body\{color:red\}/);
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const res = await get('/pc/assets/missing-12345678.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>');
  });

  it('serves stored files, such as the company logo', async () => {
    const info = await t.call('get_website_info', { site: 'demo' });
    const res = await get(info.data.company_logo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps /api answers as envelopes next to the app', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(res.json()).toMatchObject({ code: -404 });
  });
});

/** A console build: its own index.html and a hashed asset. */
function buildStaffRoot(): string {
  const staffRoot = mkdtempSync(join(tmpdir(), 'vitrine-staff-'));
  mkdirSync(join(staffRoot, 'assets'));
  writeFileSync(
    join(staffRoot, 'index.html'),
    '<!doctype html><html><head><title>Console</title></head><body></body></html>',
  );
  writeFileSync(
    join(staffRoot, 'assets', 'index-StAfF123.js'),
    `console.log(${JSON.stringify('s'.repeat(3000))});`,
  );
  return staffRoot;
}

describe('serving the staff console beside the buyer app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'vitrine-web-'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>Vitrine</title></head></html>',
    );
    t = await createTestApp({ webRoot, staffRoot: buildStaffRoot() });
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each(['/staff/', '/staff/login', '/staff/inbox/12', '/staff/buyers?search=x', '/staff/settings/'])(
    'answers the console page %s with the console’s HTML, never cached',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Console</title>');
    },
  );

  it('sends /staff to /staff/, keeping the query', async () => {
    const res = await get('/staff?site=demo2');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/staff/?site=demo2');
  });

  it('serves the console’s hashed assets cached for a year, and a missing one as a 404', async () => {
    const asset = await get('/staff/assets/index-StAfF123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/staff/assets/missing-12345678.js', '/staff/favicon.svg']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<title>');
    }
  });

  it('keeps the buyer app on its own routes', async () => {
    for (const url of ['/', '/home', '/login?site=demo', '/staffing']) {
      expect((await get(url)).body).toContain('<title>Vitrine</title>');
    }
  });

  it('never answers /staff/ with the buyer app when the console is not built', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'vitrine-web-'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>Vitrine</title></head></html>',
    );
    const bare = await createTestApp({ webRoot, staffRoot: join(webRoot, 'no-console') });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/staff/inbox' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<title>');
      expect((await bare.app.inject({ method: 'GET', url: '/home' })).body).toContain(
        '<title>Vitrine</title>',
      );
    } finally {
      await bare.close();
    }
  });
});

describe('first-page announcements', () => {
  const html = '<!doctype html><html><head><title>x</title></head><body></body></html>';

  it('escapes what it writes into attributes', () => {
    const pages = parseFirstPages(
      JSON.stringify({
        '/home': { scripts: ['/pc/a"><script>alert(1)</script>.js'], styles: ['/pc/b&c.css'] },
      }),
    );
    const out = htmlFor(html, pages, '/home');
    expect(out).not.toContain('<script>');
    expect(out).toContain('href="/pc/a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.js"');
    expect(out).toContain('href="/pc/b&amp;c.css"');
  });

  it('announces only files of the web build (under /pc/)', () => {
    const pages = parseFirstPages(
      JSON.stringify({
        '/home': { scripts: ['https://evil.example/x.js', '//evil.example/y.js', 7], styles: null },
      }),
    );
    expect(htmlFor(html, pages, '/home')).toBe(html);
  });

  it('leaves the HTML as built when the list is missing or broken', () => {
    expect(htmlFor(html, parseFirstPages('not json'), '/home')).toBe(html);
    expect(htmlFor(html, parseFirstPages('null'), '/home')).toBe(html);
  });
});

import en from '@vitrine/i18n/locales/en.json';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, sessionHeaders } from './api';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './server';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * The built app under its Content-Security-Policy (decision 0032): every page a buyer reaches
 * runs with no violation, which a policy too strict for the app (or an inline script the build
 * added without the server hashing it) would show as a console error and a blocked page.
 */
describe('the built app under its Content-Security-Policy, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const files = mkdtempSync(join(tmpdir(), 'vitrine-e2e-csp-'));

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  /** A context that records every CSP violation, as events and as console messages. */
  const watched = async (): Promise<{
    context: BrowserContext;
    page: Page;
    violations: () => Promise<string[]>;
  }> => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    // Init scripts come from the browser's debugging protocol, which the page's policy does not govern.
    await context.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations?.push(
          `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    });
    const page = await context.newPage();
    const console: string[] = [];
    page.on('console', (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) console.push(m.text());
    });
    const violations = async () => [...console, ...(await page.evaluate(() => window.__cspViolations ?? []))];
    return { context, page, violations };
  };

  it('runs /login, /home, /productDisplay, /productDetails, /chooseCar and /proSearch with no violation', async () => {
    const headers = await sessionHeaders(server.url, 'demo', 'demo-visitor');
    const { list } = await callApi<{ list: { id: number; picture: string }[] }>(
      server.url,
      'get_list',
      { page: 1, page_size: 20 },
      headers,
    );
    const product = list.find((p) => p.picture);
    if (!product) throw new Error('no product with a picture in the demo data');

    const { context, page, violations } = await watched();
    const response = await page.goto(`${server.url}/login?site=demo`);
    expect(response?.headers()['content-security-policy']).toMatch(
      /script-src 'self' 'wasm-unsafe-eval' 'sha256-/,
    );
    expect(response?.headers()['content-security-policy']).not.toContain("'unsafe-inline' 'sha256");
    await page.getByLabel(en.web.login.codeLabel).fill('demo-visitor');
    expect(await violations()).toEqual([]);
    await page.getByRole('button', { name: en.web.login.submit }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.locator('main').first().waitFor();
    expect(await violations()).toEqual([]);

    await page.goto(`${server.url}/productDisplay`);
    await page.getByRole('heading', { level: 1, name: en.web.pages.productDisplay }).waitFor();
    await page.locator('main img').first().waitFor();
    expect(await violations()).toEqual([]);

    await page.goto(`${server.url}/productDetails?id=${product.id}`);
    await page.locator('main img').first().waitFor();
    expect(await violations()).toEqual([]);

    // A product with a 3D model: the viewer (a library of its own) loads and shows it.
    const models = await callApi<{ list: { id: number }[] }>(
      server.url,
      'get_3d_toy',
      { page: 1, page_size: 20 },
      headers,
    );
    let withModel: number | undefined;
    for (const p of models.list) {
      const detail = await callApi<{ model_url?: string }>(
        server.url,
        'get_toy_detail',
        { id: p.id },
        headers,
      );
      if (detail.model_url) {
        withModel = p.id;
        break;
      }
    }
    if (withModel === undefined) throw new Error('no demo product with a 3D model');
    await page.goto(`${server.url}/productDetails?id=${withModel}`);
    const viewer = page.locator('model-viewer');
    await viewer.waitFor();
    await viewer.scrollIntoViewIfNeeded();
    await page
      .locator('[data-state="ready"] > model-viewer, [data-state="failed"]')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
    expect(await violations()).toEqual([]);
    expect(await page.locator('[data-state="ready"] > model-viewer').count()).toBe(1);

    await page.goto(`${server.url}/chooseCar`);
    await page.locator('main').first().waitFor();
    expect(await violations()).toEqual([]);

    // /proSearch as a buyer gets there: a photo picked, cropped, uploaded and searched.
    const photo = join(files, 'photo.jpg');
    const picture = Buffer.from(await (await fetch(new URL(product.picture, server.url))).arrayBuffer());
    await sharp(picture).resize(640).jpeg().toFile(photo);
    await page.goto(`${server.url}/home`);
    await page.getByTestId('image-search-open').click();
    await page.getByTestId('image-search-file').setInputFiles(photo);
    await page.getByTestId('image-search-crop').waitFor();
    await page.getByTestId('image-search-confirm').click();
    await page.waitForURL((url) => url.pathname === '/proSearch');
    // Found or not (the pictures may not all be indexed yet), the search has answered.
    await page.getByTestId('image-search-loading').waitFor({ state: 'detached' });
    expect(await page.getByTestId('image-search-failed').count()).toBe(0);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('runs the console’s login page with no violation', async () => {
    const { context, page, violations } = await watched();
    await page.goto(`${server.url}/staff/?site=demo`);
    await page.getByRole('button').first().waitFor();
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('keeps the login page out of another site’s frame', async () => {
    const { context, page } = await watched();
    const blocked = page.waitForEvent('console', (m) => /frame-ancestors|X-Frame-Options/i.test(m.text()));
    await page.setContent(`<iframe src="${server.url}/login?site=demo"></iframe>`);
    await blocked;
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const shown = await frame?.evaluate(() => document.querySelector('#root') !== null).catch(() => false);
    expect(shown).toBe(false);
    await context.close();
  });
});

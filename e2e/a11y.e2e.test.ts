import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import en from '@vitrine/i18n/locales/en.json';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, sessionHeaders } from './api';
import { launchBrowser } from './browser';
import { startServer } from './server';

// axe-core's browser build, injected into each page as it is (no network).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The serious and critical violations axe finds on the page as it stands (WCAG 2.x A and AA). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return r.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} nodes, e.g. ${JSON.stringify(v.nodes[0]?.target)}`,
    );
}

const PAGES = [
  '/home',
  '/productDisplay',
  '/productDetails',
  '/chooseCar',
  '/sampleRecords',
  '/companyNews',
  '/aboutUs',
  '/contactUs',
  '/proSearch',
] as const;

describe('the buyer pages, checked by axe in chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  beforeAll(async () => {
    // E2E_DATA_DIR: a data folder already seeded, to check again without seeding again.
    const reuse = process.env.E2E_DATA_DIR;
    [server, browser] = await Promise.all([startServer(reuse ? { DATA_DIR: reuse } : {}), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe.each([
    ['demo', 'demo-buyer'],
    ['demo2', 'demo2-buyer'],
  ] as const)('on %s', (site, code) => {
    it('has no serious or critical violation on the login page or any buyer page', async () => {
      const headers = await sessionHeaders(server.url, site, code);
      const first = await callApi<{ list: { id: number }[] }>(
        server.url,
        'get_list',
        { page_size: 1 },
        headers,
      );
      // A cart with a line, so /chooseCar shows its lines, totals and stepper.
      await callApi(server.url, 'add_sample_car', { ids: [first.list[0]?.id] }, headers);

      // axe is injected as an inline script, which the pages' CSP rightly refuses; the CSP has its
      // own test (security-headers.e2e), so this one looks past it.
      const context = await browser.newContext({
        locale: 'en-US',
        viewport: { width: 1366, height: 900 },
        bypassCSP: true,
      });
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      // In English on both sites, so the login form's labels are known.
      await page.addInitScript(() => {
        if (!localStorage.getItem('vitrine.lang')) {
          localStorage.setItem('vitrine.lang', '11201002');
          localStorage.setItem('vitrine.locale', 'en-US');
        }
      });
      await page.goto(`${server.url}/login?site=${site}`);
      await page.getByLabel(en.web.login.codeLabel).waitFor();
      found['/login'] = await seriousViolations(page);

      await page.getByLabel(en.web.login.codeLabel).fill(code);
      await page.getByRole('button', { name: en.web.login.submit }).click();
      await page.waitForURL((url) => url.pathname === '/home');
      for (const path of PAGES) {
        const target = path === '/productDetails' ? `${path}?id=${first.list[0]?.id}` : path;
        await page.goto(server.url + target);
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForLoadState('networkidle');
        found[path] = await seriousViolations(page);
      }
      await context.close();
      expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
    }, 180_000);
  });
});

/**
 * Screenshots of the 'Linesheet PDF' buttons for docs/screenshots (decision 0061): the buyer's
 * cart and search results in English, Chinese and Arabic at phone and desktop widths, with the
 * button busy ("Preparing the linesheet…") on the cart; the console's sample list and products
 * selection in Chinese and English. Run `npm run build` first; then
 * `node --import tsx scripts/linesheet-screenshots.ts`.
 */
import ar from '@vitrine/i18n/locales/ar.json';
import en from '@vitrine/i18n/locales/en.json';
import zh from '@vitrine/i18n/locales/zh.json';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { startServer } from '../e2e/server';

const out = join(import.meta.dirname, '..', 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const LANGS = {
  en: { code: 11201002, locale: 'en-US', strings: en },
  zh: { code: 11201001, locale: 'zh-CN', strings: zh },
  ar: { code: 11201005, locale: 'ar-SA', strings: ar },
} as const;
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

async function shoot(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `${name}.png`), fullPage });
  console.log(`docs/screenshots/${name}.png`);
}

// One customer for every run: their server cart keeps the two products added the first time.
let added = false;
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [lang, l] of Object.entries(LANGS) as [
    keyof typeof LANGS,
    (typeof LANGS)[keyof typeof LANGS],
  ][]) {
    for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
      const suffix = `${lang}-${size}`;
      const context = await browser.newContext({ viewport: SIZES[size], locale: 'en-US' });
      const page = await context.newPage();
      await page.goto(`${server.url}/login?site=demo`);
      await page.evaluate(
        ([code, locale]) => {
          localStorage.setItem('vitrine.lang', String(code));
          localStorage.setItem('vitrine.locale', locale);
        },
        [l.code, l.locale] as const,
      );
      await page.reload();
      await page.locator('input').first().fill('demo-buyer');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      // Search results, with the button beside the count.
      await page.goto(`${server.url}/productDisplay?keyword=car`);
      await page.getByTestId('linesheet').waitFor();
      await shoot(page, `linesheet-search-${suffix}`, false);
      const cards = page.locator('article:not([data-expired])');
      for (let i = 0; i < 2 && !added; i++) {
        await cards.nth(i).getByTestId('add-to-cart').click();
        await page.getByText(l.strings.cart.added).first().waitFor();
      }
      added = true;
      await page.goto(`${server.url}/chooseCar`);
      const button = page.getByTestId('linesheet');
      await button.waitFor();
      await button.scrollIntoViewIfNeeded();
      // Its progress: the answer held back until the shot is taken.
      let release: () => void = () => undefined;
      await page.route('**/api/get_linesheet', async (route) => {
        await new Promise<void>((r) => (release = r));
        await route.continue();
      });
      await button.click();
      await page.getByText(l.strings.web.linesheet.preparing).first().waitFor();
      await shoot(page, `linesheet-cart-busy-${suffix}`, false);
      release();
      await context.close();
    }
  }
  for (const [lang, locale] of [
    ['zh', 'zh-CN'],
    ['en', 'en-US'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    const page = await context.newPage();
    await page.goto(`${server.url}/staff/?site=demo`);
    await page.locator('input[type="email"], input[autocomplete="username"]').first().fill('owner@demo.test');
    await page.locator('input[type="password"]').fill('demo-owner');
    await page.locator('button[type="submit"]').click();
    await page.locator('main h2').first().waitFor();
    await page.goto(`${server.url}/staff/products`);
    const boxes = page.locator('tbody input[type="checkbox"]');
    await boxes.nth(1).waitFor();
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByTestId('linesheet').waitFor();
    await shoot(page, `linesheet-console-products-${lang}`, false);
    await page.goto(`${server.url}/staff/inbox`);
    await page.locator('main a[href*="/inbox/"]').first().click();
    await page.getByTestId('linesheet').waitFor();
    await shoot(page, `linesheet-console-sample-${lang}`, false);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

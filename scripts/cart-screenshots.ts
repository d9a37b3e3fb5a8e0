/**
 * Screenshots of the sample-cart screens for docs/screenshots, in English, Chinese and Arabic, at
 * phone and desktop widths, on the demo showroom as a visitor (whose cart lives in the browser):
 * the cart with three lines (one at 12 cartons), the submission form showing the e-mail error,
 * the sample records after a submission, that record's page, and the empty cart.
 * Run `npm run build` first; then `node --import tsx scripts/cart-screenshots.ts`.
 * `CART_SHOTS=en-phone,ar-desktop` limits the run to some language and size pairs.
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
const only = process.env.CART_SHOTS?.split(',').filter(Boolean);

/** Waits until no toast is on screen, so a screenshot shows the page, not the last message. */
async function noToasts(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Full page from the top (a sticky header is drawn where the page is scrolled to); a dialog is
 * shot as the viewport shows it, since its overlay covers only the viewport.
 */
async function shoot(page: Page, name: string, dialog = false) {
  await page.waitForLoadState('networkidle');
  await noToasts(page);
  if (!dialog) await page.evaluate(() => window.scrollTo(0, 0));
  // Let fonts, pictures and transitions settle.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: !dialog });
  console.log(`docs/screenshots/${name}.png`);
}

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [lang, l] of Object.entries(LANGS) as [
    keyof typeof LANGS,
    (typeof LANGS)[keyof typeof LANGS],
  ][]) {
    for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
      if (only && !only.includes(`${lang}-${size}`)) continue;
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
      await page.locator('input').first().fill('demo-visitor');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));

      // Three products that are not expired, added from the list's own buttons.
      await page.goto(`${server.url}/productDisplay`);
      const cards = page.locator('article:not([data-expired])');
      await cards.first().waitFor();
      for (let i = 0; i < 3; i++) {
        await cards.nth(i).getByTestId('add-to-cart').click();
        await page.getByText(l.strings.cart.added).first().waitFor();
      }

      await page.goto(`${server.url}/chooseCar`);
      const lines = page.getByTestId('cart-line');
      await lines.nth(2).waitFor();
      const before = await page.getByTestId('total-ctn').textContent();
      const input = lines.first().getByTestId('ctn-input');
      await input.fill('12');
      await input.press('Enter');
      await page.waitForFunction(
        (b) => document.querySelector('[data-testid="total-ctn"]')?.textContent !== b,
        before,
      );
      await input.blur();
      await shoot(page, `cart-chooseCar-${suffix}`);

      await page.getByTestId('open-submit').click();
      const dialog = page.getByRole('dialog');
      const fields = dialog.locator('input');
      await fields.nth(0).fill('Gulf Toys Trading');
      await fields.nth(1).fill('Amira Haddad');
      await fields.nth(2).fill('amira@gulftoys');
      await dialog.getByTestId('submit-selection').click();
      await dialog.getByText(l.strings.cart.emailInvalid).waitFor();
      await shoot(page, `cart-submit-invalid-email-${suffix}`, true);

      await fields.nth(2).fill('amira@gulftoys.example');
      await dialog.getByTestId('submit-selection').click();
      await page.getByTestId('submitted').waitFor();
      await shoot(page, `cart-submitted-${suffix}`);
      const href = await page
        .getByTestId('submitted')
        .locator('a[href*="sampleRecordDetails"]')
        .getAttribute('href');
      const id = new URL(href ?? '', server.url).searchParams.get('id');

      await page.goto(`${server.url}/sampleRecords`);
      await page.getByTestId('sample-record').first().waitFor();
      await shoot(page, `cart-sampleRecords-${suffix}`);

      await page.goto(`${server.url}/sampleRecordDetails?id=${id}`);
      await page.getByTestId('cart-line').nth(2).waitFor();
      await shoot(page, `cart-sampleRecordDetails-${suffix}`);

      await page.goto(`${server.url}/chooseCar`);
      await page.getByText(l.strings.web.cart.emptyTitle).waitFor();
      await shoot(page, `cart-empty-${suffix}`);

      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

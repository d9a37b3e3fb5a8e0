import en from '@vitrine/i18n/locales/en.json';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { pdfText } from './pdf';
import { startServer } from './server';

describe('the linesheet of the cart, in chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a customer downloads the PDF of their cart, naming the products they put in it', async () => {
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/login?site=demo`);
    await page.getByLabel(en.web.login.codeLabel).fill('demo-buyer');
    await page.getByRole('button', { name: en.web.login.submit }).click();
    await page.waitForURL((url) => url.pathname === '/home');

    // Two products of the list that are not expired, from the list's own buttons.
    await page.goto(`${server.url}/productDisplay`);
    const products = page.getByRole('list', { name: en.web.pages.productDisplay }).getByRole('article');
    await products.first().waitFor();
    const names: string[] = [];
    for (let i = 0; names.length < 2; i++) {
      const card = products.nth(i);
      if ((await card.getAttribute('data-expired')) !== null) continue;
      names.push(((await card.getByRole('heading').textContent()) ?? '').trim());
      await card.getByTestId('add-to-cart').click();
      await page.getByText(en.cart.added).first().waitFor();
    }

    await page.goto(`${server.url}/chooseCar`);
    const button = page.getByTestId('linesheet');
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^linesheet-cart-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = await pdfText(await readFile((await download.path()) as string));
    expect(text).toContain('Linesheet');
    expect(text).toContain('Sample cart');
    // Names can wrap onto two lines in their card: their first words are on the page.
    for (const name of names) expect(text).toContain(name.split(' ').slice(0, 2).join(' '));
    await expect.poll(() => button.textContent()).toBe(en.web.linesheet.button);
    await context.close();
  }, 120_000);
});

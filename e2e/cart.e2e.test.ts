import en from '@vitrine/i18n/locales/en.json';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { startServer } from './server';

describe('the sample cart, in chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  const logIn = async (code: string, context?: BrowserContext): Promise<Page> => {
    const ctx =
      context ??
      (await browser.newContext({
        locale: 'en-US',
        viewport: { width: 1366, height: 900 },
        acceptDownloads: true,
      }));
    const page = await ctx.newPage();
    await page.goto(`${server.url}/login?site=demo`);
    await page.getByLabel(en.web.login.codeLabel).fill(code);
    await page.getByRole('button', { name: en.web.login.submit }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    return page;
  };

  /** Adds the first `n` products of the list that are not expired, from the list's own buttons. */
  const addFromList = async (page: Page, n: number, startAt = 0): Promise<string[]> => {
    await page.goto(`${server.url}/productDisplay`);
    const products = page.getByRole('list', { name: en.web.pages.productDisplay }).getByRole('article');
    await products.first().waitFor();
    const names: string[] = [];
    for (let i = startAt; names.length < n; i++) {
      const card = products.nth(i);
      if ((await card.getAttribute('data-expired')) !== null) continue;
      names.push((await card.getByRole('heading').textContent()) ?? '');
      await card.getByTestId('add-to-cart').click();
      await page.getByText(en.cart.added).first().waitFor();
    }
    return names;
  };

  const cartLines = (page: Page) => page.getByTestId('cart-line');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('as a visitor: adds three products, keeps them over a reload, totals them, submits, finds and exports the record', async () => {
    const page = await logIn('demo-visitor');
    const names = await addFromList(page, 3);
    // The same product again is refused with the spec's message.
    await page
      .getByRole('list', { name: en.web.pages.productDisplay })
      .getByRole('article')
      .first()
      .getByTestId('add-to-cart')
      .click();
    await page.getByText(en.cart.alreadyInCart).first().waitFor();

    await page.goto(`${server.url}/chooseCar`);
    await page.reload();
    await expect.poll(() => cartLines(page).count()).toBe(3);
    for (const name of names) await page.getByRole('heading', { name }).waitFor();
    expect(await page.getByTestId('total-lines').textContent()).toBe('3');

    const before = Number(await page.getByTestId('total-ctn').textContent());
    const input = cartLines(page).first().getByTestId('ctn-input');
    await input.fill('12');
    await input.press('Enter');
    await expect
      .poll(async () => Number(await page.getByTestId('total-ctn').textContent()))
      .toBeGreaterThan(before);
    await expect.poll(() => page.getByTestId('container-fill').getByRole('progressbar').count()).toBe(3);
    expect(await page.getByTestId('total-price').textContent()).toMatch(/\$[\d,.]+ FOB/);

    await page.getByTestId('open-submit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(en.cart.form.companyName).fill('Gulf Toys Trading');
    await dialog.getByLabel(en.cart.form.contact).fill('Amira Haddad');
    await dialog.getByLabel(en.cart.form.email).fill('amira@gulftoys');
    await dialog.getByTestId('submit-selection').click();
    await dialog.getByText(en.cart.emailInvalid).waitFor();
    await dialog.getByLabel(en.cart.form.email).fill('amira@gulftoys.example');
    await dialog.getByTestId('submit-selection').click();
    // The outcome takes the emptied cart's place on the page, not a dialog over an empty cart.
    const submitted = page.getByTestId('submitted');
    await submitted.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const number = /S\d{13}/.exec((await submitted.textContent()) ?? '')?.[0];
    expect(number).toBeTruthy();
    await submitted.getByRole('link', { name: en.web.cart.viewRecord }).click();
    await page.waitForURL((url) => url.pathname === '/sampleRecordDetails');
    await page.getByRole('heading', { level: 1, name: `Sample record ${number}` }).waitFor();
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(3);

    // The submitted lines have left the cart; the record is in the list.
    await page.goto(`${server.url}/sampleRecords`);
    await page
      .getByTestId('sample-record')
      .filter({ hasText: number ?? '' })
      .waitFor();
    await page.getByTestId('sample-record').first().getByRole('link', { name: en.web.records.view }).click();
    await page.waitForURL((url) => url.pathname === '/sampleRecordDetails');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
    expect(download.suggestedFilename()).toBe(`sample-${number}.xlsx`);
    await page.getByText(en.cart.exported).first().waitFor();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path()) ?? '')) as never);
    const ws = wb.worksheets[0];
    expect(ws?.getImages()).toHaveLength(3);
    const text = ws?.getSheetValues().flat().map(String).join('|') ?? '';
    for (const name of names) expect(text).toContain(name);

    await page.goto(`${server.url}/chooseCar`);
    await page.getByText(en.web.cart.emptyTitle).waitFor();
    await page.context().close();
  });

  it('as a customer: the cart added in one browser is the same in another', async () => {
    const first = await logIn('demo-buyer');
    const names = await addFromList(first, 2, 5);
    const other = await logIn('demo-buyer');
    await other.goto(`${server.url}/chooseCar`);
    await expect.poll(() => cartLines(other).count()).toBe(2);
    for (const name of names) await other.getByRole('heading', { name }).waitFor();
    await first.context().close();
    await other.context().close();
  });

  it("asks 'Continue submitting?' when a product expired after it was added", async () => {
    const page = await logIn('demo-visitor');
    await addFromList(page, 2, 8);
    await page.goto(`${server.url}/chooseCar`);
    await expect.poll(() => cartLines(page).count()).toBe(2);
    const name = (await cartLines(page).first().getByRole('heading').textContent()) ?? '';
    await server.run(`UPDATE products SET removed_time = 1 WHERE name_en = '${name.replace(/'/g, "''")}'`);

    await page.getByTestId('open-submit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(en.cart.form.companyName).fill('Gulf Toys Trading');
    await dialog.getByLabel(en.cart.form.contact).fill('Amira Haddad');
    await dialog.getByLabel(en.cart.form.email).fill('amira@gulftoys.example');
    await dialog.getByTestId('submit-selection').click();
    const confirm = dialog.getByTestId('confirm-changes');
    await confirm.getByText(en.web.cart.continueSubmitting).waitFor();
    await dialog.getByRole('button', { name: en.web.cart.continue }).click();
    await page.getByTestId('submitted').waitFor();
    // The expired line stays in the cart, marked; the other was submitted.
    await expect.poll(() => cartLines(page).count()).toBe(1);
    await cartLines(page).first().getByText(en.web.product.expired).waitFor();
    await page.context().close();
  });
});

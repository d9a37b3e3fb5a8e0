import consoleEn from '@vitrine/i18n/console/en.json';
import en from '@vitrine/i18n/locales/en.json';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, sessionHeaders } from './api';
import { launchBrowser } from './browser';
import { startServer } from './server';

const ui = consoleEn.ui;

describe("the exporter's console and its buyers, in chromium", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  const newPage = async (viewport = { width: 1366, height: 860 }): Promise<Page> => {
    const context = await browser.newContext({ locale: 'en-US', viewport });
    return context.newPage();
  };

  /** A staff member logged in to the console of `site`, in a browser of their own. */
  const staff = async (email: string, password: string, site = 'demo') => {
    const page = await newPage({ width: 1440, height: 900 });
    await page.goto(`${server.url}/staff/?site=${site}`);
    await page.getByLabel(ui.login.email).fill(email);
    await page.getByLabel(ui.login.password).and(page.locator('input')).fill(password);
    await page.getByRole('button', { name: ui.login.submit }).click();
    await page.getByRole('navigation', { name: ui.nav.main }).waitFor();
    return page;
  };

  /** A buyer logging in on the showroom's login page, in a browser of their own. */
  const buyer = async (code: string, site = 'demo') => {
    const page = await newPage();
    await page.goto(`${server.url}/login?site=${site}`);
    await page.getByLabel(en.web.login.codeLabel).fill(code);
    await page.getByRole('button', { name: en.web.login.submit }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    return page;
  };

  const nav = (page: Page, name: string) =>
    page.getByRole('navigation', { name: ui.nav.main }).getByRole('link', { name: new RegExp(`^${name}`) });

  const secretShown = async (page: Page) => {
    const secret = page.getByTestId('secret');
    await secret.waitFor();
    const value = (await secret.textContent())?.trim() ?? '';
    await page.getByRole('dialog').getByRole('button', { name: ui.common.close }).click();
    return value;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets the owner create a visitor code that a buyer then logs in with, in another browser', async () => {
    const owner = await staff('owner@demo.test', 'demo-owner');
    await nav(owner, ui.nav.codes).click();
    await owner.getByRole('button', { name: ui.codes.new }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel(ui.codes.label).fill('Canton Fair booth 12.1');
    await dialog.getByRole('button', { name: ui.common.create }).click();
    const code = await secretShown(owner);
    expect(code).toMatch(/^[A-Za-z0-9]{12}$/);
    await owner.getByRole('cell', { name: 'Canton Fair booth 12.1' }).first().waitFor();

    const visitor = await buyer(code);
    // A visitor: the header offers Login, not Quit.
    await visitor.getByRole('button', { name: en.web.header.login, exact: true }).first().waitFor();
    await visitor.context().close();
    await owner.context().close();
  });

  it("shows the owner's new theme colour on the buyer's page after a reload", async () => {
    const visitor = await buyer('demo-visitor');
    const primary = () =>
      visitor.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--vitrine-primary').trim().toUpperCase(),
      );
    expect(await primary()).toBe('#2181ED');

    const owner = await staff('owner@demo.test', 'demo-owner');
    await nav(owner, ui.nav.settings).click();
    await owner
      .getByRole('radio', { name: ui.settings.colorN.replace('{{n}}', '5').replace('{{hex}}', '#3CB46D') })
      .click();
    await owner.getByRole('button', { name: ui.settings.saveSettings }).click();
    await owner.getByText(consoleEn.server.saved, { exact: true }).first().waitFor();

    await visitor.reload();
    await visitor.getByRole('navigation').first().waitFor();
    await expect.poll(primary).toBe('#3CB46D');
    await visitor.context().close();
    await owner.context().close();
  });

  it('lets the sales user open a sample list a buyer has just submitted, and export it', async () => {
    const headers = await sessionHeaders(server.url, 'demo', 'demo-buyer');
    const products = await callApi<{ list: { id: number; is_expire: number }[] }>(
      server.url,
      'get_list',
      { page_size: 5 },
      headers,
    );
    const submitted = await callApi<{ number: string }>(
      server.url,
      'add_choose',
      {
        company_name: 'Nordic Toys AB',
        contact: 'Freja Lind',
        phone: '+46 8 123 456',
        email: 'freja@nordictoys.example',
        remark: 'For the spring catalogue',
        lines: products.list.filter((p) => !p.is_expire).map((p) => ({ id: p.id, ctn: 2 })),
        idempotency_key: `console-e2e-${Date.now()}-submission`,
      },
      headers,
    );

    const sales = await staff('sales@demo.test', 'demo-sales');
    await sales.getByRole('link', { name: new RegExp(submitted.number) }).click();
    await sales
      .getByRole('heading', { name: ui.sample.title.replace('{{number}}', submitted.number) })
      .waitFor();
    await sales.getByText('For the spring catalogue').waitFor();
    await sales.getByRole('button', { name: ui.sample.export }).click();
    const download = sales.getByRole('link', { name: new RegExp(`sample-${submitted.number}\\.xlsx`) });
    await download.waitFor();
    const href = await download.getAttribute('href');
    const file = await sales.request.get(new URL(href ?? '', server.url).toString());
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 2).toString()).toBe('PK');
    await sales.context().close();
  });

  it("shows an access application sent from the buyer's login page in the console, where it is approved", async () => {
    const applicant = await newPage();
    await applicant.goto(`${server.url}/login?site=demo`);
    await applicant.getByRole('button', { name: en.web.login.apply }).click();
    await applicant.getByLabel(en.web.login.phoneLabel).fill('+971 55 246 8101');
    await applicant.getByRole('button', { name: en.web.login.applySubmit }).click();
    await applicant.getByText(en.access.applied).waitFor();

    const sales = await staff('sales@demo.test', 'demo-sales');
    await nav(sales, ui.nav.applications).click();
    await sales.getByRole('button', { name: `${ui.applications.approve}: +971552468101` }).click();
    const dialog = sales.getByRole('dialog');
    await dialog.getByLabel(ui.applications.customerName).fill('Emirates Kids Trading');
    await dialog.getByRole('button', { name: ui.applications.approve }).click();
    const password = await secretShown(sales);

    await applicant.goto(`${server.url}/login?site=demo`);
    await applicant.getByLabel(en.web.login.codeLabel).fill(password);
    await applicant.getByRole('button', { name: en.web.login.submit }).click();
    await applicant.waitForURL((url) => url.pathname === '/home');
    await applicant.getByRole('button', { name: en.web.header.quit, exact: true }).first().waitFor();
    await applicant.context().close();
    await sales.context().close();
  });
});

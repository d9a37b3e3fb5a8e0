import ar from '@vitrine/i18n/locales/ar.json';
import en from '@vitrine/i18n/locales/en.json';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { startServer } from './server';

describe('arriving at a showroom and logging in, in chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  const open = async (path: string, viewport = { width: 1366, height: 800 }): Promise<Page> => {
    const context = await browser.newContext({ locale: 'en-US', viewport });
    const page = await context.newPage();
    await page.goto(server.url + path);
    return page;
  };
  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };
  const logIn = async (page: Page, code: string, labels = en) => {
    await page.getByLabel(labels.web.login.codeLabel).fill(code);
    await page.getByRole('button', { name: labels.web.login.submit }).click();
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a deep link to the login page, and the visitor back to it after the access code', async () => {
    const page = await open('/productDisplay?site=demo');
    await page.getByRole('heading', { name: 'Starlight Toys Import & Export Co., Ltd.' }).waitFor();
    expect(pathOf(page)).toBe('/login?site=demo');

    await logIn(page, 'demo-visitor');
    await page.waitForURL((url) => url.pathname === '/productDisplay');
    await page.getByRole('heading', { level: 1, name: en.web.pages.productDisplay }).waitFor();
    expect(pathOf(page)).toBe('/productDisplay');
    expect(await page.title()).toBe('Starlight Toys Import & Export Co., Ltd.');
    await page.context().close();
  });

  it('shows a customer the personal-center tab and a Quit button', async () => {
    const page = await open('/login?site=demo');
    await logIn(page, 'demo-buyer');
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('link', { name: en.web.nav.personalCenter, exact: true }).first().waitFor();
    await page.getByRole('button', { name: en.web.header.quit, exact: true }).first().waitFor();
    await page.context().close();
  });

  it('says "Wrong password" for a wrong code', async () => {
    const page = await open('/login?site=demo');
    await logIn(page, 'not-the-code');
    await page.getByText(en.auth.wrongPassword).waitFor();
    expect(pathOf(page)).toBe('/login?site=demo');
    await page.context().close();
  });

  it('tells a buyer on an unknown showroom that the page was lost, with a way back', async () => {
    const page = await open('/login?site=no-such-exporter');
    await page.getByRole('heading', { name: en.web.errors.notWebsite }).waitFor();
    expect(pathOf(page)).toBe('/NotWebsite');
    await page.getByRole('link', { name: en.web.errors.backToLogin }).waitFor();
    await page.context().close();
  });

  it('shows the invalid-link page for an unknown path, with a way home', async () => {
    const page = await open('/login?site=demo');
    await logIn(page, 'demo-visitor');
    await page.waitForURL((url) => url.pathname === '/home');

    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: en.web.invalidLink.title }).waitFor();
    expect(pathOf(page)).toBe('/no/such/page');
    await page.getByRole('link', { name: en.web.invalidLink.backHome }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('heading', { level: 1, name: en.web.pages.home }).waitFor();
    await page.context().close();
  });

  it('switches to Arabic, right to left, and keeps the choice across a reload and the login', async () => {
    const page = await open('/login?site=demo');
    const dirAndLang = () =>
      page.evaluate(() => [document.documentElement.dir, document.documentElement.lang]);
    await page.getByLabel(en.web.login.codeLabel).waitFor();
    expect(await dirAndLang()).toEqual(['ltr', 'en']);

    await page.getByRole('combobox', { name: en.web.language }).selectOption('ar');
    await page.getByLabel(ar.web.login.codeLabel).waitFor();
    expect(await dirAndLang()).toEqual(['rtl', 'ar']);

    await page.reload();
    await page.getByLabel(ar.web.login.codeLabel).waitFor();
    expect(await dirAndLang()).toEqual(['rtl', 'ar']);

    await logIn(page, 'demo-visitor', ar);
    await page.getByRole('heading', { level: 1, name: ar.web.pages.home }).waitFor();
    expect(await dirAndLang()).toEqual(['rtl', 'ar']);
    await page.context().close();
  });

  it('draws demo2 in its own name and colour: the English name in the tab, red #F33636', async () => {
    const page = await open('/login?site=demo2');
    // demo2 speaks Arabic by default: English mode, so the English name.
    await page.getByLabel(ar.web.login.codeLabel).waitFor();
    expect(await page.title()).toBe('Desert Rose Toys Trading Co., Ltd.');
    const primary = () =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--vitrine-primary').trim().toUpperCase(),
      );
    // Something on screen is painted in it (the accent under the company name).
    const painted = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('body *')].some(
          (el) => getComputedStyle(el).backgroundColor === 'rgb(243, 54, 54)',
        ),
      );
    expect(await primary()).toBe('#F33636');
    expect(await painted()).toBe(true);

    await logIn(page, 'demo2-visitor', ar);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('heading', { level: 1, name: ar.web.pages.home }).waitFor();
    expect(await page.title()).toBe('Desert Rose Toys Trading Co., Ltd.');
    expect(await primary()).toBe('#F33636');
    await page.context().close();
  });
});

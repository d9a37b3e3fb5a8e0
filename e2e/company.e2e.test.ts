import ar from '@vitrine/i18n/locales/ar.json';
import en from '@vitrine/i18n/locales/en.json';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { startServer } from './server';

describe('the showroom, news, about and contact pages, in chromium', () => {
  // A data folder of our own, so the test can switch the website's functions in its database.
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  /** Logs in on the login page as a visitor would, then opens `path`. */
  const openAs = async (site: string, code: string, path: string, labels = en) => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login?site=${site}`);
    await page.getByLabel(labels.web.login.codeLabel).fill(code);
    await page.getByRole('button', { name: labels.web.login.submit }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto(server.url + path);
    return page;
  };

  const mainNav = (page: Page) => page.getByRole('navigation', { name: en.web.layout.mainNav }).first();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('walks from the showroom into a booth and on to the next booth, with back and the arrow keys', async () => {
    const page = await openAs('demo', 'demo-visitor', '/showroom');
    await page.getByRole('heading', { level: 1, name: en.web.pages.showroom }).waitFor();
    await page.getByRole('link', { name: /Hall A, Booth 101/ }).click();
    await page.getByRole('heading', { level: 1, name: /Hall A, Booth 101/ }).waitFor();
    const first = pathOf(page);
    expect(first).toMatch(/^\/booth\?id=\d+$/);
    // Its products are on show, and the first booth has no previous one.
    await page.locator('main ul li a[href^="/productDetails?id="]').first().waitFor();
    expect(await page.getByRole('button', { name: en.web.showroom.previousBooth }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: en.web.showroom.nextBooth }).click();
    await page.getByRole('heading', { level: 1, name: /Hall A, Booth 102/ }).waitFor();
    expect(pathOf(page)).not.toBe(first);
    await expect
      .poll(() => page.getByRole('button', { name: en.web.showroom.previousBooth }).isEnabled())
      .toBe(true);

    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 1, name: /Hall A, Booth 103/ }).waitFor();

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /Hall A, Booth 102/ }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /Hall A, Booth 101/ }).waitFor();
    expect(pathOf(page)).toBe(first);
    await page.context().close();
  });

  it('shows the news, a news item, about us and contact us while their functions are on', async () => {
    const page = await openAs('demo', 'demo-visitor', '/home');
    const nav = mainNav(page);
    await nav.getByRole('link', { name: en.web.nav.news, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: en.web.pages.companyNews }).waitFor();
    await page.getByRole('tab', { name: en.web.news.category['3'] }).click();
    await page.waitForURL((url) => url.search === '?category=3');
    const title = page.locator('main ol li h2 a').first();
    const name = (await title.textContent()) ?? '';
    await title.click();
    await page.waitForURL((url) => url.pathname === '/newsDetails');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('link', { name: en.web.news.back }).click();
    await page.waitForURL((url) => url.pathname === '/companyNews' && url.search === '?category=3');

    await nav.getByRole('link', { name: en.web.nav.about, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Starlight Toys Import & Export Co., Ltd.' }).waitFor();

    await nav.getByRole('link', { name: en.web.nav.contact, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: en.web.pages.contactUs }).waitFor();
    await page.locator('main').getByText('Lily Chen').first().waitFor();
    expect(await page.locator('main a[href="https://wa.me/8613807541234"]').count()).toBe(1);
    await page.context().close();
  });

  it('follows show_function: with news, about and contact off, their tabs go and their links are invalid', async () => {
    await server.run(
      "UPDATE websites SET show_news = 0, show_about_us = 0, show_contact = 0 WHERE code = 'demo'",
    );
    // The server serves website settings from memory for 2 s (site.service.ts); wait that out.
    await new Promise((resolve) => setTimeout(resolve, 2100));

    const page = await openAs('demo', 'demo-visitor', '/home');
    const nav = mainNav(page);
    await nav.getByRole('link', { name: en.web.nav.products, exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: en.web.nav.news, exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: en.web.nav.about, exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: en.web.nav.contact, exact: true }).count()).toBe(0);

    for (const path of ['/companyNews', '/newsDetails?id=1', '/aboutUs', '/contactUs']) {
      await page.goto(server.url + path);
      await page.getByRole('heading', { name: en.web.invalidLink.title }).waitFor();
    }
    // The showroom and the certificates do not depend on those functions.
    await page.goto(`${server.url}/certificates`);
    await page.getByRole('heading', { level: 1, name: en.web.pages.certificates }).waitFor();
    await page.context().close();
  });

  it('draws the booth viewer right to left in Arabic, where the left arrow moves forward', async () => {
    const page = await openAs('demo2', 'demo2-visitor', '/showroom', ar);
    await page.getByRole('heading', { level: 1, name: ar.web.pages.showroom }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.locator('main ul li a[href^="/booth?id="]').first().click();
    await page.getByRole('button', { name: ar.web.showroom.nextBooth }).waitFor();
    const first = pathOf(page);
    await expect
      .poll(() => page.getByRole('button', { name: ar.web.showroom.nextBooth }).isEnabled())
      .toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL((url) => url.pathname + url.search !== first);
    await expect
      .poll(() => page.getByRole('button', { name: ar.web.showroom.previousBooth }).isEnabled())
      .toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.pathname + url.search === first);
    await page.context().close();
  });
});

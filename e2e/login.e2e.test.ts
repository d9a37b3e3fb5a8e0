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

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets a visitor in with the access code and keeps the session across a reload', async () => {
    const page = await open('/login?site=demo');
    await page.getByRole('heading', { name: 'Starlight Toys Import & Export Co., Ltd.' }).waitFor();
    await page.getByLabel(en.web.login.codeLabel).fill('demo-visitor');
    await page.getByRole('button', { name: en.web.login.submit }).click();
    await page.getByText(en.web.login.welcomeVisitor).waitFor();
    await page.reload();
    await page.getByText(en.web.login.welcomeVisitor).waitFor();
    await page.getByRole('button', { name: en.web.login.logout }).click();
    await page.getByLabel(en.web.login.codeLabel).waitFor();
    expect(await page.title()).toContain('Starlight Toys');
    await page.context().close();
  });

  it('greets a customer by name on a phone-sized screen', async () => {
    const page = await open('/login?site=demo', { width: 375, height: 812 });
    await page.getByLabel(en.web.login.codeLabel).fill('demo-buyer');
    await page.keyboard.press('Enter');
    await page.getByText('Welcome, Carlos Mendes').waitFor();
    await page.context().close();
  });

  it('opens the Arabic showroom right-to-left and shows the server’s tip for a wrong code', async () => {
    const page = await open('/login?site=demo2');
    await page.getByLabel(ar.web.login.codeLabel).fill('not-the-code');
    await page.getByRole('button', { name: ar.web.login.submit }).click();
    await page.getByText(ar.auth.wrongPassword).waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
      'rtl',
      'ar',
    ]);
    await page.context().close();
  });

  it('tells a buyer on an unknown showroom that the page was lost, with a way back', async () => {
    const page = await open('/login?site=no-such-exporter');
    await page.getByText(en.web.errors.notWebsite).waitFor();
    await page
      .getByRole('button', { name: en.web.errors.backToLogin })
      .or(page.getByRole('link', { name: en.web.errors.backToLogin }))
      .waitFor();
    await page.context().close();
  });
});

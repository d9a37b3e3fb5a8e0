import ui from '@vitrine/i18n/console/en.json';
import en from '@vitrine/i18n/locales/en.json';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './api';
import { launchBrowser } from './browser';
import { startServer } from './server';

/** Issue 20, finding 3: one-time login links instead of `?token=` addresses (decision 0044). */
describe('one-time login links, in chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let staffHeaders: Record<string, string>;
  let nordicId: number;

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 860 } });
    return context.newPage();
  };
  const storedUser = async (page: Page) =>
    page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('vitrine.user') ?? 'null') as { customer_name: string } | null)
          ?.customer_name ?? null,
    );
  const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('vitrine.token'));
  const linkFor = async (id: number) =>
    server.url +
    (await callApi<{ path: string }>(server.url, 'staff_create_login_link', { id }, staffHeaders)).path;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const site = await callApi<{ id: number }>(server.url, 'get_website_info', { site: 'demo' });
    const website = { 'website-id': String(site.id) };
    const sales = await callApi<{ token: string }>(
      server.url,
      'staff_login',
      { email: 'sales@demo.test', password: 'demo-sales' },
      website,
    );
    staffHeaders = { ...website, authorization: `Bearer ${sales.token}` };
    const created = await callApi<{ customer: { id: number } }>(
      server.url,
      'staff_create_customer',
      { customer_name: 'Nordic Toys AB', password: 'nordic-buyer-2026' },
      staffHeaders,
    );
    nordicId = created.customer.id;
    // A first start seeds and renders the demo pictures: minutes on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is shown once in the console, with a copy button, and logs a fresh browser in as its owner', async () => {
    const console = await newPage();
    await console.goto(`${server.url}/staff/?site=demo`);
    await console.getByLabel(ui.ui.login.email).fill('sales@demo.test');
    await console.getByLabel(ui.ui.login.password).and(console.locator('input')).fill('demo-sales');
    await console.getByRole('button', { name: ui.ui.login.submit }).click();
    await console.getByRole('navigation', { name: ui.ui.nav.main }).waitFor();
    await console.goto(`${server.url}/staff/buyers?site=demo`);
    await console.getByRole('button', { name: 'More actions for Nordic Toys AB' }).click();
    await console.getByRole('menuitem', { name: ui.ui.buyers.loginLink }).click();
    const dialog = console.getByRole('dialog');
    await dialog.getByRole('button', { name: ui.ui.common.copy }).waitFor();
    const link = (await dialog.getByTestId('secret').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/home\?site=demo&login_link=\d+\.[\w-]+$/);
    await console.context().close();

    const buyer = await newPage();
    await buyer.goto(link);
    await buyer.waitForURL((url) => url.pathname === '/home' && !url.search.includes('login_link'));
    await buyer.getByRole('link', { name: en.web.nav.personalCenter, exact: true }).first().waitFor();
    expect(await storedUser(buyer)).toBe('Nordic Toys AB');
    expect(buyer.url()).not.toContain('login_link');
    await buyer.context().close();
  });

  it('asks a buyer logged in as another customer first: staying changes nothing, switching logs the link’s owner in', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login?site=demo`);
    await page.getByLabel(en.web.login.codeLabel).fill('demo-buyer');
    await page.getByRole('button', { name: en.web.login.submit }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    const carlosToken = await storedToken(page);

    await page.goto(await linkFor(nordicId));
    const dialog = page.getByRole('dialog', { name: en.web.loginLink.title });
    await dialog
      .getByText('You are logged in as Carlos Mendes. Switch to the account of this link?')
      .waitFor();
    expect(page.url()).not.toContain('login_link');
    await dialog.getByRole('button', { name: en.web.loginLink.stay }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await storedUser(page)).toBe('Carlos Mendes');
    expect(await storedToken(page)).toBe(carlosToken);
    await page.reload();
    await page.getByRole('link', { name: en.web.nav.personalCenter, exact: true }).first().waitFor();
    expect(await storedUser(page)).toBe('Carlos Mendes');

    const link = await linkFor(nordicId);
    await page.goto(link);
    await dialog.getByRole('button', { name: en.web.loginLink.switch }).click();
    await page.waitForFunction(() => localStorage.getItem('vitrine.user')?.includes('Nordic Toys AB'));
    await page.waitForLoadState('load');
    await page.getByRole('link', { name: en.web.nav.personalCenter, exact: true }).first().waitFor();
    expect(await storedUser(page)).toBe('Nordic Toys AB');
    const nordicToken = await storedToken(page);
    expect(nordicToken).not.toBe(carlosToken);
    expect(nordicToken).not.toBe(link.split('login_link=')[1]);
    // The session switched away from has ended on the server too.
    await expect(
      callApi(
        server.url,
        'get_website_again',
        {},
        { 'website-id': staffHeaders['website-id'] ?? '', authorization: `Bearer ${carlosToken}` },
      ),
    ).rejects.toThrow(/-2/);
    await page.context().close();

    // The same link again, in another browser: refused, and said so plainly.
    const again = await newPage();
    await again.goto(link);
    await again.getByText(en.auth.loginLinkInvalid).waitFor();
    await again.getByLabel(en.web.login.codeLabel).waitFor();
    expect(await storedToken(again)).toBeNull();
    await again.context().close();
  });

  it('logs nobody in with an old ?token= address', async () => {
    const owner = await callApi<{ token: string }>(server.url, 'login', {
      website_id: Number(staffHeaders['website-id']),
      code: 'demo-buyer',
    });
    const page = await newPage();
    await page.goto(`${server.url}/home?site=demo&token=${owner.token}`);
    await page.getByLabel(en.web.login.codeLabel).waitFor();
    expect(page.url()).not.toContain(owner.token);
    expect(await storedToken(page)).toBeNull();
    await page.context().close();
  });
});

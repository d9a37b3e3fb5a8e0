import consoleEn from '@vitrine/i18n/console/en.json';
import type { Browser, Page } from 'playwright-core';

/** A staff member logged into the console (/staff/) of the demo site, in a browser context of its own. */
export async function consoleLogIn(
  browser: Browser,
  baseUrl: string,
  email: string,
  password: string,
): Promise<Page> {
  const ui = consoleEn.ui;
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/staff/?site=demo`);
  await page.getByLabel(ui.login.email).fill(email);
  await page.getByLabel(ui.login.password).and(page.locator('input')).fill(password);
  await page.getByRole('button', { name: ui.login.submit }).click();
  await page.getByRole('navigation', { name: ui.nav.main }).waitFor();
  return page;
}

/** The console's messages with their {{placeholders}} filled in. */
export const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text);

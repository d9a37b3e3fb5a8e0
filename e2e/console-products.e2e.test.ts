import consoleEn from '@vitrine/i18n/console/en.json';
import en from '@vitrine/i18n/locales/en.json';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, sessionHeaders } from './api';
import { launchBrowser } from './browser';
import { startServer } from './server';

const ui = consoleEn.ui;

interface Card {
  id: number;
  number: string | null;
  name: string;
  is_expire: number;
}

describe("the console's catalogue and the buyer's showroom, in chromium", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const newPage = async (width: number, height: number): Promise<Page> =>
    (await browser.newContext({ locale: 'en-US', viewport: { width, height } })).newPage();

  /** The showroom's product list for a keyword, as the buyer's page shows it: the cards' text. */
  const showroom = async (page: Page, keyword: string) => {
    await page.goto(`${server.url}/productDisplay?keyword=${encodeURIComponent(keyword)}`);
    const list = page.getByRole('list', { name: en.web.pages.productDisplay });
    // Either cards or the page's "nothing matches" state.
    await list
      .getByRole('article')
      .first()
      .or(page.getByText(en.web.search.noResults.split('“')[0] ?? '').first())
      .waitFor();
    return list.getByRole('article').allTextContents();
  };

  it("shows the buyer a product's new English name and no longer lists the one taken off", async () => {
    const headers = await sessionHeaders(server.url, 'demo', 'demo-buyer');
    const cards = await callApi<{ list: Card[] }>(server.url, 'get_list', { page_size: 20 }, headers);
    const [renamed, takenOff] = cards.list.filter((p) => !p.is_expire && p.number);
    if (!renamed?.number || !takenOff?.number) throw new Error('two live numbered products needed');

    const sales = await newPage(1440, 900);
    await sales.goto(`${server.url}/staff/?site=demo`);
    await sales.getByLabel(ui.login.email).fill('sales@demo.test');
    await sales.getByLabel(ui.login.password).and(sales.locator('input')).fill('demo-sales');
    await sales.getByRole('button', { name: ui.login.submit }).click();
    await sales
      .getByRole('navigation', { name: ui.nav.main })
      .getByRole('link', { name: ui.nav.products })
      .click();

    // Found by its number, opened, renamed in English, saved. Typed once the list is there, as
    // staff would: on a busy machine the page can still be settling when it first shows the box.
    const search = sales.getByRole('searchbox', { name: new RegExp(ui.products.searchLabel) });
    await sales
      .getByRole('link', { name: new RegExp(`^${ui.common.edit} `) })
      .first()
      .waitFor();
    await search.fill(renamed.number);
    await sales
      .getByRole('link', { name: new RegExp(`^${ui.common.edit} `) })
      .first()
      .waitFor();
    // The search reaches the server after a pause: a busy machine takes longer than poll's 1 s.
    await expect
      .poll(() => sales.getByRole('link', { name: new RegExp(`^${ui.common.edit} `) }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await sales.getByRole('link', { name: new RegExp(`^${ui.common.edit} `) }).click();
    const english = sales.getByRole('textbox', {
      name: ui.products.nameIn.replace('{{language}}', 'English'),
    });
    await english.fill('Glow-in-the-dark T-Rex QA');
    await sales.getByText(ui.quote.unsaved).waitFor();
    await sales.getByRole('button', { name: ui.common.save }).click();
    await sales.getByText(consoleEn.server.saved, { exact: true }).first().waitFor();
    await sales.getByText(ui.quote.unsaved).waitFor({ state: 'detached' });

    // The other one found by its number and taken off, after the confirmation.
    await sales.getByRole('link', { name: `← ${ui.products.backToList}` }).click();
    const takenOffNumber = takenOff.number;
    await sales
      .getByRole('link', { name: new RegExp(`^${ui.common.edit} `) })
      .first()
      .waitFor();
    await search.fill(takenOffNumber);
    // The list first still shows the renamed product (the last search's page stays on screen while
    // the next loads): its own row, the only one left, is the one to take off.
    const rows = sales.getByRole('row').filter({ has: sales.getByRole('button') });
    await expect
      .poll(async () => [await rows.count(), await rows.filter({ hasText: takenOffNumber }).count()], {
        timeout: 15_000,
      })
      .toEqual([1, 1]);
    const takeOff = rows.getByRole('button', { name: new RegExp(`^${ui.products.takeOff}: `) });
    await takeOff.click();
    await sales.getByRole('dialog').getByRole('button', { name: ui.products.takeOff }).click();
    await sales.getByText(consoleEn.server.products.bulkDone.replace('{{count}}', '1')).first().waitFor();

    const buyer = await newPage(1366, 860);
    await buyer.goto(`${server.url}/login?site=demo`);
    await buyer.getByLabel(en.web.login.codeLabel).fill('demo-buyer');
    await buyer.getByRole('button', { name: en.web.login.submit }).click();
    await buyer.waitForURL((url) => url.pathname === '/home');

    expect((await showroom(buyer, 'Glow-in-the-dark T-Rex')).join('\n')).toContain(
      'Glow-in-the-dark T-Rex QA',
    );
    expect((await showroom(buyer, takenOff.number)).join('\n')).not.toContain(takenOff.name);
    // Nor does the plain list hold it any more.
    const all = await callApi<{ list: Card[] }>(server.url, 'get_list', { page_size: 60 }, headers);
    expect(all.list.map((p) => p.id)).not.toContain(takenOff.id);
    await buyer.context().close();
    await sales.context().close();
  });
});

import consoleEn from '@vitrine/i18n/console/en.json';
import en from '@vitrine/i18n/locales/en.json';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { startServer } from './server';

const ui = consoleEn.ui;
const chat = en.web.chat;

/**
 * The customer-service chat end to end: a buyer in one browser, customer service in another,
 * against the built server. The buyer's socket goes through a route the test can cut, to see a
 * message fail while the network is down and go out once it is back.
 */
describe('the chat between a buyer and customer service, in chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let buyerContext: BrowserContext;
  let buyer: Page;
  let staff: Page;
  /** While true the buyer's chat socket is cut and cannot reconnect. */
  let networkDown = false;
  const buyerSockets: WebSocketRoute[] = [];

  const panel = () => buyer.getByRole('dialog', { name: chat.title });
  const buyerLog = () => panel().getByRole('list', { name: chat.messages });
  const staffLog = () => staff.getByRole('list', { name: ui.chat.messages });
  const chatButton = () =>
    buyer.getByRole('complementary', { name: en.web.sidebar.label }).locator('[data-chat-button]');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);

    buyerContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 860 } });
    await buyerContext.routeWebSocket(/\/chat\/socket$/, (ws) => {
      if (networkDown) return ws.close();
      buyerSockets.push(ws);
      ws.connectToServer();
    });
    buyer = await buyerContext.newPage();
    await buyer.goto(`${server.url}/login?site=demo`);
    await buyer.getByLabel(en.web.login.codeLabel).fill('demo-buyer');
    await buyer.getByRole('button', { name: en.web.login.submit }).click();
    await buyer.waitForURL((url) => url.pathname === '/home');

    const staffContext = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
    });
    staff = await staffContext.newPage();
    await staff.goto(`${server.url}/staff/?site=demo`);
    await staff.getByLabel(ui.login.email).fill('service@demo.test');
    await staff.getByLabel(ui.login.password).and(staff.locator('input')).fill('demo-service');
    await staff.getByRole('button', { name: ui.login.submit }).click();
    await staff.getByRole('heading', { name: ui.chat.title }).waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('carries text with emoji both ways, with typing indicators and read receipts', async () => {
    await chatButton().click();
    const field = panel().getByRole('textbox', { name: chat.message });
    await field.fill('Hello 👋 do you have the drones in stock?');
    await field.press('Enter');
    await buyerLog().getByText('Hello 👋 do you have the drones in stock?').waitFor();

    // The newest conversation comes first.
    await staff.getByRole('list', { name: ui.chat.conversations }).getByRole('button').first().click();
    await staffLog().getByText('Hello 👋 do you have the drones in stock?').waitFor();

    // Typing, each way.
    await field.pressSequentially('are the', { delay: 20 });
    await staff.getByText(ui.chat.buyerTyping).waitFor();
    const reply = staff.getByRole('textbox', { name: ui.chat.reply });
    await reply.pressSequentially('Yes', { delay: 20 });
    await panel().getByText(chat.staffTyping).waitFor();
    await reply.fill('Yes, 200 cartons ready 👍');
    await reply.press('Enter');
    await buyerLog().getByText('Yes, 200 cartons ready 👍').waitFor();
    // The buyer has the chat open, so the reply is read: staff see the receipt.
    await staff.getByTestId('staff-read-receipt').first().waitFor();
    await field.fill('');
  });

  it('counts unread replies on the side bar while the chat is closed', async () => {
    await panel().getByRole('button', { name: en.web.close }).click();
    await panel().waitFor({ state: 'detached' });
    const reply = staff.getByRole('textbox', { name: ui.chat.reply });
    await reply.fill('The price list follows.');
    await reply.press('Enter');
    // The side bar's name carries the badge's visible text (issue 21, item 10).
    await buyer.getByRole('button', { name: `${en.web.sidebar.chat} 1` }).waitFor();
    await chatButton().click();
    await buyerLog().getByText('The price list follows.').waitFor();
    await buyer.getByRole('button', { name: en.web.sidebar.chat, exact: true }).waitFor();
  });

  it('sends a picture that staff see, and staff answer with one the buyer sees', async () => {
    if (!(await panel().isVisible())) await chatButton().click();
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    await panel()
      .getByTestId('chat-file-image')
      .setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: png });
    const sent = buyerLog().getByRole('img', { name: chat.image }).last();
    await sent.waitFor();
    await expect.poll(() => sent.getAttribute('src')).toMatch(/^\/files\/|^https?:/);
    await staffLog().getByRole('img', { name: ui.chat.kinds.image }).first().waitFor();
    await expect.poll(() => panel().getByText(chat.imageFailed).count()).toBe(0);

    const gif = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#2266cc' } })
      .gif()
      .toBuffer();
    const [chooser] = await Promise.all([
      staff.waitForEvent('filechooser'),
      staff.getByTestId('staff-attach-picture').click(),
    ]);
    await chooser.setFiles({ name: 'answer.gif', mimeType: 'image/gif', buffer: gif });
    const answer = staffLog().getByRole('img', { name: ui.chat.kinds.image }).last();
    await expect.poll(() => answer.getAttribute('src')).toMatch(/^\/files\/.+\.gif$/);
    await expect.poll(() => buyerLog().getByRole('img', { name: chat.image }).count()).toBe(2);
  });

  it('shares a product from its page as a card that opens the product in a new tab', async () => {
    // The first product of the catalogue, as the buyer's list shows it.
    await buyer.goto(`${server.url}/productDisplay`);
    const first = buyer.locator('main a[href^="/productDetails?id="]').first();
    await first.waitFor();
    const id = Number(new URL(String(await first.getAttribute('href')), server.url).searchParams.get('id'));
    await buyer.goto(`${server.url}/productDetails?id=${id}`);
    const name = (await buyer.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    const product = { id, name };
    await buyer.getByRole('main').getByRole('button', { name: en.web.details.addToCart }).first().click();
    await buyer.getByRole('button', { name: chat.share }).click();
    const card = buyerLog()
      .getByRole('link', { name: new RegExp(product.name.slice(0, 12)) })
      .last();
    await card.waitFor();
    const [tab] = await Promise.all([buyerContext.waitForEvent('page'), card.click()]);
    await tab.waitForURL(
      (url) => url.pathname === '/productDetails' && url.searchParams.get('id') === String(product.id),
    );
    await tab.close();
    await staffLog().getByText(product.name).first().waitFor();
    // Beside the conversation, staff see the buyer's cart with the product just added.
    await staff.getByTestId('buyer-cart').getByText(product.name).waitFor({ timeout: 40_000 });
  });

  it('marks a message failed while the network is down and resends it when it returns', async () => {
    if (!(await panel().isVisible())) await chatButton().click();
    await panel().getByText(chat.connection.online).waitFor();
    networkDown = true;
    await buyerContext.setOffline(true);
    buyerSockets.splice(0).forEach((ws) => ws.close());
    await panel().getByText(chat.connection.offline).waitFor();
    const field = panel().getByRole('textbox', { name: chat.message });
    await field.fill('Sent while offline');
    await field.press('Enter');
    await panel()
      .getByRole('button', { name: new RegExp(chat.failed) })
      .waitFor();

    networkDown = false;
    await buyerContext.setOffline(false);
    await panel().getByText(chat.connection.online).waitFor({ timeout: 40_000 });
    await expect
      .poll(() =>
        panel()
          .getByRole('button', { name: new RegExp(chat.failed) })
          .count(),
      )
      .toBe(0);
    await staffLog().getByText('Sent while offline').waitFor();
  });
});

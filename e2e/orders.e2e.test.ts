import consoleEn from '@vitrine/i18n/console/en.json';
import en from '@vitrine/i18n/locales/en.json';
import orders from '@vitrine/i18n/orders/en.json';
import { readFile } from 'node:fs/promises';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, sessionHeaders } from './api';
import { launchBrowser } from './browser';
import { consoleLogIn, fill } from './console-page';
import { type QuotedLine, receiptPng, sampleList, staffHeaders } from './orders-api';
import { pdfText } from './pdf';
import { startServer } from './server';

interface Order {
  id: number;
  order_number: string;
  status: string;
  order_amount: number;
  currency: string;
  vouchers: { id: number; status: string }[];
}

const ui = consoleEn.ui;

/**
 * A quotation from a sample list to a paid order, in two browser contexts at once: the exporter's
 * sales in the console (/staff/) and the customer in the showroom. Sales quote the list; the
 * customer changes boxes, deletes a line, confirms and sends a deposit voucher; sales confirm the
 * receipt; the customer's open order page shows it paid with no reload and no focus (the socket,
 * decision 0043) and downloads the proforma invoice.
 */
describe('a quotation confirmed and paid, exporter and customer in two browsers', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  const files = mkdtempSync(join(tmpdir(), 'vitrine-orders-e2e-'));
  /** The buyer's page on the order the journey paid, for the proforma invoice. */
  let paid: { page: Page; id: number } | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  const logIn = async (): Promise<Page> => {
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
    return page;
  };

  /** Counts the events that make the order screens ask again on focus, so a test can say none came. */
  const countFocus = (page: Page) =>
    page.addInitScript(() => {
      const w = window as unknown as { focusEvents: number };
      w.focusEvents = 0;
      const count = () => (w.focusEvents += 1);
      window.addEventListener('focus', count, true);
      document.addEventListener('visibilitychange', count, true);
    });
  const focusEvents = (page: Page) =>
    page.evaluate(() => (window as unknown as { focusEvents: number }).focusEvents);

  it('goes from the exporter quoting a sample list in the console to an order paid by its deposit', async () => {
    const staff = await staffHeaders(server.url, 'demo', 'sales@demo.test', 'demo-sales');
    const staffCall = <T>(name: string, body: object) => callApi<T>(server.url, name, body, staff);
    const buyer = await sessionHeaders(server.url, 'demo', 'demo-buyer');
    const sampleId = await sampleList(server.url, buyer, 3);

    // Sales, in the console, quote the customer's sample list: lines prefilled, terms filled in, sent.
    const sales = await consoleLogIn(browser, server.url, 'sales@demo.test', 'demo-sales');
    await sales.goto(`${server.url}/staff/inbox/${sampleId}`);
    await sales.getByRole('button', { name: ui.quote.make }).click();
    await sales.getByRole('button', { name: ui.quote.saveDraft }).waitFor();
    const account = sales.getByLabel(ui.quote.bankAccount);
    if (!(await account.inputValue())) await account.fill('Bank of Shantou, SWIFT STBKCNBJ, 6222 0000 1234');
    await sales.getByLabel(ui.quote.depositPercent).fill('30');
    await sales.getByRole('button', { name: ui.quote.send }).click();
    await sales.getByRole('dialog').getByRole('button', { name: ui.quote.send }).click();
    await sales.getByTestId('order-status').filter({ hasText: ui.orders.status.quoted }).waitFor();
    const orderPath = new URL(sales.url()).pathname;
    const id = Number(orderPath.split('/').at(-1));
    const made = await staffCall<{ order: Order; lines: QuotedLine[] }>('staff_get_order', { id });
    expect(made.order.status).toBe('quoted');
    expect(made.lines).toHaveLength(3);

    const page = await logIn();
    await countFocus(page);
    await page.goto(`${server.url}/personalCenter`);
    const toConfirm = page.getByRole('link', { name: new RegExp(orders.center.toConfirm) });
    // The demo seeds quotations of its own: at least this one waits.
    await expect.poll(() => toConfirm.textContent()).toMatch(/^[1-9]/);
    await toConfirm.click();
    await page.waitForURL((url) => url.pathname === '/quoteAckForm');
    await page.getByRole('link', { name: made.order.order_number }).click();
    await page.waitForURL((url) => url.search === `?id=${id}`);
    const rows = page.getByTestId('order-line');
    await expect.poll(() => rows.count()).toBe(3);

    // A batch action without a selection is refused.
    await page.getByRole('button', { name: orders.quote.batchDelete }).click();
    await page.getByText(orders.quote.nothingToDelete).waitFor();

    // The first line to 7 boxes.
    const [first, second] = made.lines as [QuotedLine, QuotedLine, QuotedLine];
    await page.getByRole('checkbox', { name: `Select ${first.name}` }).check();
    await page.getByRole('button', { name: orders.quote.batchBoxes }).click();
    const boxes = page.getByRole('dialog').getByTestId('boxes-input');
    await boxes.fill('7');
    await page.getByRole('dialog').getByRole('button', { name: orders.quote.apply }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('total-boxes').textContent()).toBe(String(7 + 10 + 10));

    // The second line deleted.
    await page.getByRole('checkbox', { name: `Select ${first.name}` }).uncheck();
    await page.getByRole('checkbox', { name: `Select ${second.name}` }).check();
    await page.getByRole('button', { name: orders.quote.batchDelete }).click();
    await page.getByRole('dialog').getByRole('button', { name: orders.quote.batchDelete }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => page.getByTestId('total-boxes').textContent()).toBe(String(7 + 10));

    // Every line confirmed, then the quotation.
    await page.getByRole('checkbox', { name: orders.quote.selectAll }).check();
    await page.getByRole('button', { name: orders.quote.batchConfirm }).click();
    await expect
      .poll(() => page.getByTestId('line-status').allTextContents())
      .toEqual([orders.line.confirmed, orders.line.confirmed]);
    await page.getByRole('button', { name: orders.quote.submit }).click();
    await page.waitForURL((url) => url.pathname === '/orderDetails');
    await expect
      .poll(() => page.getByTestId('order-status').textContent())
      .toBe(orders.status.pending_payment);

    // What the exporter sees: the buyer's change and removal.
    const seen = await staffCall<{
      order: Order;
      lines: (QuotedLine & { removed: number; quoted_boxes: number })[];
    }>('staff_get_order', { id });
    expect(seen.lines.find((l) => l.id === first.id)).toMatchObject({ boxes: 7, quoted_boxes: first.boxes });
    expect(seen.lines.find((l) => l.id === second.id)).toMatchObject({ removed: 1 });

    // A GIF is refused in the browser; a PNG is sent and waits for the exporter.
    const gif = join(files, 'receipt.gif');
    writeFileSync(
      gif,
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ccc' } })
        .gif()
        .toBuffer(),
    );
    await page.getByTestId('voucher-input').setInputFiles(gif);
    await page.getByText(orders.detail.voucherType).waitFor();
    const png = join(files, 'receipt.png');
    writeFileSync(png, await receiptPng());
    await page.getByTestId('voucher-input').setInputFiles(png);
    await expect.poll(() => page.getByTestId('voucher-state').textContent()).toBe(orders.detail.pending);

    // Sales see the voucher in the console and confirm the receipt there.
    await sales.goto(`${server.url}${orderPath}`);
    await sales.getByTestId('order-status').filter({ hasText: ui.orders.status.pending_payment }).waitFor();
    await sales
      .getByRole('button', { name: fill(ui.vouchers.view, { part: ui.orders.part.deposit }) })
      .click();
    await sales
      .getByRole('dialog')
      .getByRole('img', { name: fill(ui.vouchers.alt, { part: ui.orders.part.deposit }) })
      .waitFor();
    await sales.keyboard.press('Escape');
    const focusBefore = await focusEvents(page);
    // A mark on the buyer's page: a reload would wipe it.
    await page.evaluate(() => ((window as unknown as { journey: string }).journey = 'same page'));
    await sales.getByRole('button', { name: ui.vouchers.confirm }).click();
    await sales.getByRole('dialog').getByRole('button', { name: ui.vouchers.confirm }).click();
    await sales.getByTestId('order-status').filter({ hasText: ui.orders.status.paid }).waitFor();

    // The customer's open page shows it paid by itself: no reload, no focus, the socket said so.
    // Generous waits for a busy machine: the push, then the page's two queries, then a render.
    await expect
      .poll(() => page.getByTestId('order-status').textContent(), { timeout: 15_000 })
      .toBe(orders.status.paid);
    await expect
      .poll(() => page.getByTestId('voucher-state').textContent(), { timeout: 15_000 })
      .toBe(orders.detail.accepted);
    expect(await focusEvents(page)).toBe(focusBefore);
    expect(await page.evaluate(() => (window as unknown as { journey?: string }).journey)).toBe('same page');
    await sales.context().close();

    paid = { page, id };
  });

  it('downloads the proforma invoice of the paid order: a PDF naming the order and its total', async () => {
    if (!paid) throw new Error('the journey above did not reach a paid order');
    const { page, id } = paid;
    const staff = await staffHeaders(server.url, 'demo', 'sales@demo.test', 'demo-sales');
    const staffCall = <T>(name: string, body: object) => callApi<T>(server.url, name, body, staff);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('proforma-download').click(),
    ]);
    const pdf = await readFile((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    const order = (await staffCall<{ order: Order }>('staff_get_order', { id })).order;
    expect(text).toContain(order.order_number);
    const total = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(
      order.order_amount / 100,
    );
    expect(text).toContain(total);
  });
});

import consoleEn from '@vitrine/i18n/console/en.json';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, sessionHeaders } from './api';
import { launchBrowser } from './browser';
import { consoleLogIn, fill } from './console-page';
import { startServer } from './server';

const ui = consoleEn.ui;

describe("the exporter's console: from a sample list to a confirmed deposit, in chromium", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  const staff = (email: string, password: string): Promise<Page> =>
    consoleLogIn(browser, server.url, email, password);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets sales quote a sample list, and confirm the deposit voucher the buyer then sends', async () => {
    // A buyer submits a sample list of three products.
    const buyer = await sessionHeaders(server.url, 'demo', 'demo-buyer');
    const products = await callApi<{ list: { id: number; is_expire: number }[] }>(
      server.url,
      'get_list',
      { page_size: 6 },
      buyer,
    );
    const lines = products.list.filter((p) => !p.is_expire).slice(0, 3);
    const submitted = await callApi<{ number: string }>(
      server.url,
      'add_choose',
      {
        company_name: 'Nordic Toys AB',
        contact: 'Freja Lind',
        phone: '+46 8 123 456',
        email: 'freja@nordictoys.example',
        remark: 'Quote us, please',
        lines: lines.map((p) => ({ id: p.id, ctn: 2 })),
        idempotency_key: `orders-e2e-${Date.now()}-submission`,
      },
      buyer,
    );

    // Sales opens it and makes a quotation: the lines come prefilled.
    const sales = await staff('sales@demo.test', 'demo-sales');
    await sales.getByRole('link', { name: new RegExp(submitted.number) }).click();
    await sales.getByRole('button', { name: ui.quote.make }).click();
    await sales.getByRole('button', { name: ui.quote.saveDraft }).waitFor();
    const prices = sales.getByRole('textbox', { name: new RegExp(`^${ui.quote.col.price} — `) });
    expect(await prices.count()).toBe(lines.length);

    // A price typed in dollars, a carton count changed with the keyboard, the terms filled in.
    await prices.first().fill('2.35');
    await prices.first().press('Enter');
    await expect.poll(() => sales.evaluate(() => document.activeElement?.getAttribute('data-row'))).toBe('1');
    const account = sales.getByLabel(ui.quote.bankAccount);
    if (!(await account.inputValue())) await account.fill('Bank of Shantou, SWIFT BKSHCNBJ, 6222 0000 1111');
    await sales.getByLabel(ui.quote.depositPercent).fill('30');
    await sales.getByText(ui.quote.unsaved).waitFor();
    await sales.getByRole('button', { name: ui.quote.send }).click();
    await sales.getByRole('dialog').getByRole('button', { name: ui.quote.send }).click();
    await sales.getByTestId('order-status').filter({ hasText: ui.orders.status.quoted }).waitFor();
    const orderPath = new URL(sales.url()).pathname;

    // The buyer confirms the quotation and sends a deposit voucher (the buyer's screens are tested elsewhere).
    const quotations = await callApi<{
      list: { id: number; order_number: string; deposit_amount: number }[];
    }>(server.url, 'get_confirm_order_list', {}, buyer);
    const quotation = quotations.list[0];
    if (!quotation) throw new Error('the buyer has no quotation to confirm');
    expect(orderPath).toBe(`/staff/orders/${quotation.id}`);
    await callApi(
      server.url,
      'update_confirm_order',
      { id: quotation.id, action: 'confirm_order', idempotency_key: `orders-e2e-${Date.now()}-confirm` },
      buyer,
    );
    const picture = await sharp({
      create: { width: 640, height: 400, channels: 3, background: { r: 240, g: 240, b: 230 } },
    })
      .png()
      .toBuffer();
    const auth = await callApi<{ upload: { url: string; fields: Record<string, string> }; file_url: string }>(
      server.url,
      'get_temp_auth',
      { purpose: 'voucher', content_type: 'image/png' },
      buyer,
    );
    const form = new FormData();
    for (const [k, v] of Object.entries(auth.upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'transfer.png');
    const uploaded = await fetch(new URL(auth.upload.url, server.url), { method: 'POST', body: form });
    expect(uploaded.ok).toBe(true);
    await callApi(
      server.url,
      'submit_order_voucher',
      {
        id: quotation.id,
        part: 'deposit',
        url: auth.file_url,
        idempotency_key: `orders-e2e-${Date.now()}-voucher`,
      },
      buyer,
    );

    // The console counts the new voucher in its navigation; sales checks and confirms it.
    await sales.reload();
    const orders = sales
      .getByRole('navigation', { name: ui.nav.main })
      .getByRole('link', { name: new RegExp(`^${ui.nav.orders}`) });
    // The demo's own activity may have left vouchers waiting too: the count goes up by ours.
    const waiting = async () => Number((await orders.textContent())?.replace(ui.nav.orders, '') || 0);
    await expect.poll(waiting, { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await waiting();
    await orders.click();
    // The segmented control's radios are hidden behind their labels, which take the click.
    await sales.locator('label', { hasText: ui.orders.views.vouchers }).click();
    await sales.getByRole('link', { name: fill(ui.orders.open, { number: quotation.order_number }) }).click();
    await sales.getByTestId('order-status').filter({ hasText: ui.orders.status.pending_payment }).waitFor();
    await sales
      .getByRole('button', { name: fill(ui.vouchers.view, { part: ui.orders.part.deposit }) })
      .click();
    await sales
      .getByRole('dialog')
      .getByRole('img', { name: fill(ui.vouchers.alt, { part: ui.orders.part.deposit }) })
      .waitFor();
    await sales.keyboard.press('Escape');
    await sales.getByRole('button', { name: ui.vouchers.confirm }).click();
    await sales.getByRole('dialog').getByRole('button', { name: ui.vouchers.confirm }).click();
    await sales.getByTestId('order-status').filter({ hasText: ui.orders.status.paid }).waitFor();
    await sales.locator('[data-testid^="voucher-"]').getByText(ui.vouchers.status.confirmed).waitFor();
    await expect.poll(waiting, { timeout: 15_000 }).toBe(before - 1);

    const detail = await callApi<{ status: string }>(
      server.url,
      'get_order_detail',
      { id: quotation.id },
      buyer,
    );
    expect(detail.status).toBe('paid');
    await sales.context().close();
  });
});

import consoleEn from '@vitrine/i18n/console/en.json';
import en from '@vitrine/i18n/locales/en.json';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, sessionHeaders, uploadSearchPhoto } from './api';
import { launchBrowser } from './browser';
import { consoleLogIn, fill } from './console-page';
import { buyersPhotoOf } from './photo';
import { startServer, type TestServer } from './server';

const ui = consoleEn.ui;
const COUNT = 50;

/** A picture of its own for each product: shapes with corners, which image search describes. */
function pictureOf(seed: number): Promise<Buffer> {
  let s = seed * 7919 + 13;
  const rnd = () => (s = (s * 48271) % 2147483647) / 2147483647;
  const shapes = Array.from({ length: 40 }, () => {
    const [x, y, w, h] = [rnd() * 760, rnd() * 760, 30 + rnd() * 200, 30 + rnd() * 200];
    const colour = `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`;
    return rnd() < 0.5
      ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour}" transform="rotate(${rnd() * 40} ${x} ${y})"/>`
      : `<circle cx="${x}" cy="${y}" r="${w / 3}" fill="${colour}" stroke="black" stroke-width="6"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#f4efe6"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe("the console's import, then the buyer's showroom, in chromium", () => {
  let server: TestServer;
  let browser: Browser;
  const files = mkdtempSync(join(tmpdir(), 'vitrine-e2e-import-'));
  const sheetPath = join(files, 'catalogue.xlsx');
  const zipPath = join(files, 'pictures.zip');
  const pictures: Buffer[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // The exporter's own spreadsheet: their headers, in English and Chinese.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(['Item No.', 'English Name', '品名', 'Unit Price', 'Qty/Ctn', 'Remarks']);
    const zip = new JSZip();
    for (let i = 1; i <= COUNT; i++) {
      sheet.addRow([`IMP-${1000 + i}`, `Imported tin robot ${i}`, `进口铁皮机器人${i}`, 3 + i / 100, 24, '']);
      const picture = await pictureOf(i);
      pictures.push(picture);
      zip.file(`photos/IMP-${1000 + i}.jpg`, picture);
    }
    writeFileSync(sheetPath, Buffer.from(await book.xlsx.writeBuffer()));
    writeFileSync(zipPath, await zip.generateAsync({ type: 'nodebuffer' }));
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  const showroom = async (page: Page, keyword: string) => {
    await page.goto(`${server.url}/productDisplay?keyword=${encodeURIComponent(keyword)}`);
    const list = page.getByRole('list', { name: en.web.pages.productDisplay });
    await list
      .getByRole('article')
      .first()
      .or(page.getByText(en.web.search.noResults.split('“')[0] ?? '').first())
      .waitFor();
    return list.getByRole('article').allTextContents();
  };

  it('imports 50 products with their pictures, and a buyer finds one by name, by number and by photo', async () => {
    const sales = await consoleLogIn(browser, server.url, 'sales@demo.test', 'demo-sales');
    await sales
      .getByRole('navigation', { name: ui.nav.main })
      .getByRole('link', { name: ui.nav.import })
      .click();
    await sales.getByRole('heading', { name: ui.import.title }).waitFor();

    const inputs = sales.locator('input[type=file]');
    await inputs.nth(0).setInputFiles(sheetPath);
    await inputs.nth(1).setInputFiles(zipPath);
    await sales.getByRole('button', { name: ui.import.files.read }).click();

    // The mapping was guessed from the headers; the dry run plans 50 new products, 50 pictures.
    await sales.getByRole('heading', { name: ui.import.mapping.title }).waitFor();
    await expect
      .poll(() =>
        sales
          .getByLabel(fill(ui.import.mapping.fieldOf, { header: 'Item No.' }))
          .first()
          .inputValue(),
      )
      .toBe('Toy number');
    await sales.getByRole('button', { name: ui.import.mapping.check }).click();
    await sales.getByRole('heading', { name: ui.import.plan.title }).waitFor();
    await sales.getByRole('button', { name: fill(ui.import.plan.run, { count: String(COUNT) }) }).click();

    // The bar is there, and still there after a reload, until it reaches done.
    const bar = sales.getByTestId('import-progress');
    await bar.waitFor();
    await sales.reload();
    await sales.getByTestId('import-progress').waitFor();
    await sales.getByRole('heading', { name: ui.import.status.done }).waitFor({ timeout: 300_000 });
    expect(await sales.getByTestId('import-progress').getAttribute('aria-valuenow')).toBe('100');
    await expect.poll(() => sales.getByRole('status').first().textContent()).toContain(`${COUNT} / ${COUNT}`);
    await sales.context().close();

    // The buyer finds the 17th by its name and by its number.
    const buyer = await (
      await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 860 } })
    ).newPage();
    await buyer.goto(`${server.url}/login?site=demo`);
    await buyer.getByLabel(en.web.login.codeLabel).fill('demo-buyer');
    await buyer.getByRole('button', { name: en.web.login.submit }).click();
    await buyer.waitForURL((url) => url.pathname === '/home');
    expect((await showroom(buyer, 'Imported tin robot 17')).join('\n')).toContain('Imported tin robot 17');
    expect((await showroom(buyer, 'IMP-1017')).join('\n')).toContain('Imported tin robot 17');
    await buyer.context().close();

    // And by a photo of it: image search answers it first once its picture is indexed.
    const headers = await sessionHeaders(server.url, 'demo', 'demo-buyer');
    const found = await callApi<{ list: { id: number; name: string; picture: string }[] }>(
      server.url,
      'get_list',
      { keyword: 'IMP-1017', page_size: 5, lang: 11201002 },
      headers,
    );
    const product = found.list[0];
    if (!product?.picture) throw new Error('the imported product has no picture');
    const stored = Buffer.from(await (await fetch(new URL(product.picture, server.url))).arrayBuffer());
    const photo = await buyersPhotoOf(await sharp(stored).resize(800, 800).jpeg().toBuffer());
    // The server indexes the demo's 1 200 pictures after start-up; the import's come after them.
    const deadline = Date.now() + 600_000;
    for (;;) {
      const url = await uploadSearchPhoto(server.url, headers, photo);
      const hits = await callApi<{ list: { id: number; name: string }[] }>(
        server.url,
        'image_search',
        { url },
        headers,
      );
      if (hits.list[0]?.id === product.id) break;
      if (Date.now() > deadline)
        throw new Error(
          `the imported picture was never found first by image search; last: ${hits.list
            .slice(0, 3)
            .map((h) => h.name)
            .join(', ')}`,
        );
      await new Promise((r) => setTimeout(r, 5000));
    }
  }, 1_500_000);
});

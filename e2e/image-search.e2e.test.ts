import en from '@vitrine/i18n/locales/en.json';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, sessionHeaders, uploadSearchPhoto } from './api';
import { launchBrowser } from './browser';
import { buyersPhotoOf } from './photo';
import { startServer, type TestServer } from './server';

describe('image search, in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const files = mkdtempSync(join(tmpdir(), 'vitrine-e2e-pictures-'));
  let product: { id: number; name: string; picture: string };
  let photoPath = '';

  /** The demo visitor's session, and one /api call from the test itself as that visitor: its data. */
  let headers: Record<string, string> = {};
  let api: <T>(name: string, body?: object) => Promise<T>;

  /** What image_search answers first for these bytes, sent through the real upload path. */
  const firstHit = async (bytes: Buffer): Promise<number | undefined> => {
    const url = await uploadSearchPhoto(server.url, headers, bytes);
    return (await api<{ list: { id: number }[] }>('image_search', { url })).list[0]?.id;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    headers = await sessionHeaders(server.url, 'demo', 'demo-visitor');
    api = (name, body = {}) => callApi(server.url, name, body, headers);

    const list = await api<{ list: { id: number; name: string; picture: string; is_expire: number }[] }>(
      'get_list',
      { page: 1, page_size: 20, lang: 11201002 },
    );
    const first = list.list.find((p) => p.picture && !p.is_expire);
    if (!first) throw new Error('no product with a picture');
    product = first;
    // A buyer's photo of it: part of the picture, scaled, re-compressed.
    const original = Buffer.from(await (await fetch(new URL(first.picture, server.url))).arrayBuffer());
    const photo = await buyersPhotoOf(original);
    photoPath = join(files, 'photo.jpg');
    writeFileSync(photoPath, photo);

    // The server indexes its pictures in the background after start-up: wait until this one is in.
    const deadline = Date.now() + 150_000;
    while ((await firstHit(photo)) !== product.id) {
      if (Date.now() > deadline) throw new Error('the product picture was never indexed');
      await new Promise((r) => setTimeout(r, 2000));
    }
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  const openDialog = async (): Promise<Page> => {
    const page = await (
      await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } })
    ).newPage();
    await page.goto(`${server.url}/login?site=demo`);
    await page.getByLabel(en.web.login.codeLabel).fill('demo-visitor');
    await page.getByRole('button', { name: en.web.login.submit }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByTestId('image-search-open').click();
    await page.getByTestId('image-search-file').waitFor({ state: 'attached' });
    return page;
  };

  /** Turns the mouse wheel over the crop area, `notches` times (negative zooms in). */
  const wheel = async (page: Page, notches: number) => {
    const box = await page.getByTestId('image-search-crop').boundingBox();
    if (!box) throw new Error('no crop area');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < Math.abs(notches); i++) {
      await page.mouse.wheel(0, notches < 0 ? -120 : 120);
      await page.waitForTimeout(50);
    }
  };

  const cropSide = async (page: Page) => {
    const text = (await page.getByTestId('image-search-crop-size').textContent()) ?? '';
    const [w, h] = (text.match(/\d+/g) ?? []).map(Number);
    return Math.min(w ?? 0, h ?? 0);
  };

  it('picks a photo, zooms the crop with the wheel, and finds the product first in /proSearch', async () => {
    const page = await openDialog();
    await page.getByTestId('image-search-file').setInputFiles(photoPath);
    await page.getByTestId('image-search-crop').waitFor();
    const before = await cropSide(page);
    await wheel(page, -2);
    await expect.poll(() => cropSide(page)).toBeLessThan(before);
    expect(await cropSide(page)).toBeGreaterThanOrEqual(200);

    await page.getByTestId('image-search-confirm').click();
    await page.waitForURL((url) => url.pathname === '/proSearch');
    const results = page.getByTestId('image-search-results').getByRole('article');
    await results.first().waitFor();
    await expect.poll(() => results.first().getByRole('heading').textContent()).toBe(product.name);

    await results.first().getByRole('link').first().click();
    await page.waitForURL(
      (url) => url.pathname === '/productDetails' && url.searchParams.get('id') === String(product.id),
    );
    await page.context().close();
  });

  it("refuses a crop under 200 pixels with 'adjust the scale', and sends nothing", async () => {
    const small = join(files, 'small.png');
    await sharp({ create: { width: 320, height: 320, channels: 3, background: '#d33' } })
      .png()
      .toFile(small);
    const page = await openDialog();
    let searched = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/get_temp_auth')) searched = true;
    });
    await page.getByTestId('image-search-file').setInputFiles(small);
    await page.getByTestId('image-search-crop').waitFor();
    await wheel(page, -10);
    await expect.poll(() => cropSide(page)).toBeLessThan(200);
    await page.getByTestId('image-search-confirm').click();
    await expect
      .poll(() => page.getByTestId('image-search-error').textContent())
      .toBe(en.web.imageSearch.problems.adjustScale.replaceAll('{{min}}', '200'));
    expect(searched).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.context().close();
  });

  it('refuses a GIF with the type message', async () => {
    const gif = join(files, 'toy.gif');
    await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a3' } })
      .gif()
      .toFile(gif);
    const page = await openDialog();
    await page.getByTestId('image-search-file').setInputFiles(gif);
    await expect
      .poll(() => page.getByTestId('image-search-error').textContent())
      .toBe(en.web.imageSearch.problems.type);
    await page.context().close();
  });
});

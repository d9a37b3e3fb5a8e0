import ar from '@vitrine/i18n/locales/ar.json';
import en from '@vitrine/i18n/locales/en.json';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { callApi, sessionHeaders } from './api';
import { startServer } from './server';

type Product = { id: number; name: string; number: string | null; model_url?: string };

describe('the product page, in chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  /** A call to the API as a logged-in visitor of `site` (to find products to open). */
  const apiAs = async (site: string, code: string) => {
    const headers = await sessionHeaders(server.url, site, code);
    return <T>(name: string, body: unknown) => callApi<T>(server.url, name, body, headers);
  };

  /** Logs in on the login page as a buyer would, then opens `path`. */
  const openAs = async (
    site: string,
    code: string,
    path: string,
    labels = en,
    viewport = { width: 1366, height: 900 },
  ) => {
    const context = await browser.newContext({ locale: 'en-US', viewport });
    const page = await context.newPage();
    await page.goto(`${server.url}/login?site=${site}`);
    await page.getByLabel(labels.web.login.codeLabel).fill(code);
    await page.getByRole('button', { name: labels.web.login.submit }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto(server.url + path);
    return page;
  };

  /** The value shown for a label of the definition list, or null when the label is not there. */
  const valueOf = (page: Page, label: string) =>
    page.evaluate((text) => {
      const dt = [...document.querySelectorAll('dl dt')].find((el) => el.textContent === text);
      return dt?.nextElementSibling?.textContent ?? null;
    }, label);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a product with its labels and pictures, and copies its number', async () => {
    const call = await apiAs('demo', 'demo-visitor');
    const { list } = await call<{ list: Product[] }>('get_list', { page: 1, page_size: 20 });
    const product = list.find((p) => p.number);
    if (!product?.number) throw new Error('no product with a number in the demo data');

    const page = await openAs('demo', 'demo-visitor', `/productDetails?id=${product.id}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    // Labels with their units, the price with currency and trade term (demo shows prices).
    expect(await valueOf(page, en.web.details.labels.cartonQuantity)).toMatch(/^\d[\d,]* PCS\/ctn$/);
    expect(await valueOf(page, en.web.details.labels.grossWeight)).toMatch(/ KGS$/);
    expect(await valueOf(page, en.web.details.labels.cartonVolume)).toMatch(/cbm \/ .* cuft$/);
    expect(await valueOf(page, en.web.details.labels.price)).toMatch(/^(EXW|FOB|CFR|CIF) /);

    // The main picture has loaded, in a box that keeps its proportions.
    const main = page.getByRole('region', { name: en.web.details.pictures }).locator('img').first();
    await main.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('section img');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    const box = await page.getByRole('button', { name: en.web.details.zoom }).boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box?.height).toBeGreaterThan(100);

    // The number is copied.
    await page.getByRole('button', { name: `Copy product number ${product.number}` }).click();
    await page.getByText(en.web.details.copied, { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(product.number);

    // Zoom opens a dialog that Escape closes.
    await page.getByRole('button', { name: en.web.details.zoom }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('hides the price on demo2', async () => {
    const call = await apiAs('demo2', 'demo2-visitor');
    const { list } = await call<{ list: Product[] }>('get_list', { page: 1, page_size: 5 });
    const product = list[0];
    if (!product) throw new Error('no product in demo2');

    const page = await openAs('demo2', 'demo2-visitor', `/productDetails?id=${product.id}`, ar);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.locator('dl dt').first().waitFor();
    expect(await valueOf(page, ar.web.details.labels.cartonQuantity)).not.toBeNull();
    expect(await valueOf(page, ar.web.details.labels.price)).toBeNull();
    expect(await valueOf(page, ar.web.details.labels.priceValidUntil)).toBeNull();
    expect(await page.locator('body').textContent()).not.toMatch(/\b(EXW|FOB|CFR|CIF)\b/);
    await page.context().close();
  });

  it('shows a 3D product as an interactive model', async () => {
    const call = await apiAs('demo', 'demo-visitor');
    const { list } = await call<{ list: Product[] }>('get_3d_toy', { page: 1, page_size: 20 });
    let withModel: Product | undefined;
    for (const p of list) {
      const detail = await call<Product>('get_toy_detail', { id: p.id });
      if (detail.model_url) {
        withModel = detail;
        break;
      }
    }
    if (!withModel) throw new Error('no demo product with a 3D model');

    const page = await openAs('demo', 'demo-visitor', `/productDetails?id=${withModel.id}`);
    await page.getByRole('heading', { level: 2, name: en.web.details.model }).waitFor();
    const viewer = page.locator('model-viewer');
    await viewer.waitFor();
    // React hands a defined custom element its src as a property.
    const src = await viewer.evaluate(
      (el) => (el as HTMLElement & { src?: string }).src ?? el.getAttribute('src'),
    );
    expect(src).toBe(withModel.model_url);
    expect(await viewer.getAttribute('camera-controls')).not.toBeNull();
    expect(await viewer.getAttribute('aria-label')).toContain(withModel.name);
    // The custom element is defined (the library loaded on this screen) and the model arrives.
    await page.waitForFunction(() => customElements.get('model-viewer') !== undefined);
    // The model loads once it is on screen (model-viewer waits until it is visible), then
    // arrives (its load event): no loading state, no failure.
    await viewer.scrollIntoViewIfNeeded();
    await page.locator('[data-state="ready"] > model-viewer').waitFor({ timeout: 30_000 });
    expect(await page.getByText(en.web.details.modelFailed).count()).toBe(0);
    expect(await page.getByText(en.web.details.modelLoading).count()).toBe(0);
    await page.context().close();
  });
});

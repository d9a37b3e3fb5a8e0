import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import en from '@vitrine/i18n/locales/en.json';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, sessionHeaders } from './api';
import { launchBrowser } from './browser';
import { startServer } from './server';

/** The stored language codes of the app (index + 1 after 1120100). */
const LANG = { en: 11201002, ar: 11201005, he: 11201006 } as const;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 900 };

/**
 * Issue 21's buyer-side items that only a real browser shows: the banner mirrored right to left
 * (14), the search on a phone's page (12), the home shelves' buttons and the 3D viewer's wheel
 * (13), and a showroom picture saved from a page and searched with (5).
 */
describe('the buyer side, polished, in chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  const files = mkdtempSync(join(tmpdir(), 'vitrine-polish-'));

  /** Logs in on the login page in `lang`, then opens `path`. */
  const openAs = async (
    site: string,
    code: string,
    path: string,
    { lang = 'en', viewport = DESKTOP }: { lang?: keyof typeof LANG; viewport?: typeof DESKTOP } = {},
  ): Promise<Page> => {
    const context = await browser.newContext({ locale: 'en-US', viewport });
    const page = await context.newPage();
    await page.goto(`${server.url}/login?site=${site}`);
    await page.evaluate((l) => localStorage.setItem('vitrine.lang', String(l)), LANG[lang]);
    await page.reload();
    await page.locator('main input').first().fill(code);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/home');
    if (path !== '/home') await page.goto(server.url + path);
    return page;
  };

  // The server seeds a fresh data folder first: minutes on a busy machine.
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it.each(['ar', 'he'] as const)(
    'mirrors the home banner in %s, so the caption clears the product; not in English',
    async (lang) => {
      const transformOf = async (page: Page) => {
        const picture = page.locator('[aria-roledescription="carousel"] img').first();
        await picture.waitFor();
        return picture.evaluate((img) => getComputedStyle(img).transform);
      };
      const rtl = await openAs('demo', 'demo-visitor', '/home', { lang });
      expect(await rtl.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await transformOf(rtl)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
      await rtl.context().close();

      const ltr = await openAs('demo', 'demo-visitor', '/home');
      expect(await transformOf(ltr)).toBe('none');
      await ltr.context().close();
    },
  );

  it('keeps the search on the page of a phone, with a hint that fits its box', async () => {
    const page = await openAs('demo', 'demo-visitor', '/home', { viewport: PHONE });
    const box = page.getByRole('searchbox', { name: en.web.header.searchPlaceholderFactory });
    await box.waitFor();
    expect(await box.isVisible()).toBe(true);
    // Not behind the menu: the menu is closed, and the box is on screen.
    expect(await page.getByRole('button', { name: en.web.layout.menu }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    const fits = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d');
      if (!ctx) return false;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const rect = input.getBoundingClientRect();
      return ctx.measureText(input.placeholder).width <= room && rect.right <= innerWidth && rect.top < 200;
    });
    expect(fits).toBe(true);
    await box.fill('drone');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('keyword') === 'drone');
    await page.context().close();
  });

  it('turns a home shelf with named previous and next buttons, from the keyboard too', async () => {
    const page = await openAs('demo', 'demo-visitor', '/home');
    const section = en.web.home.newArrivals;
    const next = page.getByRole('button', { name: `Next: ${section}` });
    const previous = page.getByRole('button', { name: `Previous: ${section}` });
    const shelf = page.getByRole('list', { name: section });
    await shelf.getByRole('link').nth(5).waitFor();
    // The buttons come with the pointer (or the focus) entering the shelf.
    await shelf.scrollIntoViewIfNeeded();
    await shelf.hover();
    await expect.poll(() => next.isEnabled()).toBe(true);
    expect(await previous.isEnabled()).toBe(false);

    await next.click();
    await expect.poll(() => shelf.evaluate((ul) => ul.scrollLeft)).toBeGreaterThan(200);
    await expect.poll(() => previous.isEnabled()).toBe(true);

    // From the keyboard: the button takes the focus and Enter turns the shelf back.
    await previous.focus();
    expect(await previous.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => shelf.evaluate((ul) => ul.scrollLeft)).toBeLessThan(5);
    await page.context().close();
  });

  it('lets the wheel scroll the page over the 3D viewer, and zoom only once the model is clicked', async () => {
    const headers = await sessionHeaders(server.url, 'demo', 'demo-visitor');
    const call = <T>(name: string, body: unknown) => callApi<T>(server.url, name, body, headers);
    const { list } = await call<{ list: { id: number }[] }>('get_3d_toy', { page: 1, page_size: 20 });
    let id: number | undefined;
    for (const p of list) {
      if ((await call<{ model_url: string }>('get_toy_detail', { id: p.id })).model_url) {
        id = p.id;
        break;
      }
    }
    if (id === undefined) throw new Error('no demo product with a 3D model');
    const page = await openAs('demo', 'demo-visitor', `/productDetails?id=${id}`);
    const viewer = page.locator('[data-state="ready"] > model-viewer');
    await page.locator('model-viewer').scrollIntoViewIfNeeded();
    await viewer.waitFor({ timeout: 60_000 });
    // The viewer in the middle of the window, with room to scroll both ways.
    await viewer.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = await viewer.boundingBox();
    if (!box) throw new Error('the viewer has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

    const scrollY = () => page.evaluate(() => window.scrollY);
    const radius = () =>
      viewer.evaluate(
        (el) => (el as HTMLElement & { getCameraOrbit(): { radius: number } }).getCameraOrbit().radius,
      );
    const before = await scrollY();
    await page.mouse.wheel(0, 240);
    await expect.poll(scrollY).toBeGreaterThan(before);
    expect(await page.getByTestId('model-wheel-hint').textContent()).toBe(en.web.details.modelWheelHint);

    // Clicked: the wheel is the model's now (zoom in: the model starts zoomed out all the way),
    // and the page stays.
    const clicked = await viewer.boundingBox();
    if (!clicked) throw new Error('the viewer has no box');
    await page.mouse.click(clicked.x + clicked.width / 2, clicked.y + clicked.height / 2);
    const startRadius = await radius();
    const still = await scrollY();
    await page.mouse.wheel(0, -240);
    await expect.poll(radius).toBeLessThan(startRadius);
    expect(await scrollY()).toBe(still);
    await page.context().close();
  });

  it("names the showroom's pictures by their type, and searches with one a buyer saved", async () => {
    const page = await openAs('demo', 'demo-visitor', '/home');
    const img = page.getByRole('list', { name: en.web.home.newArrivals }).locator('img').first();
    await img.evaluate((el: HTMLImageElement) => el.decode());
    const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    expect(new URL(src).pathname).toMatch(/^\/img\/\d+\/.+\.webp$/);
    const res = await fetch(src);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Saved by an older page under the original's name: WebP bytes in a .jpg.
    const saved = join(files, 'saved-from-showroom.jpg');
    writeFileSync(saved, Buffer.from(await res.arrayBuffer()));

    await page.getByTestId('image-search-open').first().click();
    await page.getByTestId('image-search-file').setInputFiles(saved);
    await page.getByTestId('image-search-crop').waitFor();
    expect(await page.getByTestId('image-search-error').count()).toBe(0);
    await page.context().close();
  });
});

import en from '@vitrine/i18n/locales/en.json';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { startServer } from './server';
import { splitAfterRoot } from './split-proxy';

/**
 * What a returning visitor's browser does before the app's code has arrived (the head script,
 * apps/web/src/boot): the entry script is held back here, so whatever happens meanwhile cannot
 * have come from the app.
 */
describe('the first load, before the app has arrived, in chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  const returningVisitor = async (origin = server.url): Promise<BrowserContext> => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(`${origin}/login?site=demo`);
    await page.getByLabel(en.web.login.codeLabel).fill('demo-visitor');
    await page.getByRole('button', { name: en.web.login.submit }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.close();
    return context;
  };

  /** Opens `path` with the entry script held until `release` is called; records the /api calls. */
  const openHeld = async (context: BrowserContext, path: string, origin = server.url) => {
    const page = await context.newPage();
    const calls: string[] = [];
    const requested: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      requested.push(url.pathname);
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname.slice('/api/'.length));
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/pc\/assets\/index-[^/]+\.js$/, async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
    return { page, calls, requested, release };
  };

  const splashText = (page: Page) =>
    page.evaluate(() => {
      const root = document.getElementById('root');
      return root && root.childElementCount === 0 ? getComputedStyle(root, '::after').content : null;
    });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("asks for /home's banners and names the company at once; the app then takes that answer", async () => {
    const context = await returningVisitor();
    const { page, calls, requested, release } = await openHeld(context, '/home');

    await expect.poll(() => calls).toContain('get_advert');
    await expect.poll(() => requested.some((p) => /^\/img\/\d+\//.test(p))).toBe(true);
    await expect.poll(() => splashText(page)).toContain('Starlight');
    expect(await page.title()).toContain('Starlight');

    // The app's stylesheet does not hold the splash back, and is applied before the app draws.
    const html = await (await fetch(`${server.url}/home`)).text();
    expect(html).toMatch(/<link rel="stylesheet"[^>]* media="print" data-app-styles>/);
    release();
    await page.getByRole('region', { name: en.web.home.banners }).getByRole('img').first().waitFor();
    expect(await page.locator('link[data-app-styles]').getAttribute('media')).toBe('all');
    expect(calls.filter((c) => c === 'get_advert')).toHaveLength(1);
    await context.close();
  });

  it("paints the company's name in its very first frame, even when the page arrives in two parts", async () => {
    // The page's HTML stops after the root for 400 ms, as on a slow network or while a busy
    // browser's parser yields: nothing may be painted before the head script has named the company.
    const split = await splitAfterRoot(server.url, 400);
    try {
      const context = await returningVisitor(split.url);
      const { page, release } = await openHeld(context, '/home', split.url);
      const paints = () =>
        page.evaluate(() =>
          Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime])),
        );
      await expect.poll(async () => Object.keys(await paints())).toContain('first-contentful-paint');
      const { 'first-paint': first, 'first-contentful-paint': contentful } = await paints();
      // A first frame of background alone would come before the contentful one.
      expect(contentful).toBe(first);
      expect(await splashText(page)).toContain('Starlight');
      release();
      await context.close();
    } finally {
      await split.close();
    }
  });

  it("keeps loading placeholders still during the app's first second, then sweeps them", async () => {
    const context = await returningVisitor();
    const page = await context.newPage();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/get_advert', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${server.url}/home`);
    const placeholder = page.locator('[aria-hidden="true"][data-variant]').first();
    await placeholder.waitFor();
    const sweep = () =>
      placeholder.evaluate((el) => ({
        gated: !document.documentElement.hasAttribute('data-shimmer'),
        display: getComputedStyle(el, '::after').display,
        animation: getComputedStyle(el, '::after').animationName,
      }));
    const early = await sweep();
    // Within the first second no layer is drawn; the check may land after it on a slow machine.
    if (early.gated) expect(early.display).toBe('none');
    await expect.poll(async () => (await sweep()).gated, { timeout: 5000 }).toBe(false);
    const later = await sweep();
    expect(later.display).toBe('block');
    expect(later.animation).not.toBe('none');
    release();
    await context.close();
  });

  it("puts a right-to-left language on the page and fetches its locale before the app's code", async () => {
    const context = await returningVisitor();
    await context.addInitScript(() => {
      localStorage.setItem('vitrine.lang', '11201005');
      localStorage.setItem('vitrine.locale', 'ar-SA');
    });
    const { page, requested, release } = await openHeld(context, '/productDisplay?sort=price_asc');

    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => requested.some((p) => /\/pc\/assets\/ar-[^/]+\.js$/.test(p))).toBe(true);
    expect(requested).toContain('/api/get_list');

    release();
    await page.locator('article').first().waitFor();
    expect(requested.filter((p) => p === '/api/get_list')).toHaveLength(1);
    await context.close();
  });

  it("leaves the later pages' messages out of /home's first load and brings them with the cart", async () => {
    const context = await returningVisitor();
    const page = await context.newPage();
    const localeBodies: Promise<string>[] = [];
    page.on('response', (res) => {
      if (/\/pc\/assets\/en-[^/]+\.js$/.test(new URL(res.url()).pathname)) localeBodies.push(res.text());
    });
    await page.goto(`${server.url}/home`, { waitUntil: 'networkidle' });
    await page.locator('main').first().waitFor();
    const firstLoad = await Promise.all(localeBodies);
    expect(firstLoad.join('\n')).toContain(en.web.login.submit);
    expect(firstLoad.join('\n')).not.toContain(en.web.cart.emptyTitle);

    await page.goto(`${server.url}/chooseCar`);
    await page.getByText(en.web.cart.emptyTitle).waitFor();
    await context.close();
  });
});

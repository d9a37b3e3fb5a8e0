/**
 * Screenshots of the built app for docs/screenshots: the login page and the layout, in English,
 * Chinese and Arabic, at phone and desktop widths, on both demo showrooms; then /home in each of
 * the four template styles (the style is switched in the database), English on `demo` and
 * Arabic on `demo2`; and /proSearch, the results of a search by photo (a crop of a product's
 * picture, chosen in the image-search dialog as a buyer would); and the customer's order screens
 * (/personalCenter, /quoteAckForm, the order list, /orderDetails) in English, Chinese and Arabic,
 * on orders made first through the exporter's and the buyer's calls (e2e/orders-api).
 * Run `npm run build` first; then `npm run screenshots`, or `npm run screenshots -- home-style`
 * for the shots whose name contains that text (or any of several, separated by commas).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { callApi, sessionHeaders, uploadSearchPhoto } from '../e2e/api';
import { launchBrowser } from '../e2e/browser';
import { demoOrders } from '../e2e/orders-api';
import { buyersPhotoOf } from '../e2e/photo';
import { startServer, type TestServer } from '../e2e/server';

const out = join(import.meta.dirname, '..', 'docs', 'screenshots');
mkdirSync(out, { recursive: true });

const LANG = { en: 11201002, zh: 11201001, ar: 11201005 } as const;
const SIZES = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1366, height: 800 },
  // The template-style shots: a current phone and a common laptop.
  phone390: { width: 390, height: 844 },
  desktop1440: { width: 1440, height: 900 },
} as const;
interface Shot {
  name: string;
  site: 'demo' | 'demo2';
  lang: keyof typeof LANG;
  size: keyof typeof SIZES;
  path: string;
  code?: string;
  /** template_style to set on the website first (left as seeded otherwise). */
  style?: 1 | 2 | 3 | 4;
  /** Search by a photo of the site's first product, through the dialog, instead of going to `path`. */
  imageSearch?: true;
  /** Before going to `path`, with the buyer's session: put things in place (a cart's lines). */
  prepare?(server: TestServer, headers: Record<string, string>): Promise<void>;
  /** On the page, before the shot: what the buyer does (the shot is taken as they do it). */
  act?(page: Page): Promise<void>;
  /** Shoot this element only (a product card) rather than the viewport. */
  element?: string;
  /** Open the customer-service chat (a conversation with customer service is seeded first). */
  chat?: true;
  /** The orders made for the order screens: `{quote}` and `{order}` in `path` stand for their ids. */
  orders?: true;
}
/** The product the ordering-facts shots show (decision 0059), once given its facts. */
let factsId: number | undefined;

/**
 * Gives the demo's first listed product a minimum order of three cartons, price breaks at two
 * and five cartons, a lead time and an HS code, through the console's own calls as the owner
 * would; answers its id.
 */
async function giveOrderingFacts(server: TestServer, buyer: Record<string, string>): Promise<number> {
  const { list } = await callApi<{ list: { id: number; price: number | null }[] }>(
    server.url,
    'get_list',
    { page_size: 1 },
    buyer,
  );
  const id = list[0]?.id ?? 0;
  const staff = await callApi<{ token: string }>(
    server.url,
    'staff_login',
    { email: 'owner@demo.test', password: 'demo-owner' },
    { 'website-id': buyer['website-id'] ?? '' },
  );
  const headers = { 'website-id': buyer['website-id'] ?? '', authorization: `Bearer ${staff.token}` };
  const p = await callApi<
    Record<string, unknown> & { updated_at: number; price: number; carton_quantity: number }
  >(server.url, 'staff_get_product', { id }, headers);
  const {
    id: _i,
    pictures: _p,
    money_unit: _m,
    price_exponent: _e,
    created_at: _c,
    updated_at,
    taken_off_at: _t,
    ...fields
  } = p;
  const perCarton = Math.max(1, p.carton_quantity);
  await callApi(
    server.url,
    'staff_save_product',
    {
      id,
      updated_at,
      product: {
        ...fields,
        min_order_quantity: 3 * perCarton,
        price_breaks: [
          { from: 2 * perCarton, price: Math.round(p.price * 0.92) },
          { from: 5 * perCarton, price: Math.round(p.price * 0.85) },
        ],
        lead_time_days: 35,
        hs_code: '9503.00.90',
      },
    },
    headers,
  );
  return id;
}

const SHOTS: Shot[] = [
  { name: 'login-demo-en-desktop', site: 'demo', lang: 'en', size: 'desktop', path: '/login?site=demo' },
  { name: 'login-demo2-ar-phone', site: 'demo2', lang: 'ar', size: 'phone', path: '/login?site=demo2' },
  {
    name: 'home-demo-en-desktop',
    site: 'demo',
    lang: 'en',
    size: 'desktop',
    path: '/home',
    code: 'demo-buyer',
  },
  {
    name: 'home-demo-zh-desktop',
    site: 'demo',
    lang: 'zh',
    size: 'desktop',
    path: '/home',
    code: 'demo-visitor',
  },
  {
    name: 'home-demo-zh-phone',
    site: 'demo',
    lang: 'zh',
    size: 'phone',
    path: '/home',
    code: 'demo-visitor',
  },
  {
    name: 'home-demo2-ar-desktop',
    site: 'demo2',
    lang: 'ar',
    size: 'desktop',
    path: '/home',
    code: 'demo2-buyer',
  },
  {
    name: 'home-demo2-ar-phone',
    site: 'demo2',
    lang: 'ar',
    size: 'phone',
    path: '/home',
    code: 'demo2-visitor',
  },
  { name: 'home-demo-en-phone', site: 'demo', lang: 'en', size: 'phone', path: '/home', code: 'demo-buyer' },
  // Certificates and factory inspections as staff keep them (decision 0066): several pages each,
  // expired ones marked; English and Chinese on demo, Arabic on demo2.
  ...(['en', 'zh', 'ar'] as const).flatMap((lang) =>
    (['phone', 'desktop'] as const).map((size): Shot => ({
      name: `certificates-${lang === 'ar' ? 'demo2' : 'demo'}-${lang}-${size}`,
      site: lang === 'ar' ? 'demo2' : 'demo',
      lang,
      size,
      path: '/certificates',
      code: lang === 'ar' ? 'demo2-buyer' : 'demo-buyer',
    })),
  ),
  // The product list and a product, in English and Arabic, on a phone and a desktop window.
  ...(['en', 'ar'] as const).flatMap((lang) =>
    (['phone', 'desktop'] as const).flatMap((size): Shot[] => [
      {
        name: `products-${lang === 'en' ? 'demo' : 'demo2'}-${lang}-${size}`,
        site: lang === 'en' ? 'demo' : 'demo2',
        lang,
        size,
        path: '/productDisplay',
        code: lang === 'en' ? 'demo-visitor' : 'demo2-visitor',
      },
      {
        name: `details-demo-${lang}-${size}`,
        site: 'demo',
        lang,
        size,
        path: '/productDetails?id=5',
        code: 'demo-visitor',
      },
    ]),
  ),
  // The display mode's two radios in Chinese, where the labels are shortest.
  {
    name: 'products-demo-zh-phone',
    site: 'demo',
    lang: 'zh',
    size: 'phone',
    path: '/productDisplay',
    code: 'demo-visitor',
  },
  {
    name: 'details-demo-zh-phone',
    site: 'demo',
    lang: 'zh',
    size: 'phone',
    path: '/productDetails?id=5',
    code: 'demo-visitor',
  },
  {
    name: 'booth-demo2-ar-desktop',
    site: 'demo2',
    lang: 'ar',
    size: 'desktop',
    path: '/showroom',
    code: 'demo2-visitor',
  },
  // Text search results (the header's keyword), and a search that finds nothing.
  ...(
    [
      ['en', 'demo', 'drone'],
      ['zh', 'demo', '飞机'],
      ['ar', 'demo2', 'سيارة'],
    ] as const
  ).flatMap(([lang, site, keyword]) =>
    (['phone', 'desktop'] as const).map((size): Shot => ({
      name: `search-${site}-${lang}-${size}`,
      site,
      lang,
      size: size === 'phone' ? 'phone390' : 'desktop1440',
      path: `/productDisplay?keyword=${encodeURIComponent(keyword)}`,
      code: `${site}-visitor`,
    })),
  ),
  {
    name: 'search-none-demo-en-phone',
    site: 'demo',
    lang: 'en',
    size: 'phone390',
    path: '/productDisplay?keyword=zzqx',
    code: 'demo-visitor',
  },
  // The privacy notice, which demo links from its footer (demo2 shows none).
  ...(['en', 'zh', 'ar'] as const).flatMap((lang) =>
    (['phone', 'desktop'] as const).map((size): Shot => ({
      name: `privacy-demo-${lang}-${size}`,
      site: 'demo',
      lang,
      size,
      path: '/agreement/privacy',
      code: 'demo-visitor',
    })),
  ),
  // Search by photo (offered for toy_type 1, demo's and not demo2's): the dialog's crop, then
  // the products that look alike.
  ...(
    [
      ['en', 'demo'],
      ['zh', 'demo'],
      ['ar', 'demo'],
    ] as const
  ).flatMap(([lang, site]) =>
    (['phone', 'desktop'] as const).map((size): Shot => ({
      name: `imagesearch-${site}-${lang}-${size}`,
      site,
      lang,
      size: size === 'phone' ? 'phone390' : 'desktop1440',
      path: '/proSearch',
      code: `${site}-visitor`,
      imageSearch: true,
    })),
  ),
  // The cart while the buyer edits it (issue 21): a line stepped up with its − / + buttons (the
  // line and the totals follow at once) and another whose typed number is refused in words, in
  // English, Chinese and Arabic.
  ...(['en', 'zh', 'ar'] as const).flatMap((lang) =>
    (['desktop1440', 'phone390'] as const).map((size): Shot => ({
      name: `cart-editing-demo-${lang}-${size === 'phone390' ? 'phone' : 'desktop'}`,
      site: 'demo',
      lang,
      size,
      path: '/chooseCar',
      code: 'demo-buyer',
      async prepare(server, headers) {
        const { list } = await callApi<{ list: { id: number }[] }>(
          server.url,
          'get_list',
          { page_size: 3 },
          headers,
        );
        await callApi(server.url, 'add_sample_car', { ids: list.map((p) => p.id) }, headers);
      },
      async act(page) {
        const lines = page.getByTestId('cart-line');
        await lines.nth(1).waitFor();
        // The stepper's "+" (its name is the language's "one carton more of …").
        const more = lines.first().locator('button', { hasText: '+' });
        for (let i = 0; i < 3; i++) await more.click();
        const typed = lines.nth(1).getByTestId('ctn-input');
        await typed.fill('2.5');
        // Refused in words ("Cartons must be a whole number" in the page's language).
        await lines.nth(1).locator('[data-testid="ctn-input"][aria-invalid="true"]').waitFor();
        // In the middle of the screen: on a phone the bottom bar of buttons (decision 0072) is
        // below it, not over its refusal.
        await typed.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      },
    })),
  ),
  // The ordering facts (issue 18 item 5, decision 0059): a product with a minimum order, price
  // breaks, lead time and HS code (set through the console's call first), on its page and in the
  // cart at one carton (below the minimum, warned) and at the second break, in English, Chinese
  // and Arabic, on a phone and a desktop.
  ...(['en', 'zh', 'ar'] as const).flatMap((lang) =>
    (['desktop1440', 'phone390'] as const).flatMap((size): Shot[] => [
      {
        name: `facts-product-demo-${lang}-${size === 'phone390' ? 'phone' : 'desktop'}`,
        site: 'demo',
        lang,
        size,
        path: '/productDetails?id={facts}',
        code: 'demo-buyer',
        async prepare(server, headers) {
          factsId ??= await giveOrderingFacts(server, headers);
        },
        async act(page) {
          await page.getByRole('table').first().waitFor();
          await page.getByRole('table').first().scrollIntoViewIfNeeded();
        },
      },
      {
        name: `facts-cart-demo-${lang}-${size === 'phone390' ? 'phone' : 'desktop'}`,
        site: 'demo',
        lang,
        size,
        path: '/chooseCar',
        code: 'demo-buyer',
        async prepare(server, headers) {
          factsId ??= await giveOrderingFacts(server, headers);
          const { list } = await callApi<{ list: { id: number }[] }>(
            server.url,
            'get_list',
            { page_size: 2 },
            headers,
          );
          const other = list.find((p) => p.id !== factsId)?.id ?? 0;
          await callApi(server.url, 'add_sample_car', { ids: [factsId, other] }, headers);
          // The product with the facts at two cartons: its first price break, still below its minimum
          // of three cartons (warned); the other at five.
          await callApi(
            server.url,
            'update_sample_car',
            {
              lines: [
                { id: factsId, ctn: 2 },
                { id: other, ctn: 5 },
              ],
            },
            headers,
          );
        },
        async act(page) {
          const warning = page.getByTestId('below-moq').first();
          await warning.waitFor();
          // On a phone the line is taller than the screen: its break and warning in view, above the
          // bottom bar of buttons (decision 0072).
          await warning.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        },
      },
    ]),
  ),
  // A product card in Arabic: Latin words kept whole, two lines at most, the colour under them.
  {
    name: 'card-demo2-ar-desktop',
    site: 'demo2',
    lang: 'ar',
    size: 'desktop1440',
    path: '/productDisplay',
    code: 'demo2-visitor',
    element: 'main article',
  },
  // The customer-service chat of demo's customer, over /home, after a short conversation.
  ...(['en', 'zh', 'ar'] as const).flatMap((lang) =>
    (['phone', 'desktop'] as const).map((size): Shot => ({
      name: `chat-demo-${lang}-${size}`,
      site: 'demo',
      lang,
      size: size === 'phone' ? 'phone390' : 'desktop1440',
      path: '/home',
      code: 'demo-buyer',
      chat: true,
    })),
  ),
  // The customer's order screens, on orders made before the shots (demoOrders).
  ...(['en', 'zh', 'ar'] as const).flatMap((lang) =>
    (['phone', 'desktop'] as const).flatMap((size) =>
      (
        [
          ['center', '/personalCenter'],
          ['quote', '/quoteAckForm?id={quote}'],
          ['orders', '/orderList'],
          ['order', '/orderDetails?id={order}'],
        ] as const
      ).map(([name, path]): Shot => ({
        name: `${name}-demo-${lang}-${size}`,
        site: 'demo',
        lang,
        size: size === 'phone' ? 'phone390' : 'desktop1440',
        path,
        code: 'demo-buyer',
        orders: true,
      })),
    ),
  ),
  ...([1, 2, 3, 4] as const).flatMap((style) =>
    (['en', 'ar'] as const).flatMap((lang) =>
      (['phone', 'desktop'] as const).map((size): Shot => ({
        name: `home-style${style}-${lang}-${size}`,
        site: lang === 'en' ? 'demo' : 'demo2',
        lang,
        size: size === 'phone' ? 'phone390' : 'desktop1440',
        path: '/home',
        code: lang === 'en' ? 'demo-visitor' : 'demo2-visitor',
        style,
      })),
    ),
  ),
];

// Shots whose name contains any of the comma-separated texts given, e.g. `-- center-,quote-`.
const only = process.argv[2]?.split(',').filter(Boolean);
const seededStyle: Record<Shot['site'], number> = { demo: 1, demo2: 3 };
const photos = mkdtempSync(join(tmpdir(), 'vitrine-screenshot-photos-'));

/**
 * A buyer's photo of the site's first product (a crop, scaled, re-compressed), once the server
 * has indexed its picture: it indexes in the background after start-up.
 */
async function photoOfFirstProduct(server: TestServer, site: Shot['site'], code: string): Promise<string> {
  const headers = await sessionHeaders(server.url, site, code);
  const call = <T>(name: string, body: object) => callApi<T>(server.url, name, body, headers);
  const { list } = await call<{ list: { id: number; picture: string }[] }>('get_list', { page_size: 20 });
  const product = list.find((p) => p.picture);
  if (!product) throw new Error(`${site} has no product with a picture`);
  const picture = Buffer.from(await (await fetch(new URL(product.picture, server.url))).arrayBuffer());
  const photo = await buyersPhotoOf(picture);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const url = await uploadSearchPhoto(server.url, headers, photo);
    const found = await call<{ list: { id: number }[] }>('image_search', { url });
    if (found.list[0]?.id === product.id) break;
    if (Date.now() > deadline) throw new Error(`${site}: the product's picture was never indexed`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  const path = join(photos, `${site}.jpg`);
  writeFileSync(path, photo);
  return path;
}

/**
 * A conversation to show: the buyer greets customer service and shares a product from its page;
 * customer service answers from the console, in a browser of its own.
 */
async function seedChat(browser: Awaited<ReturnType<typeof launchBrowser>>, server: TestServer) {
  const buyer = await (await browser.newContext({ locale: 'en-US', viewport: SIZES.desktop1440 })).newPage();
  await buyer.goto(`${server.url}/login?site=demo`);
  await buyer.locator('input').first().fill('demo-buyer');
  await buyer.keyboard.press('Enter');
  await buyer.waitForURL((u) => u.pathname === '/home');
  await buyer.goto(`${server.url}/productDisplay`);
  const first = buyer.locator('main a[href^="/productDetails?id="]').first();
  await first.waitFor();
  await buyer.goto(server.url + String(await first.getAttribute('href')));
  await buyer.locator('[data-chat-button]').click();
  const field = buyer.getByRole('dialog').locator('textarea');
  await field.fill('Hello 👋 we are a toy importer in Dubai. Do you have this drone in stock?');
  await field.press('Enter');
  await buyer.getByRole('button', { name: 'Share in chat' }).click();
  await buyer.getByRole('dialog').locator('a[href^="/productDetails"]').waitFor();

  const staff = await (await browser.newContext({ locale: 'en-US', viewport: SIZES.desktop1440 })).newPage();
  await staff.goto(`${server.url}/staff/?site=demo`);
  await staff
    .locator('input[type="email"], input[autocomplete="username"]')
    .first()
    .fill('service@demo.test');
  await staff.locator('input[type="password"]').fill('demo-service');
  await staff.locator('button[type="submit"]').click();
  await staff.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
  const reply = staff.getByRole('textbox', { name: 'Reply' });
  for (const text of [
    'Yes, 200 cartons are ready to ship 👍',
    'The price list and the carton details follow: https://example.com/price-list.pdf',
  ]) {
    await reply.fill(text);
    await reply.press('Enter');
    await buyer.getByText(text.slice(0, 20)).first().waitFor();
  }
  await buyer.context().close();
  await staff.context().close();
}

// SCREENSHOTS_DATA_DIR: a data folder already seeded (the seed draws 1 200 pictures, minutes on a
// busy machine), kept afterwards; without it, a fresh one as before.
const reuse = process.env.SCREENSHOTS_DATA_DIR;
// SCREENSHOTS_PORT: a port of the caller's own for the server (machines shared by several
// people give each a range); a free one otherwise.
const port = process.env.SCREENSHOTS_PORT;
const server = await startServer({ ...(reuse ? { DATA_DIR: reuse } : {}), ...(port ? { PORT: port } : {}) });
const browser = await launchBrowser();
const styleOf = { ...seededStyle };
const photoOf: Partial<Record<Shot['site'], string>> = {};
let chatSeeded = false;
let orderIds: { quote: number; paid: number } | undefined;
try {
  for (const shot of SHOTS.filter((s) => !only?.length || only.some((text) => s.name.includes(text)))) {
    const style = shot.style ?? seededStyle[shot.site];
    if (styleOf[shot.site] !== style) {
      await server.run(`UPDATE websites SET template_style = ${style} WHERE code = '${shot.site}'`);
      styleOf[shot.site] = style;
      // The server serves website settings from memory for 2 s (site.service.ts); wait that out.
      await new Promise((resolve) => setTimeout(resolve, 2100));
    }
    const context = await browser.newContext({ viewport: SIZES[shot.size], locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/login?site=${shot.site}`);
    await page.evaluate((code) => {
      const lang = { 11201002: 'en-US', 11201001: 'zh-CN', 11201005: 'ar-SA' }[code];
      localStorage.setItem('vitrine.lang', String(code));
      if (lang) localStorage.setItem('vitrine.locale', lang);
    }, LANG[shot.lang]);
    await page.reload();
    if (shot.code) {
      await page.locator('input').first().fill(shot.code);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    }
    if (shot.prepare)
      await shot.prepare(server, await sessionHeaders(server.url, shot.site, shot.code ?? ''));
    if (shot.imageSearch) {
      photoOf[shot.site] ??= await photoOfFirstProduct(server, shot.site, shot.code ?? '');
      // The search box, and its camera, are on the page on a phone too (issue 21, item 12).
      await page.locator('[data-testid="image-search-open"]:visible').first().click();
      await page.getByTestId('image-search-file').setInputFiles(photoOf[shot.site] as string);
      await page.getByTestId('image-search-crop').waitFor();
      await page.getByTestId('image-search-confirm').click();
      await page.waitForURL((u) => u.pathname === '/proSearch');
      await page.getByTestId('image-search-results').getByRole('article').first().waitFor();
    } else if (shot.orders) {
      orderIds ??= await demoOrders(server.url, shot.site, shot.code ?? '');
      const path = shot.path
        .replace('{quote}', String(orderIds.quote))
        .replace('{order}', String(orderIds.paid));
      await page.goto(server.url + path);
      // The page's own messages and data are in when its heading and first list or panel are.
      await page.locator('main h1').filter({ hasText: /\S/ }).waitFor();
      await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached' });
    } else if (shot.path.includes('{facts}'))
      await page.goto(server.url + shot.path.replace('{facts}', String(factsId)));
    else if (!page.url().includes(shot.path.split('?')[0] ?? '')) await page.goto(server.url + shot.path);
    if (shot.chat) {
      if (!chatSeeded) await seedChat(browser, server);
      chatSeeded = true;
      await page.locator('[data-chat-button]').click();
      // History comes a second after opening.
      await page.getByRole('dialog').locator('a[href^="/productDetails"]').first().waitFor();
      await page
        .getByRole('dialog')
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.decode());
    }
    await page.waitForLoadState('networkidle');
    if (shot.act) await shot.act(page);
    if (shot.element)
      await page
        .locator(shot.element)
        .first()
        .screenshot({ path: join(out, `${shot.name}.png`) });
    else await page.screenshot({ path: join(out, `${shot.name}.png`) });
    await context.close();
    console.log(`docs/screenshots/${shot.name}.png`);
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(photos, { recursive: true, force: true });
}

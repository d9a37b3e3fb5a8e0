/**
 * Screenshots of the exporter's console for docs/screenshots: login, inbox, a sample list,
 * buyers, access codes, applications, settings (with the preview), staff, the audit log and the
 * customer chat (run scripts/screenshots.ts chat first for a conversation), in
 * Chinese and English, at desktop (1440×900) and tablet (1024×768) sizes, as the demo's owner.
 * Also checks, without saving pictures, that no page scrolls sideways at 1024×768 and 768×1024,
 * and prints what does.
 *
 * Against a running built server (its first start seeds the demo):
 *   npm run build
 *   PORT=8131 DATA_DIR=$(mktemp -d) node apps/server/dist/main.js &
 *   node --import tsx scripts/console-screenshots.ts http://localhost:8131 [name filter]
 * Not part of the test suite. Opening a sample list marks it seen, as a staff member would.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';

const base = (process.argv[2] ?? 'http://localhost:8131').replace(/\/$/, '');
const only = process.argv[3];
const out = join(import.meta.dirname, '..', 'docs', 'screenshots');
mkdirSync(out, { recursive: true });

const OWNER = { email: 'owner@demo.test', password: 'demo-owner' };
const LOCALES = { zh: 'zh-CN', en: 'en-US' } as const;
const SIZES = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 1024, height: 768 },
} as const;
const PORTRAIT = { width: 768, height: 1024 };

type Lang = keyof typeof LOCALES;
type Size = keyof typeof SIZES;

/** The console's pages after login, in the order shot (the inbox before a list is opened). */
const PAGES: { name: string; open(page: Page): Promise<void> }[] = [
  { name: 'inbox', open: (page) => go(page, '/inbox') },
  {
    name: 'sample',
    async open(page) {
      await go(page, '/inbox');
      await page.locator('table a[href*="/inbox/"]').first().click();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await settle(page);
    },
  },
  { name: 'buyers', open: (page) => go(page, '/buyers') },
  { name: 'codes', open: (page) => go(page, '/codes') },
  { name: 'applications', open: (page) => go(page, '/applications') },
  { name: 'settings', open: (page) => go(page, '/settings') },
  { name: 'staff', open: (page) => go(page, '/team') },
  { name: 'audit', open: (page) => go(page, '/audit') },
  {
    // The customer chat with the newest conversation open, the buyer's cart beside it.
    name: 'chat',
    async open(page) {
      await go(page, '/chat');
      await page.locator('main ul button').first().click();
      await page.locator('main ol li').first().waitFor();
      await settle(page);
    },
  },
];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root'), undefined, {
    timeout: 15_000,
  });
  await page.evaluate(() => document.fonts.ready);
  // Toasts ("Welcome, …") would cover the page's corner: dismissed as a person would.
  for (const close of await page.locator('.mantine-Notification-root button').all())
    await close.click().catch(() => {});
  await page.waitForTimeout(400);
}

async function go(page: Page, path: string) {
  await page.goto(`${base}/staff${path}`);
  await page.locator('main h2').first().waitFor();
  await settle(page);
}

/** What sticks out sideways: the page itself, and any table wider than its box. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(`page ${root.scrollWidth} px wide in ${root.clientWidth} px`);
    document.querySelectorAll('main table').forEach((table, i) => {
      const box = table.closest('.mantine-Paper-root');
      if (!box) return;
      const [t, b] = [table.getBoundingClientRect(), box.getBoundingClientRect()];
      if (t.width > b.width + 1)
        problems.push(`table ${i + 1}: ${Math.round(t.width)} px in ${Math.round(b.width)} px`);
    });
    return problems;
  });
}

async function login(page: Page) {
  await page.goto(`${base}/staff/?site=demo`);
  await page.locator('input[type="password"]').waitFor();
}

async function signIn(page: Page) {
  await page.locator('input[type="email"], input[autocomplete="username"]').first().fill(OWNER.email);
  await page.locator('input[type="password"]').fill(OWNER.password);
  await page.locator('button[type="submit"]').click();
  await page.locator('main h2').first().waitFor();
  await settle(page);
}

const wanted = (name: string) => !only || name.includes(only);

async function shootSet(browser: Browser, lang: Lang, size: Size) {
  const context = await browser.newContext({ locale: LOCALES[lang], viewport: SIZES[size] });
  const page = await context.newPage();
  const file = (name: string) => join(out, `console-${name}-${lang}-${size}.png`);
  await login(page);
  await settle(page);
  if (wanted(`login-${lang}-${size}`)) await page.screenshot({ path: file('login') });
  await signIn(page);
  for (const p of PAGES) {
    const name = `${p.name}-${lang}-${size}`;
    if (!wanted(name)) continue;
    await p.open(page);
    if (size === 'tablet') for (const problem of await overflow(page)) console.warn(`${name}: ${problem}`);
    await page.screenshot({ path: file(p.name) });
    console.log(`console-${name}.png`);
  }
  await context.close();
}

/** Portrait tablet: no pictures, only what scrolls sideways. */
async function checkPortrait(browser: Browser) {
  const context = await browser.newContext({ locale: 'en-US', viewport: PORTRAIT });
  const page = await context.newPage();
  await login(page);
  await signIn(page);
  for (const p of PAGES) {
    await p.open(page);
    for (const problem of await overflow(page)) console.warn(`${p.name} at 768×1024: ${problem}`);
  }
  await context.close();
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const lang of Object.keys(LOCALES) as Lang[])
    for (const size of Object.keys(SIZES) as Size[]) await shootSet(browser, lang, size);
  if (!only) await checkPortrait(browser);
} finally {
  await browser.close();
}

/**
 * Screenshots of the exporter's console for docs/screenshots: login, inbox, a sample list, the
 * quotation editor (a draft, made from a buyer's sample list when the demo has none), the orders
 * list and an order (one with a voucher to check when there is one), the products list and a
 * product's editor (whole page), categories, banners, news, showrooms and a booth (with their
 * editors), the buyer regions and a region's hot ranking, the factories and a factory's editor,
 * the factory inspections with one's editor, the about-us editor, the analytics (whole page),
 * buyers, access codes,
 * applications, settings (with the preview), staff, the audit log and the customer chat (run
 * scripts/screenshots.ts chat first for a conversation), in
 * Chinese and English, at desktop (1440×900) and tablet (1024×768) sizes, as the demo's owner.
 * Also checks that no page scrolls sideways at 1024×768 and 768×1024, and prints what does; at
 * 768×1024 it shoots the pages whose tables stack as cards there (decision 0072).
 *
 * Against a running built server (its first start seeds the demo):
 *   npm run build
 *   PORT=8131 DATA_DIR=$(mktemp -d) node apps/server/dist/main.js &
 *   node --import tsx scripts/console-screenshots.ts http://localhost:8131 [name filter]
 * Not part of the test suite. Opening a sample list marks it seen, as a staff member would.
 * When the demo has no orders yet, the script first makes two through the API as people would:
 * the demo buyer submits two sample lists; sales quote both, sending one, which the buyer
 * confirms and pays the deposit of with a voucher; the other stays a draft for the editor.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import sharp from 'sharp';

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
const PAGES: { name: string; fullPage?: boolean; open(page: Page): Promise<void> }[] = [
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
  {
    name: 'quotation',
    async open(page) {
      // A draft to edit: the demo's own, or one made from the first buyer's sample list.
      if (!(await openFirst(page, '/orders?view=quotations&status=draft'))) {
        await go(page, '/inbox');
        for (const link of await page.locator('table a[href*="/inbox/"]').all()) {
          await link.click();
          const make = page.locator('main button:not([disabled])', {
            hasText: /Make a quotation|制作报价单/,
          });
          await page.getByRole('heading', { level: 2 }).first().waitFor();
          if (await make.count()) {
            await make.click();
            break;
          }
          await page.goBack();
        }
      }
      await page.locator('[data-testid="grand-total"]').waitFor();
      await settle(page);
    },
  },
  { name: 'orders', open: (page) => go(page, '/orders') },
  {
    name: 'order',
    async open(page) {
      // An order past confirmation, a voucher waiting if there is one.
      if (!(await openFirst(page, '/orders?view=vouchers'))) await openFirst(page, '/orders?view=orders');
      await page.locator('[data-testid="order-status"]').waitFor();
      await settle(page);
    },
  },
  { name: 'products', open: (page) => go(page, '/products') },
  {
    // The editor of a product missing some names, whole (the 16-language grid is below the fold).
    name: 'product',
    fullPage: true,
    async open(page) {
      await go(page, '/products?missing=ar');
      await page.locator('table a[href*="/products/"]').first().click();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.locator('main input[lang="ar"]').first().waitFor();
      await settle(page);
    },
  },
  {
    // The editor's ordering facts (decision 0059): the most recently saved product (run
    // scripts/screenshots.ts facts first, or save one with price breaks), scrolled to the section.
    name: 'product-facts',
    async open(page) {
      await go(page, '/products');
      await page.locator('table a[href*="/products/"]').first().click();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      const section = page.getByRole('heading', { level: 3, name: /Ordering facts|订购信息/ });
      await section.waitFor();
      // The whole section in the middle of the screen (its top would go under the sticky header).
      await section.evaluate((el) => (el.parentElement ?? el).scrollIntoView({ block: 'center' }));
      await settle(page);
    },
  },
  // Issue 18 item 3: the showroom's content (decision 0057).
  { name: 'categories', open: (page) => go(page, '/categories') },
  {
    // A category's editor: its 16 names, Arabic and Hebrew right to left.
    name: 'category',
    async open(page) {
      await go(page, '/categories');
      await page
        .locator('main table button', { hasText: /^(Edit|编辑)$/ })
        .nth(1)
        .click();
      await page.locator('[role="dialog"] input[lang="ar"]').waitFor();
      await settle(page);
    },
  },
  { name: 'banners', open: (page) => go(page, '/banners') },
  {
    name: 'banner',
    async open(page) {
      await go(page, '/banners');
      await page
        .locator('main table button', { hasText: /^(Edit|编辑)$/ })
        .first()
        .click();
      await page.locator('[role="dialog"] input[lang="ar"]').waitFor();
      await settle(page);
    },
  },
  { name: 'news', open: (page) => go(page, '/news') },
  { name: 'showrooms', open: (page) => go(page, '/showrooms') },
  {
    name: 'booth',
    async open(page) {
      await go(page, '/showrooms');
      await page
        .locator('main table button', { hasText: /^(Edit|编辑)$/ })
        .first()
        .click();
      await page.locator('[role="dialog"] table').waitFor();
      await settle(page);
    },
  },
  { name: 'certificates', open: (page) => go(page, '/certificates') },
  {
    // The inspections' tab and one's editor: the factory, the dates and the pictures in order.
    name: 'inspection',
    async open(page) {
      await go(page, '/certificates');
      await page.getByRole('tab', { name: /^(Factory inspections|验厂资质)$/ }).click();
      await page
        .locator('main table button', { hasText: /^(Edit|编辑)$/ })
        .first()
        .click();
      await page.locator('[role="dialog"] input[type="date"]').first().waitFor();
      await settle(page);
    },
  },
  { name: 'about', open: (page) => go(page, '/aboutUs') },
  { name: 'hot-areas', open: (page) => go(page, '/hotAreas') },
  {
    // A buyer region's hot ranking, in the order its buyers see it.
    name: 'hot-ranking',
    async open(page) {
      await go(page, '/hotAreas');
      await page
        .locator('main table button', { hasText: /^(Ranking|排名)$/ })
        .first()
        .click();
      await page.locator('[role="dialog"] table').waitFor();
      await settle(page);
    },
  },
  { name: 'factories', open: (page) => go(page, '/factories') },
  {
    name: 'factory',
    async open(page) {
      await go(page, '/factories');
      await page
        .locator('main table button', { hasText: /^(Edit|编辑)$/ })
        .first()
        .click();
      await page.locator('[role="dialog"] input').first().waitFor();
      await settle(page);
    },
  },
  {
    // An import after its run: the bar at done, the counts, the rows' and the files' problems.
    name: 'import',
    fullPage: true,
    async open(page) {
      await go(page, `/import?job=${imports.done}`);
      await page.getByTestId('import-progress').waitFor();
      await settle(page);
    },
  },
  {
    // An import after its dry run: what would be created or updated, and what is refused.
    name: 'import-plan',
    fullPage: true,
    async open(page) {
      await go(page, `/import?job=${imports.checked}`);
      await page.locator('main table').first().waitFor();
      await settle(page);
    },
  },
  { name: 'buyers', open: (page) => go(page, '/buyers') },
  { name: 'codes', open: (page) => go(page, '/codes') },
  { name: 'applications', open: (page) => go(page, '/applications') },
  { name: 'settings', open: (page) => go(page, '/settings') },
  { name: 'staff', open: (page) => go(page, '/team') },
  { name: 'audit', open: (page) => go(page, '/audit') },
  // --- issue 18 (analytics) ---
  {
    // The last 30 days of the demo's seeded interest, whole (the tables run below the chart).
    name: 'analytics',
    fullPage: true,
    async open(page) {
      await go(page, '/analytics');
      await page.locator('main svg[role="img"]').waitFor();
      await settle(page);
    },
  },
  // --- end issue 18 (analytics) ---
  {
    // The customer chat with the newest conversation open, the buyer's cart beside it.
    name: 'chat',
    async open(page) {
      await go(page, '/chat');
      // Without a conversation (scripts/screenshots.ts chat not run), the inbox's empty state.
      const first = page.locator('main ul button').first();
      if (
        await first.waitFor({ timeout: 5000 }).then(
          () => true,
          () => false,
        )
      ) {
        await first.click();
        await page.locator('main ol li').first().waitFor();
      }
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

/** Opens the first order of a filtered list; false when the list is empty. */
async function openFirst(page: Page, path: string): Promise<boolean> {
  await go(page, path);
  const link = page.locator('table a[href*="/orders/"]').first();
  if (!(await link.count())) return false;
  await link.click();
  await page.getByRole('heading', { level: 2 }).first().waitFor();
  return true;
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

async function api<T>(name: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; tip: string };
  if (json.code !== 0) throw new Error(`${name}: ${json.code} ${json.tip}`);
  return json.data;
}

/** A draft quotation and an order whose deposit voucher waits, unless the demo has orders already. */
async function ensureOrders() {
  const site = await api<{ id: number }>('get_website_info', { site: 'demo' });
  const websiteId = { 'website-id': String(site.id) };
  const staff = await api<{ token: string }>('staff_login', { ...OWNER }, websiteId);
  const asStaff = { ...websiteId, authorization: `Bearer ${staff.token}` };
  const existing = await api<{ total: number }>('staff_list_orders', { view: 'orders' }, asStaff);
  if (existing.total > 0) return;
  const buyer = await api<{ token: string }>('login', { website_id: site.id, code: 'demo-buyer' });
  const asBuyer = { ...websiteId, authorization: `Bearer ${buyer.token}` };
  const products = await api<{ list: { id: number; is_expire: number }[] }>(
    'get_list',
    { page_size: 40 },
    asBuyer,
  );
  const ids = products.list.filter((p) => !p.is_expire).map((p) => p.id);
  const quote = async (lines: number[], n: number) => {
    const sample = await api<{ number: string }>(
      'add_choose',
      {
        company_name: 'Nordic Toys AB',
        contact: 'Freja Lind',
        phone: '+46 8 123 456',
        email: 'freja@nordictoys.example',
        remark: 'Spring catalogue',
        lines: lines.map((id, i) => ({ id, ctn: 2 + (i % 4) })),
        idempotency_key: `screenshots-${Date.now()}-${n}`,
      },
      asBuyer,
    );
    const found = await api<{ list: { id: number; number: string }[] }>(
      'staff_list_samples',
      { search: sample.number },
      asStaff,
    );
    const sampleId = found.list.find((x) => x.number === sample.number)?.id;
    const made = await api<{ order: { id: number } }>(
      'staff_create_quotation',
      { sample_id: sampleId },
      asStaff,
    );
    await api(
      'staff_update_quotation',
      {
        id: made.order.id,
        deposit_percent: 30,
        account_info:
          'Beneficiary: Starlight Toys Import & Export Co., Ltd.\nBank of China, Shantou Branch\nAccount 6222 0000 1111 2222 · SWIFT BKCHCNBJ',
        remark: 'Prices valid for 30 days; cartons as in the sample list.',
      },
      asStaff,
    );
    return made.order.id;
  };
  const ordered = await quote(ids.slice(0, 8), 1);
  await api('staff_advance_order', { id: ordered, event: 'send' }, asStaff);
  await api(
    'update_confirm_order',
    { id: ordered, action: 'confirm_order', idempotency_key: `screenshots-${Date.now()}-confirm` },
    asBuyer,
  );
  const picture = await sharp({
    create: { width: 900, height: 1200, channels: 3, background: { r: 245, g: 246, b: 250 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="1200"><rect x="60" y="60" width="780" height="140" fill="#c8102e"/>' +
            '<text x="100" y="150" font-size="56" fill="#fff" font-family="sans-serif">BANK TRANSFER</text>' +
            '<text x="100" y="340" font-size="40" font-family="sans-serif">Amount: USD (deposit)</text>' +
            '<text x="100" y="420" font-size="40" font-family="sans-serif">To: Starlight Toys</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const auth = await api<{ upload: { url: string; fields: Record<string, string> }; file_url: string }>(
    'get_temp_auth',
    { purpose: 'voucher', content_type: 'image/png' },
    asBuyer,
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(auth.upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'transfer.png');
  await fetch(new URL(auth.upload.url, base), { method: 'POST', body: form });
  await api(
    'submit_order_voucher',
    {
      id: ordered,
      part: 'deposit',
      url: auth.file_url,
      idempotency_key: `screenshots-${Date.now()}-voucher`,
    },
    asBuyer,
  );
  await quote(ids.slice(8, 30), 2);
}

/**
 * Products still to translate, as a real catalogue has: unless some already lack a name, the
 * Arabic, Hebrew and Filipino names of the two most recently saved products are cleared (as staff,
 * through the API), so the list's language column and the editor's grid show what is missing.
 */
async function ensureMissingNames() {
  const site = await api<{ id: number }>('get_website_info', { site: 'demo' });
  const websiteId = { 'website-id': String(site.id) };
  const staff = await api<{ token: string }>('staff_login', { ...OWNER }, websiteId);
  const asStaff = { ...websiteId, authorization: `Bearer ${staff.token}` };
  const missing = await api<{ total: number }>('staff_list_products', { missing_language: 'ar' }, asStaff);
  if (missing.total > 0) return;
  const latest = await api<{ list: { id: number }[] }>('staff_list_products', { page_size: 2 }, asStaff);
  for (const { id } of latest.list) {
    const p = await api<Record<string, unknown> & { names: Record<string, string>; updated_at: number }>(
      'staff_get_product',
      { id },
      asStaff,
    );
    const {
      id: _id,
      pictures: _p,
      money_unit: _m,
      price_exponent: _e,
      created_at: _c,
      updated_at,
      taken_off_at: _t,
      ...fields
    } = p;
    await api(
      'staff_save_product',
      { id, updated_at, product: { ...fields, names: { ...p.names, ar: '', he: '', fil: '' } } },
      asStaff,
    );
  }
}

/** Two imports of the demo (made once, through the API as the console does): one run, one checked. */
const imports = { done: 0, checked: 0 };
async function ensureImports() {
  const site = await api<{ id: number }>('get_website_info', { site: 'demo' });
  const websiteId = { 'website-id': String(site.id) };
  const staff = await api<{ token: string }>('staff_login', { ...OWNER }, websiteId);
  const asStaff = { ...websiteId, authorization: `Bearer ${staff.token}` };
  const upload = async (type: string, bytes: Buffer) => {
    const auth = await api<{ upload: { url: string; fields: Record<string, string> }; file_url: string }>(
      'staff_get_import_upload_credential',
      { content_type: type },
      asStaff,
    );
    const form = new FormData();
    for (const [k, v] of Object.entries(auth.upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'file');
    const r = await fetch(new URL(auth.upload.url, base), { method: 'POST', body: form });
    if (!r.ok) throw new Error(`upload: ${r.status}`);
    return auth.file_url;
  };
  const picture = (hue: number) =>
    sharp({ create: { width: 400, height: 400, channels: 3, background: `hsl(${hue}, 60%, 55%)` } })
      .jpeg()
      .toBuffer();
  const csv = [
    'Item No.,English Name,品名,Unit Price,Qty/Ctn,G.W.,N.W.,Photos',
    ...Array.from(
      { length: 24 },
      (_, i) =>
        `SHOT-${101 + i},Wind-up robot ${i + 1},发条机器人${i + 1},${(4.2 + i / 10).toFixed(2)},24,8.5,7.1,`,
    ),
    ',,,,,,,',
    'SHOT-140,Tin drum,铁皮鼓,twelve,24,8.5,7.1,',
    'SHOT-141,,,3.10,24,8.5,7.1,',
    'SHOT-142,Spinning top,陀螺,2.80,24,6.0,7.5,',
    'SHOT-143,Yo-yo,悠悠球,1.20,abc,1,0.8,SHOT-143.jpg',
    'SHOT-101,Wind-up robot again,发条机器人,4.20,24,8.5,7.1,',
  ].join('\n');
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (let i = 0; i < 6; i++) zip.file(`SHOT-${101 + i}.jpg`, await picture(i * 50));
  zip.file('SHOT-143.jpg', 'not a picture at all');
  zip.file('../../etc/x.jpg', await picture(300));
  zip.file('spare-photo.jpg', await picture(200));
  const zipBytes = await zip.generateAsync({ type: 'nodebuffer' });
  const make = async () => {
    const job = await api<{ id: number; mapping: Record<string, number> }>(
      'staff_create_import',
      {
        sheet_url: await upload('text/csv', Buffer.from(csv)),
        zip_urls: [await upload('application/zip', zipBytes)],
        file_name: 'factory-price-list.csv',
      },
      asStaff,
    );
    await api('staff_check_import', { id: job.id, mapping: job.mapping }, asStaff);
    return job.id;
  };
  imports.done = await make();
  await api('staff_run_import', { id: imports.done }, asStaff);
  for (let i = 0; i < 120; i++) {
    const r = await api<{ job: { status: string } }>('staff_get_import', { id: imports.done }, asStaff);
    if (r.job.status === 'done') break;
    await new Promise((res) => setTimeout(res, 1000));
  }
  imports.checked = await make();
}

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
    await page.screenshot({ path: file(p.name), fullPage: p.fullPage ?? false });
    console.log(`console-${name}.png`);
  }
  await context.close();
}

/** The pages whose tables stack as cards on a portrait tablet (decision 0072), shot there too. */
const STACKED = new Set(['quotation', 'order', 'banners', 'news', 'certificates', 'factories']);

/**
 * Portrait tablet, in English and Chinese: what scrolls sideways, and pictures of the pages whose
 * tables stack as cards (`console-<page>-<lang>-portrait.png`).
 */
async function checkPortrait(browser: Browser, lang: Lang) {
  const context = await browser.newContext({ locale: LOCALES[lang], viewport: PORTRAIT });
  const page = await context.newPage();
  await login(page);
  await signIn(page);
  for (const p of PAGES) {
    const name = `${p.name}-${lang}-portrait`;
    if (!wanted(name)) continue;
    await p.open(page);
    for (const problem of await overflow(page)) console.warn(`${p.name} at 768×1024: ${problem}`);
    if (STACKED.has(p.name)) {
      await page.screenshot({ path: join(out, `console-${name}.png`), fullPage: true });
      console.log(`console-${name}.png`);
    }
  }
  await context.close();
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await ensureOrders();
  await ensureMissingNames();
  await ensureImports();
  for (const lang of Object.keys(LOCALES) as Lang[])
    for (const size of Object.keys(SIZES) as Size[]) await shootSet(browser, lang, size);
  for (const lang of Object.keys(LOCALES) as Lang[]) await checkPortrait(browser, lang);
} finally {
  await browser.close();
}

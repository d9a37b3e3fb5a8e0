/**
 * JavaScript a buyer's browser downloads for the first page, gzip-compressed, against the
 * 170 kB budget (ARCHITECTURE.md section 7): the login page of a fresh visitor, and /home
 * opened with a stored session. Measured in Debian's chromium on the production build
 * (run `npm run build` first; this script builds when apps/web/dist is missing).
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { startServer } from '../e2e/server';
import { ensureBuilt } from './support/build';

const BUDGET_KB = 170;
ensureBuilt();

// `--data DIR`: a data folder the server has already seeded, so a loaded machine's slow first
// start (the demo's pictures) does not run past the start timeout.
const dataAt = process.argv.indexOf('--data');
const dataDir = dataAt >= 0 ? process.argv[dataAt + 1] : undefined;
const server = await startServer(dataDir ? { DATA_DIR: dataDir } : {});
const browser = await launchBrowser();

/**
 * `ready` names an element of the finished page: 'networkidle' alone can fire in the pause while
 * the app starts, before the page's own chunks are asked for, and under-count.
 */
async function measure(context: BrowserContext, path: string, ready: string) {
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.set(new URL(res.url()).pathname, gzipSync(body).length);
  });
  await page.goto(server.url + path, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  // The head script and the entry's starter travel inside the HTML: JavaScript all the same.
  const inline = await page.evaluate(() =>
    [...document.scripts].filter((s) => !s.src).map((s) => s.textContent ?? ''),
  );
  if (inline.length > 0) scripts.set('(inline in the HTML)', gzipSync(inline.join('\n')).length);
  const finalPath = new URL(page.url()).pathname;
  await page.close();
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { finalPath, scripts, total };
}

function report(name: string, r: Awaited<ReturnType<typeof measure>>) {
  console.log(`\n${name} (ended on ${r.finalPath})`);
  for (const [file, size] of [...r.scripts].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
  }
  const kb = r.total / 1024;
  // The exporter's console is an app of its own under /staff/: none of it reaches a buyer.
  const consoleFiles = [...r.scripts.keys()].filter((f) => f.startsWith('/staff/')).length;
  console.log(`  console (/staff/) scripts loaded: ${consoleFiles}`);
  console.log(
    `  total ${kb.toFixed(1)} kB gzip; budget ${BUDGET_KB} kB; ratio ${(kb / BUDGET_KB).toFixed(2)} (${kb <= BUDGET_KB ? 'within' : 'OVER'} budget)`,
  );
}

try {
  const login = await measure(await browser.newContext(), '/login?site=demo', 'main input');
  report('First visit: /login?site=demo', login);

  // A returning visitor: the session the login page would have stored, then a fresh load of /home.
  const post = async (name: string, body: unknown, headers: Record<string, string> = {}) =>
    (await (
      await fetch(`${server.url}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    ).json()) as {
      data: { id: number; token: string; site: unknown; user: unknown };
    };
  const info = await post('get_website_info', { site: 'demo' });
  const session = await post('login', { website_id: info.data.id, code: 'demo-visitor' });
  const context = await browser.newContext();
  await context.addInitScript((s) => {
    localStorage.setItem('vitrine.site', JSON.stringify(s.site));
    localStorage.setItem('vitrine.token', s.token);
    localStorage.setItem('vitrine.user', JSON.stringify(s.user));
  }, session.data);
  report('Returning visitor: /home', await measure(context, '/home', 'main h1'));
} finally {
  await browser.close();
  await server.stop();
}

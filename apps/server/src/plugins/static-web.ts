import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pagePolicy } from './security-headers';

// A precompressed copy (.br, .gz) of a hashed file is as immutable as the file.
const HASHED = /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|jpe?g|webp|svg|glb)(\.br|\.gz)?$/;

/** What the web build lists for a first page (apps/web/vite.config.ts, first-pages.json). */
interface FirstPage {
  scripts: string[];
  styles: string[];
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const attribute = (value: string) => value.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

/** Paths compare as the web app's router matches them: letter case and a trailing slash do not matter. */
const pageKey = (path: string) => (path.replace(/\/+$/, '') || '/').toLowerCase();

/** The build's list of first pages, keyed by pageKey; empty when missing or unreadable. */
export function parseFirstPages(json: string): Map<string, FirstPage> {
  const pages = new Map<string, FirstPage>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return pages;
  }
  if (typeof parsed !== 'object' || parsed === null) return pages;
  const files = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string' && f.startsWith('/pc/')) : [];
  for (const [path, page] of Object.entries(
    parsed as Record<string, { scripts?: unknown; styles?: unknown }>,
  )) {
    pages.set(pageKey(path), { scripts: files(page?.scripts), styles: files(page?.styles) });
  }
  return pages;
}

/**
 * The app's HTML for `path`: on a first page, the route's chunks and styles are announced in the
 * head, so the browser fetches them beside the entry script rather than once it has run. The
 * announcement depends on the path alone, never on the website or the visitor, so the same
 * HTML may be served to every showroom.
 */
export function htmlFor(indexHtml: string, pages: Map<string, FirstPage>, path: string): string {
  const page = pages.get(pageKey(path));
  if (!page || !indexHtml.includes('</head>')) return indexHtml;
  const links = [
    ...page.scripts.map((f) => `<link rel="modulepreload" crossorigin href="${attribute(f)}">`),
    ...page.styles.map((f) => `<link rel="preload" as="style" crossorigin href="${attribute(f)}">`),
  ];
  if (links.length === 0) return indexHtml;
  return indexHtml.replace('</head>', `${links.join('\n    ')}\n  </head>`);
}

/**
 * Serves the built web app: assets under /pc/ (hashed files cached for a year), and the app's
 * HTML for every other GET that is not the API or a file, so /home, /login, … load the app.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webRoot: string,
  options: StaticOptions = {},
): Promise<void> {
  const indexFile = join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webRoot }, 'web app not built: only the API is served (run npm run build)');
    return;
  }

  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/pc/',
    decorateReply: false,
    index: false,
    wildcard: true,
    // The web build writes .br and .gz beside each script and stylesheet (vite.config.ts).
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  const firstPagesFile = join(webRoot, 'first-pages.json');
  const policy = policyOf(options.fileOrigins ?? []);
  // Read on each navigation (small files), so a rebuild of the web app is served without a restart.
  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    const [html, firstPages] = await Promise.all([
      readFile(indexFile, 'utf8'),
      readFile(firstPagesFile, 'utf8').catch(() => '{}'),
    ]);
    const path = request.url.split('?')[0] ?? '/';
    return (
      reply
        .header('cache-control', 'no-cache')
        // The head scripts are allowed by their hashes (decision 0032); the preload links added below are not scripts.
        .header('content-security-policy', policy(html))
        .type('text/html; charset=utf-8')
        .send(htmlFor(html, parseFirstPages(firstPages), path))
    );
  };

  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain').send('Not found');
  app.get('/', sendApp);
  // A route (not a not-found handler) so that compression applies to the app's HTML.
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing asset or file is a real 404, never the app's HTML (which would break as script);
    // the console's pages are never the buyer app's, whether or not the console is built.
    if (
      path.startsWith('/pc/') ||
      path.startsWith('/files/') ||
      isConsolePath(path) ||
      /\.[a-z0-9]{2,5}$/i.test(path)
    )
      return notFound(reply);
    return sendApp(request, reply);
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
}

/** The page policy of an HTML file, computed again only when the file changed (a rebuild). */
function policyOf(fileOrigins: readonly string[]): (html: string) => string {
  let last = { html: '', policy: pagePolicy('', fileOrigins) };
  return (html) => {
    if (html !== last.html) last = { html, policy: pagePolicy(html, fileOrigins) };
    return last.policy;
  };
}

export interface StaticOptions {
  /** Where files are read and uploaded when they live in object storage (the page policy allows them). */
  fileOrigins?: readonly string[];
}

/** /staff and everything under it belongs to the exporter's console (apps/staff). */
const isConsolePath = (path: string) => path === '/staff' || path.startsWith('/staff/');

/**
 * Serves the exporter's console (apps/staff/dist) under /staff/: its hashed assets cached for a
 * year, and its HTML, never cached, for /staff/ and every page path under it (the console's
 * router has its routes there). Registered before the buyer app, whose catch-all never answers
 * under /staff/.
 */
export async function registerStaticStaff(
  app: FastifyInstance,
  staffRoot: string,
  options: StaticOptions = {},
): Promise<void> {
  const indexFile = join(staffRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ staffRoot }, 'staff console not built: /staff/ is not served (run npm run build)');
    return;
  }

  await app.register(fastifyStatic, {
    root: join(staffRoot, 'assets'),
    prefix: '/staff/assets/',
    decorateReply: false,
    index: false,
    wildcard: true,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  const policy = policyOf(options.fileOrigins ?? []);
  // Read on each navigation (a small file), so a rebuild is served without a restart.
  const sendConsole = async (_request: FastifyRequest, reply: FastifyReply) => {
    const html = await readFile(indexFile, 'utf8');
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy(html))
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.get('/staff', (request, reply) => {
    const query = request.url.slice('/staff'.length);
    return reply.redirect(`/staff/${query}`);
  });
  app.get('/staff/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing file is a real 404, never the console's HTML.
    if (/\.[a-z0-9]{2,5}$/i.test(path)) return reply.code(404).type('text/plain').send('Not found');
    return sendConsole(request, reply);
  });
}

import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (decision 0032), through @fastify/helmet: nosniff, no framing
 * (frame-ancestors 'none' and X-Frame-Options DENY), Referrer-Policy same-origin, and a
 * Content-Security-Policy. What is not a page (the API, files, pictures) gets a policy that
 * allows nothing; the two apps' HTML gets pagePolicy(), sent by static-web.ts with each page.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Pictures on S3 or a CDN are other origins, which require-corp would block.
    crossOriginEmbedderPolicy: false,
    // Browsers ignore HSTS over plain HTTP; behind TLS it is wanted.
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  });
}

/** The CSP source of an inline script: the base64 SHA-256 of its exact text. */
export const scriptHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The text of every inline <script> (one without src) of an HTML document, in order. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '')) continue;
    scripts.push(m[2] ?? '');
  }
  return scripts;
}

/**
 * The policy of one of the apps' pages. Scripts come from this origin, plus the page's own inline
 * scripts by hash (the web build's head script and start script), never 'unsafe-inline'. Styles
 * keep 'unsafe-inline': Mantine and the theme write <style> elements at run time, and a style
 * cannot run code. `fileOrigins` are where pictures are read and uploads sent when files live in
 * object storage (empty on local disk: same origin).
 */
export function pagePolicy(html: string, fileOrigins: readonly string[] = []): string {
  const files = fileOrigins.join(' ');
  const hashes = [...new Set(inlineScripts(html).map(scriptHash))].join(' ');
  const directives = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' compiles WebAssembly only (the 3D viewer's mesh decoder), never JavaScript.
    `script-src 'self' 'wasm-unsafe-eval'${hashes ? ` ${hashes}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // blob: and data: are the buyer's own photo (image search) and the 3D viewer's textures.
    `img-src 'self' data: blob:${files ? ` ${files}` : ''}`,
    `media-src 'self' blob:${files ? ` ${files}` : ''}`,
    `connect-src 'self' data: blob:${files ? ` ${files}` : ''}`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const HASHED = /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|jpe?g|webp|svg|glb)$/;

/**
 * Serves the built web app: assets under /pc/ (hashed files cached for a year), and the app's
 * HTML for every other GET that is not the API or a file, so /home, /login, … load the app.
 */
export async function registerStaticWeb(app: FastifyInstance, webRoot: string): Promise<void> {
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
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  // Read on each navigation (a small file), so a rebuild of the web app is served without a restart.
  const sendApp = async (_req: unknown, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(indexFile));

  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain').send('Not found');
  app.get('/', sendApp);
  // A route (not a not-found handler) so that compression applies to the app's HTML.
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing asset or file is a real 404, never the app's HTML (which would break as script).
    if (path.startsWith('/pc/') || path.startsWith('/files/') || /\.[a-z0-9]{2,5}$/i.test(path))
      return notFound(reply);
    return sendApp(request, reply);
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
}

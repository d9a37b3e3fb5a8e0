import { createServer, request } from 'node:http';

const ROOT = '<div id="root"></div>';

/**
 * A proxy in front of `target` that sends every HTML page in two parts: up to the app's root
 * (padded, so that the browser starts parsing it), then the rest `pauseMs` later. Everything
 * else passes through as it comes.
 */
export async function splitAfterRoot(target: string, pauseMs: number) {
  const upstream = new URL(target);
  const proxy = createServer((req, res) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const { 'content-length': _length, ...headers } = answer.headers;
        const html = String(answer.headers['content-type'] ?? '').startsWith('text/html');
        res.writeHead(answer.statusCode ?? 502, html ? headers : answer.headers);
        if (!html) {
          answer.pipe(res);
          return;
        }
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () => {
          const page = Buffer.concat(parts).toString('utf8');
          const cut = page.indexOf(ROOT);
          if (cut < 0) {
            res.end(page);
            return;
          }
          res.write(page.slice(0, cut + ROOT.length) + ' '.repeat(2048));
          setTimeout(() => res.end(page.slice(cut + ROOT.length)), pauseMs);
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
  const { port } = proxy.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((closed) => {
        proxy.close(() => closed());
        // The browser keeps its connections open; they would hold the close.
        proxy.closeAllConnections();
      }),
  };
}

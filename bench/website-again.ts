/**
 * get_website_again on the real server against a bare Fastify + SQLite handler doing the
 * same reads, measured in the same run on the same machine. Prints requests/s, latency
 * and the ratio (budget: the API holds at least 0.6 of the baseline's requests/s).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = 10;

async function start(
  script: string,
  args: string[] = [],
): Promise<{ child: ChildProcess; info: { port: number; dir?: string } }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'servers', script), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (!child.stdout) throw new Error('no stdout');
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  return { child, info: JSON.parse(line) };
}

async function post(port: number, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: { id: number; token: string } };
}

function load(port: number, headers: Record<string, string>) {
  return autocannon({
    url: `http://127.0.0.1:${port}/api/get_website_again`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
    connections: CONNECTIONS,
    duration: SECONDS,
  });
}

const vitrine = await start('vitrine.ts');
const site = await post(vitrine.info.port, '/api/get_website_info', { site: 'demo' });
const login = await post(vitrine.info.port, '/api/login', { website_id: site.data.id, code: 'demo-buyer' });
const headers = { 'website-id': String(site.data.id), authorization: `Bearer ${login.data.token}` };
const check = await post(vitrine.info.port, '/api/get_website_again', {}, headers);
if (check.code !== 0) throw new Error(`get_website_again failed: ${JSON.stringify(check)}`);

const bare = await start('bare.ts', [join(vitrine.info.dir ?? '', 'bench.sqlite')]);
const bareCheck = await post(bare.info.port, '/api/get_website_again', {}, headers);
if (bareCheck.code !== 0) throw new Error('baseline did not find the session');

// Warm both up, then measure alternately so neither gets a cooler machine.
await load(bare.info.port, headers);
await load(vitrine.info.port, headers);
const base = await load(bare.info.port, headers);
const api = await load(vitrine.info.port, headers);

vitrine.child.kill();
bare.child.kill();

const row = (name: string, r: autocannon.Result) =>
  `${name.padEnd(36)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${r.errors + r.non2xx}`;
console.log(`get_website_again, ${CONNECTIONS} connections, ${SECONDS} s each`);
console.log(row('bare Fastify + better-sqlite3', base));
console.log(row('Vitrine API', api));
const ratio = api.requests.average / base.requests.average;
console.log(
  `ratio (Vitrine / baseline): ${ratio.toFixed(2)}  (budget >= 0.60: ${ratio >= 0.6 ? 'met' : 'NOT met'})`,
);

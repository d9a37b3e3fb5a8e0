import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');

export interface TestServer {
  url: string;
  /** The server process's id (benches read its threads' CPU time from /proc). */
  pid: number;
  /** What the server has printed so far, line by line (its log, at LOG_LEVEL). */
  readonly output: readonly string[];
  /** Runs one SQL statement on the server's own database (SQLite or PostgreSQL), e.g. to switch a setting. */
  run(statement: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the built server the way `npm start` does, on a free port, a fresh data folder and a
 * database of its own: SQLite in that folder, or, when DATABASE_URL is set (the PostgreSQL pass of
 * CI), a new PostgreSQL database on that server, dropped again by stop(). Journeys running in
 * parallel therefore never see each other's changes.
 * `env` adds or overrides environment variables; a DATA_DIR given there is the caller's to remove
 * (so a server can be started again on the same data).
 */
export async function startServer(
  env: Record<string, string> = {},
  /** Options for node itself, before the script (benches: --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs: readonly string[] = [],
): Promise<TestServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'vitrine-e2e-'));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const name = `vitrine_e2e_${Math.random().toString(16).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const url = await new Promise<string>((ok, fail) => {
    // A fresh data folder is seeded first (1 200 pictures drawn): minutes on a busy machine.
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output.join('')}`)), 600_000);
    if (!child.stdout) throw new Error('no stdout');
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      const m = /Vitrine showroom: (http:\/\/localhost:\d+)/.exec(line);
      if (m?.[1]) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    child.on('exit', (code) => fail(new Error(`server exited (${code}):\n${output.join('\n')}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    output,
    async run(statement) {
      if (databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(statement).finally(() => client.end());
        return;
      }
      const db = new Database(join(dataDir, 'vitrine.sqlite'));
      try {
        db.prepare(statement).run();
      } finally {
        db.close();
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl && databaseUrl) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin
          .query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`)
          .finally(() => admin.end());
      }
    },
  };
}

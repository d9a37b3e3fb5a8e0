// The browser benches measure the built app.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Builds the web app and the server unless both are built. */
export function ensureBuilt(): void {
  const root = join(import.meta.dirname, '../..');
  if (
    existsSync(join(root, 'apps/web/dist/index.html')) &&
    existsSync(join(root, 'apps/server/dist/main.js'))
  ) {
    return;
  }
  execFileSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

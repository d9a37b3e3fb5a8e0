import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Builds the web app and the server once, as `npm start` would, before the browser journeys. */
export default function setup(): void {
  execFileSync('npm', ['run', 'build', '--silent'], {
    cwd: resolve(import.meta.dirname, '..'),
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

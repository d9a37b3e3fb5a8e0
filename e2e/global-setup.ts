import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Builds the web app and the server once, as `npm start` would, before the browser journeys. */
export default function setup(): void {
  try {
    execFileSync('npm', ['run', 'build', '--silent'], {
      cwd: resolve(import.meta.dirname, '..'),
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      // The build's advice (chunk sizes of the lazily loaded 3D viewer, PostCSS) is for
      // `npm run build`, not for a test run: it is shown only when the build fails.
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (e) {
    const stderr = (e as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`the build for the browser journeys failed:\n${stderr}`, { cause: e });
  }
}

import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The buyer's build splits a locale's later pages' messages off as `<lang>.json?late`
 * (apps/web vite.config.ts, decision 0054); tests load that import as the whole locale, which
 * merges to the same messages.
 */
const lateLocalesWhole: Plugin = {
  name: 'vitrine:late-locales-whole',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]packages[\\/]i18n[\\/]locales[\\/][\w-]+\.json\?(?:[^#]*&)?late(?:&|$)/.test(id)) return null;
    return { code: `export default ${code};`, map: null };
  },
};

export default defineConfig({
  plugins: [lateLocalesWhole],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // One app per file on a fresh database; files run in parallel workers.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'packages', root: './packages', environment: 'node', include: ['*/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'web', root: './apps/web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          name: 'staff',
          root: './apps/staff',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          // Whole-console renders load each route's code on demand; slow on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: './e2e',
          environment: 'node',
          include: ['*.e2e.test.ts'],
          // Builds the app once, as `npm start` does; each file then starts its own server.
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page answers a poll through a browser, a server and its debounces: on a busy
          // machine that takes longer than poll's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

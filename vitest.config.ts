import { defineConfig } from 'vitest/config';

export default defineConfig({
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
        },
      },
    ],
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:8080';
const proxy = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/files': { target: API_TARGET, changeOrigin: true },
  '/upload': { target: API_TARGET, changeOrigin: true },
};

/**
 * The exporter's console: a build of its own under /staff/ (its routes too), so nothing of it
 * reaches the buyer app's bundle. Every page is a chunk of its own (router.tsx).
 */
export default defineConfig({
  base: '/staff/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The zod schemas are for the server and the types; the console uses the contract's constants.
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/](contract|i18n)[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});

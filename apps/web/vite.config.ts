import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://localhost:8080';
const BASE = '/pc/';

/**
 * The built assets live under /pc/ but the app's routes sit at the root (/login, /home, …),
 * as the server serves them. In dev, hand every page navigation outside /pc/ the app's HTML.
 */
function appRoutesAtRoot(): Plugin {
  return {
    name: 'vitrine:app-routes-at-root',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        const isPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
        const isOwned = /^\/(pc|api|files|@|node_modules|src)(\/|$)/.test(path) || /\.[a-z0-9]+$/i.test(path);
        if (isPage && !isOwned) req.url = BASE;
        next();
      });
    },
  };
}

export default defineConfig({
  base: BASE,
  plugins: [react(), appRoutesAtRoot()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // The contract's zod schemas are for the server and the types; the browser uses its
      // plain constants only. Its modules have no side effects, so unused ones are dropped.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/](contract|i18n)[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/files': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/files': { target: API_TARGET, changeOrigin: true },
    },
  },
});

import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
// A relative path, so that the config loader bundles this TypeScript source instead of asking
// Node to load it as a package.
import { SERVER_ONLY_GROUPS } from '../../packages/i18n/src/index.ts';
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

/**
 * A locale file also holds the tips the server answers with (SERVER_ONLY_GROUPS); the browser
 * never shows them, and each first load would download them in the active locale.
 */
function webMessagesOnly(): Plugin {
  return {
    name: 'vitrine:web-messages-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]packages[\\/]i18n[\\/]locales[\\/][\w-]+\.json$/.test(id)) return null;
      const serverOnly: readonly string[] = SERVER_ONLY_GROUPS;
      const messages = Object.entries(JSON.parse(code) as Record<string, unknown>);
      const web = Object.fromEntries(messages.filter(([group]) => !serverOnly.includes(group)));
      return { code: JSON.stringify(web), map: null };
    },
  };
}

/**
 * The pages a buyer most often opens the app on, and the modules the router loads for them.
 * The build lists their chunks (with what they import) and styles in first-pages.json; the
 * server announces them in those pages' HTML, so they download beside the entry instead of after
 * it has run (docs/decisions/0020). A module missing from the build fails it.
 * /productDisplay is left out: its page brings some twenty small Mantine chunks, and announcing
 * them all at once delayed the entry script (first paint 0.3 s later) for no gain in its LCP.
 */
const FIRST_PAGES: Record<string, readonly string[]> = {
  '/home': ['src/app/layout/MainLayout.tsx', 'src/features/catalog/routes/HomePage.tsx'],
};

function firstPagePreloads(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'vitrine:first-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const holding = (module: string) =>
        chunks.find((c) => c.moduleIds.some((id) => relative(root, id).replace(/\\/g, '/') === module));
      const pages: Record<string, { scripts: string[]; styles: string[] }> = {};
      for (const [path, modules] of Object.entries(FIRST_PAGES)) {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          // The entry and what it imports are in index.html already.
          if (chunk?.type !== 'chunk' || chunk.isEntry || scripts.has(fileName)) return;
          scripts.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        for (const module of modules) {
          const chunk = holding(module);
          if (!chunk) this.error(`first-pages: no chunk holds ${module}`);
          visit(chunk.fileName);
        }
        pages[path] = {
          scripts: [...scripts].map((f) => BASE + f),
          styles: [...styles].map((f) => BASE + f),
        };
      }
      this.emitFile({ type: 'asset', fileName: 'first-pages.json', source: JSON.stringify(pages, null, 2) });
    },
  };
}

/**
 * react-router's package exports only its development build (warnings on) whatever the mode;
 * the production build beside it is the same code with them off (docs/decisions/0020).
 */
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  /[\\/]development[\\/]/,
  '/production/',
);

export default defineConfig(({ command }) => ({
  base: BASE,
  plugins: [react(), appRoutesAtRoot(), webMessagesOnly(), firstPagePreloads()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for the first page (docs/decisions/0020): what the entry imports
        // goes into it rather than into a dozen shared slivers, and the main layout's modules
        // travel together. The pieces the login page shares with the header get a chunk of
        // their own, so the login page never downloads the layout; modules the layout loads on
        // demand (and what only they use, such as the contact fields) stay out of it.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 3 },
            {
              name: 'common',
              test: /[\\/]src[\\/]components[\\/](LanguageSelect|SelectField|CompanyLogo)\./,
              priority: 2,
            },
            {
              name: 'layout',
              test: /[\\/]src[\\/]app[\\/]layout[\\/](?!MenuDrawer|BareLayout|FooterContacts|contact-links)/,
              priority: 1,
            },
          ],
        },
      },
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
      '/upload': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/files': { target: API_TARGET, changeOrigin: true },
      '/upload': { target: API_TARGET, changeOrigin: true },
    },
  },
}));

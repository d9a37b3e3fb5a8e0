import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
// A relative path, so that the config loader bundles this TypeScript source instead of asking
// Node to load it as a package.
import { LATE_WEB_GROUPS, SERVER_ONLY_GROUPS } from '../../packages/i18n/src/index.ts';
import { build, defineConfig, type Plugin } from 'vite';

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
 * never shows them, and each first load would download them in the active locale. The groups
 * only later pages show (LATE_WEB_GROUPS) go to a chunk of their own, imported as
 * `<lang>.json?late` (lib/late-messages.ts).
 */
function webMessagesOnly(): Plugin {
  const late: readonly string[] = LATE_WEB_GROUPS;
  return {
    name: 'vitrine:web-messages-only',
    enforce: 'pre',
    transform(code, id) {
      const match = /[\\/]packages[\\/]i18n[\\/]locales[\\/][\w-]+\.json(\?late)?$/.exec(id);
      if (!match) return null;
      const serverOnly: readonly string[] = SERVER_ONLY_GROUPS;
      const messages = JSON.parse(code) as Record<string, unknown>;
      const web = (messages.web ?? {}) as Record<string, unknown>;
      if (match[1]) {
        const later = Object.fromEntries(Object.entries(web).filter(([group]) => late.includes(group)));
        // A query keeps Vite's JSON handling away: the module is written as JavaScript here.
        return { code: `export default ${JSON.stringify({ web: later })};`, map: null };
      }
      const first = Object.entries(messages)
        .filter(([group]) => !serverOnly.includes(group))
        .map(([group, value]) =>
          group === 'web'
            ? [group, Object.fromEntries(Object.entries(web).filter(([sub]) => !late.includes(sub)))]
            : [group, value],
        );
      return { code: JSON.stringify(Object.fromEntries(first)), map: null };
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
  '/productDisplay': ['src/app/layout/MainLayout.tsx', 'src/features/catalog/routes/ProductDisplayPage.tsx'],
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

/** The contract's, the locales' and web-core's modules have no side effects: unused ones are dropped. */
const SIDE_EFFECT_FREE = [
  { test: /[\\/]packages[\\/](contract|i18n|web-core)[\\/]src[\\/]/, sideEffects: false },
];

/**
 * The entry script downloads at once (modulepreload) but runs only once the splash has been
 * painted: on a fast connection with a slow phone, running the entry first (about half a
 * second of work on a mid-range phone) would leave the page blank until then. The app's
 * stylesheet is not render-blocking either (media=print until it has loaded, the usual way to
 * load a stylesheet without blocking): the splash has its own few rules inline, so it paints as
 * soon as the HTML is in; the app starts once the stylesheet has loaded and applies it then.
 * No timer races the frame; a tab opened in the background, which draws no frames, starts at
 * once. A failed download says so, as main.tsx does for the rest of the app's files.
 */
function startEntryAfterFirstPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  const styles = /<link rel="stylesheet" crossorigin href="([^"]+)">/.exec(html);
  if (!entry?.[1] || !styles?.[1])
    throw new Error('head boot script: index.html has no entry script or style');
  const src = JSON.stringify(entry[1]);
  const start = [
    `const css=document.querySelector('link[data-app-styles]');`,
    `const styled=new Promise(r=>{if(!css||css.sheet)r();else{css.addEventListener('load',r);css.addEventListener('error',r)}});`,
    `let started=false;`,
    `const go=()=>{if(started)return;started=true;styled.then(()=>{if(css)css.media='all';return import(${src})}).catch(e=>{console.error(e);const r=document.getElementById('root');if(r){r.textContent='The showroom could not be loaded. Please check your connection and reload the page.';r.setAttribute('role','alert');r.style.cssText='padding:2rem;font:16px/1.5 system-ui,sans-serif;text-align:center'}})};`,
    `if(document.visibilityState==='hidden')go();else requestAnimationFrame(()=>setTimeout(go));`,
  ].join('');
  return html
    .replace(
      styles[0],
      // Preloaded too: a print stylesheet alone is fetched last, behind the pictures.
      `<link rel="preload" as="style" crossorigin href="${styles[1]}">\n    ` +
        `<link rel="stylesheet" crossorigin href="${styles[1]}" media="print" data-app-styles>`,
    )
    .replace(
      entry[0],
      `<link rel="modulepreload" crossorigin href="${entry[1]}">\n    <script type="module">${start}</script>`,
    );
}

/** The id of the inlined head script, which the page's first render waits for. */
const BOOT_SCRIPT_ID = 'vitrine-boot';

/**
 * Inlines src/boot/boot.entry.ts in index.html, with the built locale chunks (docs/decisions/0020):
 * it starts the buyer's locale downloading beside the entry, sets the page's language and
 * direction, and names the company on the loading splash. Built on its own as a classic script,
 * since it must run while the HTML is parsed; it is a few kilobytes of the app's own storage and
 * language modules.
 * It stands right after the root, not in the head: the parser may let the browser paint once a
 * script has run, and a frame drawn before the root was parsed showed the background alone, so
 * the splash with the company's name came a frame or more later. The head's downloads are all
 * announced by then. A render-blocking `expect` link in the head names the script, so nothing is
 * painted before it has set the language and the name (a browser without `expect` links ignores
 * it, and paints as soon as it likes).
 */
function headBootScript(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'vitrine:head-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const locales: Record<string, string> = {};
        for (const chunk of Object.values(ctx.bundle ?? {})) {
          const key =
            chunk.type === 'chunk' &&
            /[\\/]packages[\\/]i18n[\\/]locales[\\/]([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? '')?.[1];
          if (key) locales[key] = BASE + chunk.fileName;
        }
        if (Object.keys(locales).length === 0)
          throw new Error('head boot script: no locale chunks in the build');
        const output = await build({
          configFile: false,
          root,
          logLevel: 'silent',
          build: {
            write: false,
            minify: true,
            target: 'es2022',
            lib: { entry: 'src/boot/boot.entry.ts', formats: ['iife'], name: 'vitrineBoot' },
            rolldownOptions: { treeshake: { moduleSideEffects: SIDE_EFFECT_FREE } },
          },
        });
        const chunk = (Array.isArray(output) ? output : [output])
          .flatMap((o) => ('output' in o ? o.output : []))
          .find((o) => o.type === 'chunk');
        if (!chunk || /<\/script/i.test(chunk.code)) throw new Error('head boot script: no script to inline');
        const data = JSON.stringify(locales).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
        const tag = `<script id="${BOOT_SCRIPT_ID}" data-locales='${data}'>${chunk.code.trim()}</script>`;
        const rootDiv = '<div id="root"></div>';
        if (!html.includes(rootDiv) || !html.includes('</head>'))
          throw new Error('head boot script: index.html has no root or head');
        // No frame before the script has run (see above): the parser may yield between the root
        // and the script, and a busy machine then paints the splash without the name first.
        const holdRender = `  <link rel="expect" href="#${BOOT_SCRIPT_ID}" blocking="render">\n  </head>`;
        return startEntryAfterFirstPaint(
          html.replace('</head>', holdRender).replace(rootDiv, `${rootDiv}\n    ${tag}`),
        );
      },
    },
  };
}

/**
 * Writes each script and stylesheet also compressed (.br, .gz) beside itself, at the highest
 * levels: the server sends those (@fastify/static preCompressed) instead of compressing every
 * request anew, which cost CPU per download and sent bigger files (a request's compression
 * must be quick, so its level is low).
 */
function precompressedAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vitrine:precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|svg)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        if (source.length < 1024) continue;
        const path = join(outDir, file.fileName);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * react-router's package exports only its development build (warnings on) whatever the mode;
 * the production build beside it is the same code with them off (docs/decisions/0020).
 */
export const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  /[\\/]development[\\/]/,
  '/production/',
);

/**
 * react-router's build marks its elements pure but not its top-level components: `forwardRef`,
 * `memo` and `createContext` calls and the `displayName` set on them look like side effects, so
 * every component it exports (Form, NavLink and the framework mode's script and prefetch parts)
 * stays in the entry whether the app uses it or not. Marked pure and without the names (which only
 * React's developer tools read), the unused ones are left out of the build.
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'vitrine:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(dirname(reactRouterProduction))) return null;
      return {
        code: code
          .replace(
            /^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm,
            '$1/* @__PURE__ */ $2',
          )
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, ''),
        map: null,
      };
    },
  };
}

export default defineConfig(({ command }) => ({
  base: BASE,
  plugins: [
    react(),
    reactRouterTreeShaking(),
    appRoutesAtRoot(),
    webMessagesOnly(),
    firstPagePreloads(),
    headBootScript(),
    precompressedAssets(),
  ],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser of the es2022 target but Safari before 17 knows modulepreload; there the
    // chunks simply load when imported, and nobody else downloads the polyfill.
    modulePreload: { polyfill: false },
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
              // Mantine's base and the plain controls nearly every page uses (the catalogue's
              // pager and buttons among them) in one chunk, not a dozen slivers fetched in two waves.
              name: 'controls',
              test: /[\\/]@mantine[\\/](core[\\/]esm[\\/](core[\\/]|components[\\/](UnstyledButton|Group|Button|Loader|Transition|Pagination|ScrollArea[\\/]utils)[\\/])|hooks[\\/]esm[\\/]use-(id|merged-ref|uncontrolled|reduced-motion|pagination|did-update|isomorphic-effect)[\\/])/,
              priority: 0,
            },
            {
              name: 'layout',
              // With the small helpers nearly every page of the layout uses, which were chunks of
              // their own (a request and its overhead each on the first load).
              test: /[\\/]src[\\/](app[\\/]layout[\\/](?!MenuDrawer|BareLayout|FooterContacts|contact-links)|lib[\\/](format|useCurrentSearch)\.ts$|features[\\/]catalog[\\/]list[\\/]params\.ts$)/,
              priority: 1,
            },
          ],
        },
      },
      // The contract's zod schemas are for the server and the types; the browser uses its
      // plain constants only. Its modules have no side effects, so unused ones are dropped.
      treeshake: { moduleSideEffects: SIDE_EFFECT_FREE },
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

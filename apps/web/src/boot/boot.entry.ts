import { boot, type LocaleChunks } from './boot';

// The build inlines this script in index.html's head with the locale chunks in its data-locales
// attribute (vite.config.ts, headBootScript). A failure here must never stop the app from starting.
try {
  const data = document.currentScript?.dataset.locales;
  boot(data ? (JSON.parse(data) as LocaleChunks) : {});
} catch {
  // The app does all of this again as it starts.
}

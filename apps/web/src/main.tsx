import './app/mantine-styles';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { setLanguage } from './lib/i18n';
import { resolveLanguage } from './lib/language';
import { getSite } from './lib/storage';

async function start() {
  // The router runs its guard at once and starts the first page's code, so that code and the
  // locale download side by side rather than one after the other.
  const router = createAppRouter();
  // Loading placeholders may sweep from now on (components/skeleton.module.css).
  setTimeout(() => document.documentElement.setAttribute('data-shimmer', ''), 1000);
  // The first locale is in place before the first paint, so no text ever flashes in another language.
  await setLanguage(resolveLanguage(getSite()?.default_lang));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const reactRoot = createRoot(root);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole layout and page in one long task (Total Blocking Time).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

start().catch((error: unknown) => {
  // Only a failed download of the app's own files gets here; say so plainly rather than spin forever.
  console.error(error);
  const root = document.getElementById('root');
  if (root) {
    root.textContent = 'The showroom could not be loaded. Please check your connection and reload the page.';
    root.setAttribute('role', 'alert');
    root.style.cssText = 'padding:2rem;font:16px/1.5 system-ui,sans-serif;text-align:center';
  }
});

import { useSyncExternalStore } from 'react';

/**
 * A tiny stand-in for the router a later issue brings: the current path, and navigation that
 * keeps the browser's history working. App routes sit at the root (/login, /NotWebsite, …).
 */
const NAVIGATE_EVENT = 'vitrine:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

const currentPath = () => window.location.pathname;

export function usePathname(): string {
  return useSyncExternalStore(subscribe, currentPath, () => '/');
}

/** Goes to `to` (a path, optionally with ?query); `replace` swaps the current history entry. */
export function navigate(to: string, { replace = false } = {}): void {
  const url = new URL(to, window.location.origin);
  const target = url.pathname + url.search + url.hash;
  if (target === window.location.pathname + window.location.search + window.location.hash) return;
  if (replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

import { useEffect } from 'react';
import { callApi } from '../lib/api-client';
import * as storage from '../lib/storage';

/**
 * The stored website info (colour, layout, prices, …) and user are what the buyer's last login
 * answered. Once per page load, after the page has loaded, they are asked for again, so what
 * the exporter changed in the console shows on the buyer's next visit or reload rather than only
 * after a new login. Silent: a session that ended is handled app-wide (-2), and anything else
 * keeps what is stored.
 */
export function useSiteRefresh(enabled: boolean): void {
  useEffect(() => {
    // Decided on the page load's first page: after a login on this load, the login answered it.
    if (decided) return;
    decided = true;
    if (!enabled || !storage.getSite() || !storage.getToken()) return;
    const controller = new AbortController();
    const refresh = () => {
      callApi('get_website_again', {}, { silent: true, signal: controller.signal })
        .then(({ site, user }) => {
          // Logged out (or the website forgotten) while the call was on its way: nothing to refresh.
          if (!storage.getToken() || !storage.getSite()) return;
          if (JSON.stringify(site) !== JSON.stringify(storage.getSite())) storage.setSite(site);
          if (JSON.stringify(user) !== JSON.stringify(storage.getUser())) storage.setUser(user);
        })
        .catch(() => undefined);
    };
    // After the first page's own work: the first load's network and main thread are its own.
    if (document.readyState === 'complete') setTimeout(refresh, 0);
    else
      window.addEventListener('load', () => setTimeout(refresh, 0), {
        once: true,
        signal: controller.signal,
      });
  }, [enabled]);
}

/** Once per page load: a navigation within the app keeps what the first refresh found. */
let decided = false;

/** For tests: the next render decides again, as after a reload. */
export const resetSiteRefresh = () => {
  decided = false;
};

import { setApiHooks } from '../lib/api-client';
import * as storage from '../lib/storage';
import { showErrorToast } from '../lib/toast';
import { closeChat } from './chat';
import type { AppRouter } from './router';
import { isPath, PATHS } from '../lib/paths';

/**
 * The error catalogue's app-wide part (specification, section 8), wired in this one place. The
 * API client has already cleared the stored user info where the catalogue says so.
 * - -106: the website does not exist: go to /NotWebsite;
 * - -2 (unless on /login, whose page handles it): close the chat, forget the language and
 *   locale, go to /login (back to this page after logging in again), show the server's tip;
 * - a call flagged needError failed: close the chat;
 * - any other failure, timeouts and requests that could not start included: show its tip,
 *   unless the caller opted out (`silent`).
 * Returns a function that unwires them.
 */
export function installApiHooks(router: AppRouter): () => void {
  const location = () => router.state.location;

  return setApiHooks({
    onWebsiteNotFound: () => {
      closeChat();
      if (!isPath(location().pathname, PATHS.notWebsite)) void router.navigate(PATHS.notWebsite);
    },
    onSessionInvalid: (tip) => {
      const { pathname, search } = location();
      if (isPath(pathname, PATHS.login)) return;
      closeChat();
      storage.clearLanguage();
      storage.setReferrer(pathname + search);
      void router.navigate(PATHS.login);
      showErrorToast(tip);
    },
    onNeedError: () => closeChat(),
    onFailure: (error) => showErrorToast(error.tip),
  });
}

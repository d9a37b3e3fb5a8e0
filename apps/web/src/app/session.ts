import { logoutSession } from '../features/auth/api';
import { withLateMessages } from '../lib/i18n';
import * as storage from '../lib/storage';
import { closeChat } from './chat';
import type { GuardEffect } from './guard';

/**
 * Forgets the session here and ends it on the server (best effort, not awaited: the token is
 * read as the call starts, before it is cleared), so it cannot be reused from this browser.
 */
export function endSession(): void {
  if (storage.getToken()) logoutSession().catch(() => {});
  storage.clearUserInfo();
}

/**
 * Carries out the side effects the route guard asked for, in order; answers a promise when one
 * must finish before the guard runs again (a login link being exchanged). The login link's code
 * and its dialog load only when a link arrives, off the first page's budget.
 */
export function applyGuardEffects(effects: readonly GuardEffect[]): Promise<void> | undefined {
  let pending: Promise<void> | undefined;
  for (const effect of effects) {
    switch (effect.type) {
      case 'rememberReferrer':
        storage.setReferrer(effect.path);
        break;
      case 'clearUserInfo':
        endSession();
        break;
      case 'clearChat':
        closeChat();
        break;
      case 'cleanAddress':
        // At once, before any call: the address held a secret, which must not be bookmarked,
        // shared, or sent on as a referrer, whatever the exchange does next.
        try {
          window.history.replaceState(window.history.state, '', effect.to);
        } catch {
          // Not fatal: the router replaces the address with the same one as it redirects.
        }
        break;
      case 'exchangeLoginLink': {
        const { link } = effect;
        pending = withLateMessages(import('./login-link')).then((m) => m.logInWithLink(link));
        break;
      }
      case 'offerLoginLink': {
        const { link } = effect;
        void withLateMessages(import('./login-link')).then((m) => m.offerLoginLink(link));
        break;
      }
    }
  }
  return pending;
}

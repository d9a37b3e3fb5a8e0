import { logoutSession } from '../features/auth/api';
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

/** Carries out the side effects the route guard asked for, in order. */
export function applyGuardEffects(effects: readonly GuardEffect[]): void {
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
      case 'saveToken':
        storage.saveUrlToken(effect.token);
        break;
    }
  }
}

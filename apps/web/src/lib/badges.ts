import { LIMITS } from '@vitrine/contract';
import { useSyncExternalStore } from 'react';

/**
 * The counts the floating side bar shows: lines in the sample cart and unread chat messages.
 * Both stay 0 until the cart and the chat feed them (setCartCount, setUnreadCount); any
 * component reads them with useBadges().
 */
export interface BadgeCounts {
  /** Lines in the sample-selection cart. */
  cart: number;
  /** Unread customer-service messages. */
  unread: number;
}

/** A badge's text: empty for nothing, the number up to the cap (99), then '99+'. */
export function formatBadge(n: number | null | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 1) return '';
  const whole = Math.floor(n);
  return whole > LIMITS.BADGE_CAP ? `${LIMITS.BADGE_CAP}+` : String(whole);
}

const ZERO: BadgeCounts = Object.freeze({ cart: 0, unread: 0 });
let counts: BadgeCounts = ZERO;
const listeners = new Set<() => void>();

/** Counts are whole and never negative. */
const clean = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

function update(next: Partial<BadgeCounts>): void {
  const merged = { ...counts, ...next };
  if (merged.cart === counts.cart && merged.unread === counts.unread) return;
  counts = Object.freeze(merged);
  listeners.forEach((l) => l());
}

export const setCartCount = (n: number): void => update({ cart: clean(n) });
export const setUnreadCount = (n: number): void => update({ unread: clean(n) });

/** Both back to 0 (on logout, and between tests). */
export const resetBadges = (): void => update(ZERO);

export const getBadges = (): BadgeCounts => counts;

export function subscribeBadges(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current counts; re-renders when either changes. */
export function useBadges(): BadgeCounts {
  return useSyncExternalStore(subscribeBadges, getBadges, getBadges);
}

// ---- the side bar's chat button ---------------------------------------------------------------

const chatRequests = new Set<() => void>();

/** Asks the chat widget to open (the side bar's customer-service button). */
export function requestChatOpen(): void {
  chatRequests.forEach((l) => l());
}

/** The chat widget listens here for the side bar's button; returns a function that stops. */
export function onChatOpenRequest(listener: () => void): () => void {
  chatRequests.add(listener);
  return () => {
    chatRequests.delete(listener);
  };
}

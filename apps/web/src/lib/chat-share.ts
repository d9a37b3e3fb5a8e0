import type { ProductCard, SharedProduct } from '@vitrine/contract';
import { toSharedProduct as shared } from '@vitrine/web-core/shared-product';
import { formatMoney } from './format';

export type { SharedProduct };

/**
 * Sharing products into the customer-service chat from the product page, the cart and search
 * results. Those features only call shareToChat; the chat (loaded on demand) listens, opens and
 * sends the products as one card message. Like the side bar's chat button (lib/badges), this
 * keeps the chat's code out of the pages that offer sharing.
 */

/** A product card as shared, its price formatted in the buyer's language. */
export const toSharedProduct = (p: ProductCard, numberType: number): SharedProduct =>
  shared(p, numberType, formatMoney);

type ShareListener = (products: SharedProduct[]) => void;
const listeners = new Set<ShareListener>();
const openers = new Set<() => void>();
/** Shares asked for before the chat's code arrived; handed over when it starts listening. */
let waiting: SharedProduct[][] = [];

/** Sends products to the chat; opens it (loading it first if needed). */
export function shareToChat(products: SharedProduct[]): void {
  if (products.length === 0) return;
  if (listeners.size === 0) waiting.push(products);
  else listeners.forEach((l) => l(products));
  openers.forEach((o) => o());
}

/** The chat listens here; shares made while it loaded are delivered at once. */
export function onShareToChat(listener: ShareListener): () => void {
  listeners.add(listener);
  const early = waiting;
  waiting = [];
  early.forEach((p) => listener(p));
  return () => {
    listeners.delete(listener);
  };
}

/** The chat's launcher opens the chat (loading it first) on every share. */
export function onShareRequest(listener: () => void): () => void {
  openers.add(listener);
  return () => {
    openers.delete(listener);
  };
}

/** Forgets waiting shares (the session ended). */
export function clearWaitingShares(): void {
  waiting = [];
}

import type { ProductCard, SharedProduct } from '@vitrine/contract';

export type { SharedProduct };
import { formatMoney } from './format';

/**
 * Sharing products into the customer-service chat from the product page, the cart and search
 * results. Those features only call shareToChat; the chat (loaded on demand) listens, opens and
 * sends the products as one card message. Like the side bar's chat button (lib/badges), this
 * keeps the chat's code out of the pages that offer sharing.
 */

/**
 * A product card as shared: its number goes where the site's number_type (1 toy number,
 * 3 article number) reads it from, the price as the buyer sees it.
 */
export function toSharedProduct(p: ProductCard, numberType: number): SharedProduct {
  const number = p.number ?? '';
  return {
    ToyId: p.id,
    ToyName: p.name,
    Picture: p.picture,
    Price:
      p.price === null
        ? ''
        : `${formatMoney(p.price, p.money_unit)}${p.trade_term ? ` ${p.trade_term}` : ''}`,
    ToyNumber: numberType === 1 ? number : '',
    ArticleNumber: numberType === 3 ? number : '',
  };
}

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

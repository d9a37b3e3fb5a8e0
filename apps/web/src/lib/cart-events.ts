/**
 * The add-to-sample-cart request, as a tiny typed event bus: product screens ask, the sample
 * cart (its own issue) listens and decides what adding means (limits, duplicates, messages).
 * Like requestChatOpen in badges.ts, nothing happens while nobody listens.
 */

/** What the cart needs to add a product: its id, its factory and the default number of cartons. */
export interface AddToCartProduct {
  id: number;
  factory_id: number | null;
  /** Cartons to add; the product's purchase_number (the spec's default is 1). */
  purchase_number: number;
  /** The product is marked expired where the buyer saw it ('product expired' instead of adding). */
  expired?: boolean;
}

export type AddToCartListener = (product: AddToCartProduct) => void;

const listeners = new Set<AddToCartListener>();

/** Asks the sample cart to add `product`. Every listener hears it, in the order they started. */
export function requestAddToCart(product: AddToCartProduct): void {
  const request: AddToCartProduct = Object.freeze({
    id: product.id,
    factory_id: product.factory_id,
    purchase_number: product.purchase_number > 0 ? Math.floor(product.purchase_number) : 1,
    expired: product.expired === true,
  });
  [...listeners].forEach((l) => l(request));
}

/** The sample cart listens here; returns a function that stops listening. */
export function onAddToCartRequest(listener: AddToCartListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

import { describe, expect, it, vi } from 'vitest';
import { onAddToCartRequest, requestAddToCart } from './cart-events';

describe('cart events', () => {
  it('hands each request to every listener until it stops listening', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onAddToCartRequest(first);
    const stopSecond = onAddToCartRequest(second);

    requestAddToCart({ id: 7, factory_id: 3, purchase_number: 2 });
    expect(first).toHaveBeenCalledWith({ id: 7, factory_id: 3, purchase_number: 2, expired: false });
    expect(second).toHaveBeenCalledTimes(1);

    stopFirst();
    requestAddToCart({ id: 8, factory_id: null, purchase_number: 1 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenLastCalledWith({ id: 8, factory_id: null, purchase_number: 1, expired: false });
    stopSecond();
  });

  it('asks for at least one carton', () => {
    const listener = vi.fn();
    const stop = onAddToCartRequest(listener);
    requestAddToCart({ id: 7, factory_id: 3, purchase_number: 0 });
    expect(listener).toHaveBeenCalledWith({ id: 7, factory_id: 3, purchase_number: 1, expired: false });
    stop();
  });

  it('does nothing while nobody listens', () => {
    expect(() => requestAddToCart({ id: 1, factory_id: null, purchase_number: 1 })).not.toThrow();
  });
});

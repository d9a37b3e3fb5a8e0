import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatBadge,
  getBadges,
  resetBadges,
  setCartCount,
  setUnreadCount,
  subscribeBadges,
  useBadges,
} from './badges';

afterEach(() => resetBadges());

describe('formatBadge', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [Number.NaN, ''],
    [undefined, ''],
    [null, ''],
    [1, '1'],
    [7.8, '7'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
  ])('shows %s as %j', (n, shown) => {
    expect(formatBadge(n)).toBe(shown);
  });
});

describe('the badge store', () => {
  it('starts at zero for both counts', () => {
    expect(getBadges()).toEqual({ cart: 0, unread: 0 });
  });

  it('keeps whole, non-negative counts and tells subscribers only about changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeBadges(listener);
    setCartCount(3.6);
    setUnreadCount(-2);
    setUnreadCount(0);
    expect(getBadges()).toEqual({ cart: 3, unread: 0 });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    setCartCount(4);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('re-renders readers of useBadges', () => {
    const { result } = renderHook(() => useBadges());
    expect(result.current).toEqual({ cart: 0, unread: 0 });
    act(() => {
      setCartCount(120);
      setUnreadCount(5);
    });
    expect(result.current).toEqual({ cart: 120, unread: 5 });
    expect(formatBadge(result.current.cart)).toBe('99+');
    act(() => resetBadges());
    expect(result.current).toEqual({ cart: 0, unread: 0 });
  });
});

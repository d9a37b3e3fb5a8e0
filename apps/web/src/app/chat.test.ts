import { describe, expect, it, vi } from 'vitest';
import { getBadges, setCartCount, setUnreadCount } from '../lib/badges';
import { onSessionEnd } from '../lib/session-events';
import { closeChat } from './chat';

describe('closing the chat when a session ends', () => {
  it("clears the side bar's unread and cart badges of that session", () => {
    setUnreadCount(7);
    setCartCount(120);
    closeChat();
    expect(getBadges()).toEqual({ cart: 0, unread: 0 });
  });

  it('tells session-bound caches that the session ended', () => {
    const forget = vi.fn();
    const stop = onSessionEnd(forget);
    closeChat();
    stop();
    closeChat();
    expect(forget).toHaveBeenCalledTimes(1);
  });
});

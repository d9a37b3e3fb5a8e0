import { describe, expect, it } from 'vitest';
import { getBadges, setCartCount, setUnreadCount } from '../lib/badges';
import { closeChat } from './chat';

describe('closing the chat when a session ends', () => {
  it("clears the side bar's unread and cart badges of that session", () => {
    setUnreadCount(7);
    setCartCount(120);
    closeChat();
    expect(getBadges()).toEqual({ cart: 0, unread: 0 });
  });
});

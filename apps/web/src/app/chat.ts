import { resetBadges } from '../lib/badges';
import { queryClient } from '../lib/query';

/**
 * The one place the app closes the customer-service chat: its connection and unread counts.
 * Called whenever the session ends (visiting /login while logged in, -2, a needError failure,
 * -106). The chat connection comes with the chat issue; until then closing means clearing the
 * side bar's badges, which belonged to the session that ended.
 */
export function closeChat(): void {
  resetBadges();
  // Answers cached for the session that ended (its cart, records, orders) must not leak into the next.
  queryClient.clear();
}

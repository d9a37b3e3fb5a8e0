import { resetBadges } from '../lib/badges';
import { sessionEnded } from '../lib/session-events';

/**
 * The one place the app closes the customer-service chat: its connection and unread counts.
 * Called whenever the session ends (visiting /login while logged in, -2, a needError failure,
 * -106, Quit). The chat connection comes with the chat issue; until then closing clears the side
 * bar's badges and tells session-bound caches (the query cache) to forget that session.
 */
export function closeChat(): void {
  resetBadges();
  sessionEnded();
}

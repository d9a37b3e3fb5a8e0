import type { Bus } from './bus';

/**
 * 'Sessions ended': told on the bus by whoever revokes sessions (a logout, a customer disabled
 * or given a new password, a staff member disabled, logged out or given a new password), so
 * that what holds a session open outside the /api — the chat socket, on every instance — checks
 * its own again and lets go of it at once rather than when its signature runs out.
 */
export const SESSIONS_ENDED_TOPIC = 'sessions.ended';

export interface SessionsEnded {
  side: 'customer' | 'staff';
  companyId: number;
  /** The customer or staff member whose sessions (some or all) ended. */
  personId: number;
}

/** Told after the change is committed; it must not fail the call that made it. */
export type SessionsEndedNotifier = (event: SessionsEnded) => void;

export function sessionsEndedNotifier(bus: Bus, onError: (err: unknown) => void): SessionsEndedNotifier {
  return (event) => {
    bus.publish(SESSIONS_ENDED_TOPIC, event).catch(onError);
  };
}

export function isSessionsEnded(payload: unknown): payload is SessionsEnded {
  const p = payload as Partial<SessionsEnded> | null;
  return (
    !!p &&
    (p.side === 'customer' || p.side === 'staff') &&
    typeof p.companyId === 'number' &&
    typeof p.personId === 'number'
  );
}

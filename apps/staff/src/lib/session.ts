import type { WebsiteInfo } from '@vitrine/contract';
import { useSyncExternalStore } from 'react';

/**
 * Which showroom the console works on and who is logged in, kept in localStorage: the site code
 * (from ?site=, remembered), and per site the website id and the staff token. The store is
 * read by api.ts for each call and by React through useSession.
 */

const PREFIX = 'vitrine-staff:';
const SITE_KEY = `${PREFIX}site`;
const sessionKey = (site: string) => `${PREFIX}session:${site}`;

export interface StoredSession {
  website_id: number;
  token: string;
}

export interface SessionState {
  /** The site code; null until the website is known (none given: the server picks by host). */
  site: string | null;
  /** The showroom's public settings, from get_website_info. */
  website: WebsiteInfo | null;
  /** The staff token and its website; null when logged out. */
  session: StoredSession | null;
}

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full store: the session lasts for this page only.
  }
}

let state: SessionState = { site: null, website: null, session: null };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  listeners.forEach((l) => l());
}

export const getSession = (): SessionState => state;

/** The site code asked for: ?site= in the address (remembered), else the one remembered. */
export function requestedSite(search: string = window.location.search): string | null {
  const fromUrl = new URLSearchParams(search).get('site')?.trim().toLowerCase();
  if (fromUrl) {
    write(SITE_KEY, fromUrl);
    return fromUrl;
  }
  return read<string>(SITE_KEY);
}

/** The website is known: its stored session (if any) comes back. */
export function setWebsite(website: WebsiteInfo) {
  const stored = read<StoredSession>(sessionKey(website.site));
  const session = stored && stored.website_id === website.id ? stored : null;
  set({ site: website.site, website, session });
}

export function saveSession(session: StoredSession) {
  if (state.site) write(sessionKey(state.site), session);
  set({ ...state, session });
}

export function clearSession() {
  if (state.site) write(sessionKey(state.site), null);
  set({ ...state, session: null });
}

/** Tests: back to a fresh page. */
export function resetSessionState() {
  set({ site: null, website: null, session: null });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSession = (): SessionState => useSyncExternalStore(subscribe, getSession, getSession);

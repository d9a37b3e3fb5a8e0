import {
  type Language,
  languageByCode,
  langCodeOf,
  LANGUAGES,
  type SessionUser,
  type WebsiteInfo,
} from '@vitrine/contract';

/**
 * What the showroom keeps in the browser:
 * - localStorage: the website's info (with its site code), the session token, the user, the
 *   language the buyer chose (its 8-digit code and its locale, as the specification asks), and
 *   per website the visitor key the server issued (decision 0028);
 * - sessionStorage: the page asked for before the login page (the referrer), for this tab only.
 * Storage may be unavailable (private modes, blocked cookies): every access is guarded, and the
 * app then simply forgets on reload.
 */
const KEYS = {
  site: 'vitrine.site',
  token: 'vitrine.token',
  user: 'vitrine.user',
  lang: 'vitrine.lang',
  locale: 'vitrine.locale',
  referrer: 'vitrine.referrer',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null, which: Area = 'local'): void {
  try {
    const store = area(which);
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Quota exceeded or storage blocked: keep working without persistence.
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parsed JSON values, cached by their raw text so repeated reads return the same object. */
const parsed = new Map<string, { raw: string; value: unknown }>();

function readJson<T>(key: string, isValid: (v: unknown) => v is T): T | null {
  const raw = read(key);
  if (raw === null) return null;
  const cached = parsed.get(key);
  if (cached?.raw === raw) return cached.value as T | null;
  let value: T | null;
  try {
    const v: unknown = JSON.parse(raw);
    value = isValid(v) ? v : null;
  } catch {
    value = null;
  }
  parsed.set(key, { raw, value });
  return value;
}

const isWebsiteInfo = (v: unknown): v is WebsiteInfo =>
  isObject(v) && typeof v.id === 'number' && typeof v.site === 'string' && typeof v.company_name === 'string';

const isSessionUser = (v: unknown): v is SessionUser =>
  isObject(v) && (v.login_type === 0 || v.login_type === 1) && typeof v.customer_name === 'string';

// ---- change notification (for useSyncExternalStore and other tabs) -------------------------

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Calls `listener` whenever stored site, user, token or language change (here or in another tab). */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || Object.values<string>(KEYS).includes(e.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// ---- site ------------------------------------------------------------------------------------

export function getSite(): WebsiteInfo | null {
  return readJson(KEYS.site, isWebsiteInfo);
}

export function setSite(site: WebsiteInfo): void {
  write(KEYS.site, JSON.stringify(site));
  notify();
}

export function clearSite(): void {
  write(KEYS.site, null);
  notify();
}

// ---- session ---------------------------------------------------------------------------------

const visitorKeyOf = (siteId: number) => `vitrine.visitor.${siteId}`;
const VISITOR_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The visitor key the server issued to this browser on a website, to bring back at the next
 * visitor login so the browser finds its sample records again (the server keeps it only when
 * records belong to it). Survives logout; a customer login leaves it as it is.
 */
export function getVisitorKey(siteId: number): string | undefined {
  const stored = read(visitorKeyOf(siteId));
  return stored && VISITOR_KEY.test(stored) ? stored : undefined;
}

export function setVisitorKey(siteId: number, key: string): void {
  write(visitorKeyOf(siteId), key);
}

/**
 * The session token. Only a login (or a one-time login link exchanged, decision 0044) gives
 * one: a token in an address is never taken, so no link can fix a session on a browser.
 */
export function getToken(): string | null {
  return read(KEYS.token) || null;
}

/** Stores the token of a new login. */
export function setToken(token: string): void {
  write(KEYS.token, token);
  notify();
}

export function getUser(): SessionUser | null {
  return readJson(KEYS.user, isSessionUser);
}

export function setUser(user: SessionUser): void {
  write(KEYS.user, JSON.stringify(user));
  notify();
}

/** Forgets the session (token and user); the website and the language stay. */
export function clearUserInfo(): void {
  // A token an older version kept for the tab (from a ?token= address) goes too.
  write(KEYS.token, null, 'session');
  write(KEYS.token, null);
  write(KEYS.user, null);
  notify();
}

// ---- referrer --------------------------------------------------------------------------------

/** A path of this app (/home?x=1): one slash, never another origin (//evil.example). */
const isAppPath = (path: string): boolean => /^\/(?![/\\])/.test(path);

/** Remembers the page a buyer asked for before being sent to log in (this tab only). */
export function setReferrer(path: string): void {
  if (isAppPath(path)) write(KEYS.referrer, path, 'session');
}

/** The remembered page, forgotten as it is handed out; null when there is none. */
export function takeReferrer(): string | null {
  const path = read(KEYS.referrer, 'session');
  write(KEYS.referrer, null, 'session');
  return path !== null && isAppPath(path) ? path : null;
}

// ---- language --------------------------------------------------------------------------------

/** The language the buyer chose, from its stored 8-digit code (or, failing that, its locale). */
export function getLanguage(): Language | null {
  const byCode = languageByCode(read(KEYS.lang));
  if (byCode) return byCode;
  const locale = read(KEYS.locale);
  return LANGUAGES.find((l) => l.locale === locale) ?? null;
}

export function setLanguage(lang: Language): void {
  write(KEYS.lang, String(langCodeOf(lang)));
  write(KEYS.locale, lang.locale);
  notify();
}

export function clearLanguage(): void {
  write(KEYS.lang, null);
  write(KEYS.locale, null);
  notify();
}

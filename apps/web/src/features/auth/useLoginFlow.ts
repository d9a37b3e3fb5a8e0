import { ErrorCode, type SessionUser, type WebsiteInfo } from '@vitrine/contract';
import { useCallback, useEffect, useState } from 'react';
import { isAbort, isApiError, isHandledGlobally } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';
import { resolveLanguage } from '../../lib/language';
import * as storage from '../../lib/storage';
import { fetchWebsiteInfo, loginWithCode, restoreSession } from './api';

export type LoginState =
  | { phase: 'loading' }
  | { phase: 'failed'; tip: string | null }
  /** `notice`: why the form shows (the server's tip when a restored session had ended). */
  | { phase: 'form'; site: WebsiteInfo; notice?: string }
  | { phase: 'signedIn'; site: WebsiteInfo; user: SessionUser };

/** What a login attempt ended with, for the form to show. */
export type LoginResult =
  { ok: true } | { ok: false; tip: string; where: 'field' | 'page' } | { ok: false; where: 'none' };

/** Answers the login form shows under the field: wrong code, throttled, refused. */
const FIELD_CODES: ReadonlySet<number> = new Set([
  ErrorCode.WRONG_PASSWORD,
  ErrorCode.TOO_MANY_REQUESTS,
  ErrorCode.BAD_REQUEST,
  ErrorCode.FAILED,
]);

/** The site code asked for in the address (/login?site=demo). */
export const siteCodeFromUrl = (search: string = window.location.search): string | undefined =>
  new URLSearchParams(search).get('site')?.trim() || undefined;

async function showSiteLanguage(site: WebsiteInfo): Promise<void> {
  await setLanguage(resolveLanguage(site.default_lang));
}

function remember(site: WebsiteInfo, user?: SessionUser): void {
  storage.setSite(site);
  if (user) storage.setUser(user);
}

/**
 * Works out what the login page shows on arrival:
 * - the website comes from ?site=, else the stored site code, else the server's default;
 * - a stored token is restored with get_website_again, and the buyer is in; -2 means it
 *   ended, and the form shows instead, with the server's tip;
 * - a stored session of another website than the one asked for is forgotten.
 * Every call is `silent`: this page shows its failures itself.
 */
async function arrive(siteCode: string | undefined, signal: AbortSignal): Promise<LoginState> {
  const stored = storage.getSite();
  const sameSite = stored !== null && (siteCode === undefined || stored.site === siteCode);
  if (stored && !sameSite) storage.clearUserInfo();

  let site: WebsiteInfo | null = null;
  if (!sameSite || !storage.getToken()) {
    site = await fetchWebsiteInfo(siteCode ?? stored?.site, signal);
    remember(site);
  }

  if (storage.getToken()) {
    try {
      const again = await restoreSession(signal);
      remember(again.site, again.user);
      await showSiteLanguage(again.site);
      return { phase: 'signedIn', site: again.site, user: again.user };
    } catch (e) {
      if (!(isApiError(e) && e.code === ErrorCode.SESSION_INVALID)) throw e;
      // The session ended; fresh site info for the form, which says why it shows.
      site ??= await fetchWebsiteInfo(stored?.site, signal);
      remember(site);
      await showSiteLanguage(site);
      return { phase: 'form', site, notice: e.tip };
    }
  }
  if (!site) throw new Error('unreachable: no website');
  await showSiteLanguage(site);
  return { phase: 'form', site };
}

export function useLoginFlow() {
  const [state, setState] = useState<LoginState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    arrive(siteCodeFromUrl(), controller.signal).then(setState, (e: unknown) => {
      if (isAbort(e) || isHandledGlobally(e)) return;
      setState({ phase: 'failed', tip: isApiError(e) ? e.tip : null });
    });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ phase: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const login = useCallback(async (site: WebsiteInfo, code: string): Promise<LoginResult> => {
    try {
      const r = await loginWithCode(site.id, code, storage.getVisitorKey(site.id));
      // A visitor's records belong to the key the server issued; kept for the next login.
      if (r.visitor_key) storage.setVisitorKey(r.id, r.visitor_key);
      storage.setToken(r.token);
      remember(r.site, r.user);
      await showSiteLanguage(r.site);
      setState({ phase: 'signedIn', site: r.site, user: r.user });
      return { ok: true };
    } catch (e) {
      if (isHandledGlobally(e)) return { ok: false, where: 'none' };
      if (isApiError(e)) return { ok: false, tip: e.tip, where: FIELD_CODES.has(e.code) ? 'field' : 'page' };
      throw e;
    }
  }, []);

  return { state, retry, login };
}

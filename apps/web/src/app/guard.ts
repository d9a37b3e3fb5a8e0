import { LOGIN_LINK_PARAM, LOGIN_TYPE, type SessionUser } from '@vitrine/contract';
import { normalizePath, PATHS } from '../lib/paths';
import { findRoute, type ShowFunctionKey } from './routes';

/**
 * The route guard (specification, section 2) as a pure function: given where the buyer is
 * going and what the browser has stored, it answers whether to go there or where to go
 * instead, and what to do on the way (side effects). router.tsx applies it before every
 * navigation (guardLoader), with session.ts carrying out the side effects.
 */

/** The stored website info, as loosely as it may be stored (an id may be missing). */
export interface GuardSite {
  id?: number | null;
  /** Its site code (/login?site=demo). */
  site?: string;
  show_function?: Partial<Record<ShowFunctionKey, number>>;
}

export interface GuardInput {
  /** The path asked for (/productDisplay). */
  path: string;
  /** Its query, with or without the leading "?" ('?id=3' or ''). */
  search: string;
  /** The stored website info, null when none. */
  site: GuardSite | null;
  /** The stored user, null when none. */
  user: (Pick<SessionUser, 'login_type'> & Partial<Pick<SessionUser, 'customer_id'>>) | null;
  /** Whether a session token is stored. */
  hasToken: boolean;
}

export type GuardEffect =
  /** Land on this path (with its query) after logging in. */
  | { type: 'rememberReferrer'; path: string }
  /** Forget the session: token and user. */
  | { type: 'clearUserInfo' }
  /** Close the customer-service chat. */
  | { type: 'clearChat' }
  /** Replace the address in the address bar at once, before any call (it held a secret). */
  | { type: 'cleanAddress'; to: string }
  /** Nobody is logged in: exchange a one-time login link for a session, and log in with it. */
  | { type: 'exchangeLoginLink'; link: string }
  /** Someone else is logged in: ask whether to switch to the link's account; never switch unasked. */
  | { type: 'offerLoginLink'; link: string };

export type GuardDecision =
  | { kind: 'allow'; effects: GuardEffect[] }
  /** Go to `to` instead (replacing the address asked for). */
  | { kind: 'redirect'; to: string; effects: GuardEffect[] };

/** The customer a login link was made for (its secret starts with the id), or null. */
export function linkOwner(link: string): number | null {
  const id = /^(\d{1,15})\./.exec(link)?.[1];
  return id === undefined ? null : Number(id);
}

const queryOf = (params: URLSearchParams): string => {
  const query = params.toString();
  return query ? `?${query}` : '';
};

/**
 * The rules, in order:
 * 1. a one-time login link (`?login_link=`, decision 0044) leaves the address bar at once, then:
 *    nobody logged in, it is exchanged for a session; the buyer it belongs to logged in already,
 *    that is all; anybody else logged in, the buyer is asked whether to switch. An old `?token=`
 *    logs nobody in any more: it is only dropped from the address;
 * 2. /NotWebsite is shown whatever is stored;
 * 3. visiting /login while logged in clears the user info and the chat;
 * 4. no stored website info (or a ?site= naming another website than the stored one), and
 *    not on /login: remember the path asked for as the referrer and go to /login (keeping ?site=);
 * 5. stored website info without an id: go to /login;
 * 6. the unnamed route (/) goes to /home (to /login without an id: rule 5);
 * 7. a customer-only (layout-hidden) route without login_type 1, or a route whose function is
 *    off in show_function: go to the invalid-link page (to /login without an id: rule 5);
 * 8. no session token (a website chosen on /login, but nobody logged in): remember the path
 *    asked for as the referrer and go to /login;
 * 9. anything else is allowed; an unknown path then shows the invalid-link page itself.
 */
export function guardRoute(input: GuardInput): GuardDecision {
  const route = findRoute(input.path);
  if (route?.unguarded) return { kind: 'allow', effects: [] };

  const effects: GuardEffect[] = [];
  const params = new URLSearchParams(input.search);
  let { user, hasToken } = input;

  const onLogin = route?.path === PATHS.login;
  if (onLogin && user) {
    effects.push({ type: 'clearUserInfo' }, { type: 'clearChat' });
    user = null;
    hasToken = false;
  }

  const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to, effects });

  const link = params.get(LOGIN_LINK_PARAM)?.trim();
  if (params.has(LOGIN_LINK_PARAM)) {
    params.delete(LOGIN_LINK_PARAM);
    params.delete('token');
    const loggedIn = user !== null && hasToken;
    // Someone logged in stays on the website they are on, whatever site the link names.
    if (loggedIn) params.delete('site');
    const to = input.path + queryOf(params);
    effects.push({ type: 'cleanAddress', to });
    if (link && !loggedIn) effects.push({ type: 'exchangeLoginLink', link });
    else if (link && !(user?.login_type === LOGIN_TYPE.CUSTOMER && user.customer_id === linkOwner(link)))
      effects.push({ type: 'offerLoginLink', link });
    // The guard runs again at the new address, with whatever session the exchange left.
    return redirect(to);
  }

  // A session token in the address (before login links) logs nobody in: it is only dropped.
  const tokenInAddress = params.has('token');
  params.delete('token');
  // Where the buyer asked to go, minus the token (which must not stay in the address).
  const stay = (): GuardDecision =>
    tokenInAddress ? redirect(input.path + queryOf(params)) : { kind: 'allow', effects };

  if (onLogin) return stay();

  const siteCode = params.get('site')?.trim() || null;
  const { site } = input;
  const otherSite =
    siteCode !== null && site?.site !== undefined && siteCode.toLowerCase() !== site.site.toLowerCase();
  if (!site || otherSite) {
    const wanted = new URLSearchParams(params);
    wanted.delete('site');
    const path = normalizePath(input.path);
    if (path !== '/' && path !== normalizePath(PATHS.invalidLink)) {
      effects.push({ type: 'rememberReferrer', path: input.path + queryOf(wanted) });
    }
    return redirect(PATHS.login + (siteCode ? `?site=${encodeURIComponent(siteCode)}` : ''));
  }

  if (!site.id) return redirect(PATHS.login);

  if (normalizePath(input.path) === '/') return redirect(PATHS.home);

  if (route) {
    const customer = user?.login_type === LOGIN_TYPE.CUSTOMER && hasToken;
    const switchedOff = route.showFunction !== undefined && site.show_function?.[route.showFunction] !== 1;
    // An id exists here (rule 5), so the invalid-link page rather than /login.
    if ((route.customerOnly && !customer) || switchedOff) return redirect(PATHS.invalidLink);
    // Every page's calls need a session: without one they would only fail ("your session has
    // ended") before sending the buyer to log in anyway (issue 21, item 6).
    if (!hasToken) {
      effects.push({ type: 'rememberReferrer', path: input.path + queryOf(params) });
      return redirect(PATHS.login);
    }
  }

  return stay();
}

import { describe, expect, it } from 'vitest';
import { PATHS } from '../lib/paths';
import { type GuardDecision, type GuardEffect, type GuardInput, type GuardSite, guardRoute } from './guard';
import { APP_ROUTES } from './routes';

const site: GuardSite = { id: 1, site: 'demo', show_function: { news: 1, about_us: 1, contact: 1 } };
const customer = { login_type: 1 } as const;
const visitor = { login_type: 0 } as const;

/** A logged-in customer of the demo website, going to `path` (with its query). */
function going(
  pathWithQuery: string,
  over: Partial<Omit<GuardInput, 'path' | 'search'>> = {},
): GuardDecision {
  const [path = '', query] = pathWithQuery.split('?');
  return guardRoute({
    path,
    search: query === undefined ? '' : `?${query}`,
    site,
    user: customer,
    hasToken: true,
    ...over,
  });
}

const allow = (effects: GuardDecision['effects'] = []) => ({ kind: 'allow', effects });
const redirect = (to: string, effects: GuardDecision['effects'] = []) => ({ kind: 'redirect', to, effects });

describe('the route guard', () => {
  describe('lets a logged-in customer through', () => {
    it.each(APP_ROUTES.filter((r) => r.path !== PATHS.login).map((r) => r.path))('%s', (path) => {
      expect(going(path)).toEqual(allow());
    });

    it('keeps the query (/productDetails?id=7)', () => {
      expect(going('/productDetails?id=7')).toEqual(allow());
    });

    it('matches paths as the router does: any letter case, a trailing slash', () => {
      expect(going('/HOME/')).toEqual(allow());
      expect(going('/personalcenter', { user: visitor })).toEqual(redirect(PATHS.invalidLink));
    });
  });

  describe('without stored website info', () => {
    const noSite = { site: null, user: null, hasToken: false };

    it('remembers the path asked for, with its query, and goes to /login', () => {
      expect(going('/productDisplay?keyword=car&page=2', noSite)).toEqual(
        redirect('/login', [{ type: 'rememberReferrer', path: '/productDisplay?keyword=car&page=2' }]),
      );
    });

    it('keeps ?site= for the login page, which selects that website', () => {
      expect(going('/productDisplay?site=demo2&keyword=car', noSite)).toEqual(
        redirect('/login?site=demo2', [{ type: 'rememberReferrer', path: '/productDisplay?keyword=car' }]),
      );
    });

    it('remembers an unknown path too (it shows the invalid-link page after login)', () => {
      expect(going('/no/such/page', noSite)).toEqual(
        redirect('/login', [{ type: 'rememberReferrer', path: '/no/such/page' }]),
      );
    });

    it('does not remember the bare root or the invalid-link page', () => {
      expect(going('/', noSite)).toEqual(redirect('/login'));
      expect(going('/invalidLink', noSite)).toEqual(redirect('/login'));
    });

    it('stays on /login', () => {
      expect(going('/login', noSite)).toEqual(allow());
      expect(going('/login?site=demo2', noSite)).toEqual(allow());
    });

    it('shows /NotWebsite, which is outside the guard', () => {
      expect(going('/NotWebsite', noSite)).toEqual(allow());
    });
  });

  it('treats a ?site= naming another website than the stored one like no website info', () => {
    expect(going('/home?site=demo2')).toEqual(
      redirect('/login?site=demo2', [{ type: 'rememberReferrer', path: '/home' }]),
    );
    // The stored website itself, in any letter case: nothing to do.
    expect(going('/home?site=DEMO')).toEqual(allow());
  });

  describe('with stored website info without an id', () => {
    it.each([
      { ...site, id: undefined },
      { ...site, id: null },
      { ...site, id: 0 },
    ])('goes to /login (id $id)', (noId) => {
      expect(going('/home', { site: noId })).toEqual(redirect('/login'));
      expect(going('/productDisplay?x=1', { site: noId })).toEqual(redirect('/login'));
    });

    it('goes to /login rather than the invalid-link page from a page the buyer may not open', () => {
      const noId = { ...site, id: undefined, show_function: { news: 0 } };
      expect(going('/personalCenter', { site: noId, user: visitor })).toEqual(redirect('/login'));
      expect(going('/companyNews', { site: noId })).toEqual(redirect('/login'));
    });

    it('goes to /login from the unnamed route', () => {
      expect(going('/', { site: { ...site, id: undefined } })).toEqual(redirect('/login'));
    });
  });

  describe('with the website stored but no session (the login page was opened, nobody logged in)', () => {
    it('remembers the page asked for and goes to /login, rather than let its calls fail', () => {
      expect(going('/productDetails?id=7', { user: null, hasToken: false })).toEqual(
        redirect('/login', [{ type: 'rememberReferrer', path: '/productDetails?id=7' }]),
      );
      expect(going('/home', { user: null, hasToken: false })).toEqual(
        redirect('/login', [{ type: 'rememberReferrer', path: '/home' }]),
      );
    });
  });

  describe('layout-hidden routes, for customers (login_type 1) only', () => {
    const customerOnly = APP_ROUTES.filter((r) => r.customerOnly).map((r) => r.path);

    it("are the spec's four layout-hidden routes and the order list", () => {
      expect(customerOnly).toEqual([
        '/personalCenter',
        '/inventory',
        '/quoteAckForm',
        '/orderList',
        '/orderDetails',
      ]);
      expect(APP_ROUTES.filter((r) => r.layout === 'bare').map((r) => r.path)).toEqual(customerOnly);
    });

    it.each(customerOnly)('%s sends a visitor, or nobody, to the invalid-link page', (path) => {
      expect(going(path, { user: visitor })).toEqual(redirect(PATHS.invalidLink));
      expect(going(path, { user: null, hasToken: false })).toEqual(redirect(PATHS.invalidLink));
    });

    it('needs the session token too', () => {
      expect(going('/personalCenter', { hasToken: false })).toEqual(redirect(PATHS.invalidLink));
    });
  });

  describe('routes of a function the website switched off', () => {
    it.each([
      ['/companyNews', 'news'],
      ['/aboutUs', 'about_us'],
      ['/contactUs', 'contact'],
    ] as const)('%s needs show_function.%s', (path, key) => {
      const off = { ...site, show_function: { ...site.show_function, [key]: 0 } };
      expect(going(path, { site: off })).toEqual(redirect(PATHS.invalidLink));
      expect(going(path, { site: off, user: null, hasToken: false })).toEqual(redirect(PATHS.invalidLink));
      expect(going(path)).toEqual(allow());
    });

    it('counts a missing show_function as off', () => {
      expect(going('/aboutUs', { site: { id: 1, site: 'demo' } })).toEqual(redirect(PATHS.invalidLink));
    });

    it('leaves the other routes alone', () => {
      const allOff = { ...site, show_function: { news: 0, about_us: 0, contact: 0 } };
      expect(going('/home', { site: allOff })).toEqual(allow());
    });
  });

  describe('/login', () => {
    it('clears the user info and the chat of a buyer who is logged in', () => {
      const clear: GuardEffect[] = [{ type: 'clearUserInfo' }, { type: 'clearChat' }];
      expect(going('/login')).toEqual(allow(clear));
      expect(going('/login', { user: visitor })).toEqual(allow(clear));
      expect(going('/login?site=demo2', { user: visitor })).toEqual(allow(clear));
    });

    it('keeps a stored token without a user, for the login page to restore', () => {
      expect(going('/login', { user: null, hasToken: true })).toEqual(allow());
      expect(going('/login', { user: null, hasToken: false })).toEqual(allow());
    });
  });

  it('sends the unnamed route (/) to /home', () => {
    expect(going('/')).toEqual(redirect('/home'));
    expect(going('/', { user: null, hasToken: false })).toEqual(redirect('/home'));
  });

  it('lets an unknown path through: it shows the invalid-link page in place', () => {
    expect(going('/no/such/page?x=1')).toEqual(allow());
    expect(going('/invalidLink')).toEqual(allow());
  });

  describe('a one-time login link (?login_link=)', () => {
    const LINK = '12.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    const nobody = { user: null, hasToken: false };

    it('takes it out of the address at once, then exchanges it when nobody is logged in', () => {
      expect(going(`/home?site=demo&login_link=${LINK}`, { site: null, ...nobody })).toEqual(
        redirect('/home?site=demo', [
          { type: 'cleanAddress', to: '/home?site=demo' },
          { type: 'exchangeLoginLink', link: LINK },
        ]),
      );
    });

    it('asks before switching when another buyer is logged in, and stays on their website meanwhile', () => {
      expect(
        going(`/home?site=demo2&login_link=${LINK}`, { user: { login_type: 1, customer_id: 7 } }),
      ).toEqual(
        redirect('/home', [
          { type: 'cleanAddress', to: '/home' },
          { type: 'offerLoginLink', link: LINK },
        ]),
      );
      expect(going(`/home?login_link=${LINK}`, { user: visitor })).toEqual(
        redirect('/home', [
          { type: 'cleanAddress', to: '/home' },
          { type: 'offerLoginLink', link: LINK },
        ]),
      );
    });

    it('only drops it when the buyer it was made for is the one logged in', () => {
      expect(
        going(`/home?site=demo&login_link=${LINK}`, { user: { login_type: 1, customer_id: 12 } }),
      ).toEqual(redirect('/home', [{ type: 'cleanAddress', to: '/home' }]));
    });

    it('drops an empty one without exchanging anything', () => {
      expect(going('/home?login_link=%20', nobody)).toEqual(
        redirect('/home', [{ type: 'cleanAddress', to: '/home' }]),
      );
    });
  });

  describe('a session token in the address (?token=, before login links)', () => {
    it('logs nobody in: it is dropped from the address and the buyer goes to log in', () => {
      expect(going('/productDetails?id=7&token=tok-1', { user: null, hasToken: false })).toEqual(
        redirect('/login', [{ type: 'rememberReferrer', path: '/productDetails?id=7' }]),
      );
    });

    it('never replaces the session of a buyer who is logged in', () => {
      expect(going('/personalCenter?token=tok-1')).toEqual(redirect('/personalCenter'));
    });

    it('is left alone on /NotWebsite', () => {
      expect(going('/NotWebsite?token=tok-1')).toEqual(allow());
    });
  });

  it('allows every redirect target it gives, once its side effects are applied', () => {
    const cases: [string, Partial<GuardInput>][] = [
      ['/productDisplay?token=t&site=demo', { site: null, user: null, hasToken: false }],
      ['/home?login_link=1.abc', { user: visitor }],
      ['/personalCenter', { user: visitor }],
      ['/companyNews', { site: { ...site, show_function: { news: 0 } } }],
      ['/', {}],
      ['/home?token=abc', {}],
      ['/login?token=abc', {}],
    ];
    for (const [start, over] of cases) {
      const first = going(start, over);
      expect(first.kind).toBe('redirect');
      if (first.kind !== 'redirect') continue;
      // The state after the effects: the user cleared.
      const cleared = first.effects.some((e) => e.type === 'clearUserInfo');
      const next = going(first.to, {
        ...over,
        ...(cleared ? { user: null, hasToken: false } : {}),
      });
      expect({ start, next: next.kind }).toEqual({ start, next: 'allow' });
    }
  });
});

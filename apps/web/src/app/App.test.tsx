import '@testing-library/jest-dom/vitest';
import '../test/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ErrorCode, languageByKey, LIMITS } from '@vitrine/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import * as storage from '../lib/storage';
import { showToast } from '../lib/toast';
import { fail, mockApi, ok } from '../test/api-mock';
import { renderApp } from '../test/app';
import { customer, demoSite, visitor } from '../test/fixtures';
import { closeChat } from './chat';
import { withTimeout } from './router';
import { resetSiteRefresh } from './useSiteRefresh';

vi.mock('./layout/MainLayout', () => import('../test/layout-stubs'));
vi.mock('./layout/BareLayout', () => import('../test/layout-stubs'));
vi.mock('./chat', () => ({ closeChat: vi.fn() }));
// A page whose code cannot be loaded (offline, or a release replaced it).
vi.mock('../features/image-search/routes/ProSearchPage', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const lang = (key: string) => {
  const l = languageByKey(key);
  if (!l) throw new Error(key);
  return l;
};

beforeEach(async () => {
  vi.mocked(closeChat).mockClear();
  await setLanguage(lang('en'));
});

function signIn(user = customer, site = demoSite) {
  storage.setSite(site);
  storage.setToken('tok-1');
  storage.setUser(user);
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** The toast showing `text`, once the toasts' code has loaded. */
const toast = async (text: string) => (await screen.findByText(text)).closest('[role="alert"]');

describe('routing', () => {
  it('sends a deep link to /login, and the buyer back to it after logging in', async () => {
    const api = mockApi({
      get_website_info: () => ok(demoSite),
      login: () => ok({ token: 'tok-1', id: 1, site: demoSite, user: visitor }),
    });
    const { user } = renderApp('/productDisplay?site=demo&keyword=car');

    const field = await screen.findByLabelText('Access code or password');
    expect(window.location.pathname + window.location.search).toBe('/login?site=demo');
    expect(api.named('get_website_info')[0]?.body).toMatchObject({ site: 'demo' });

    await user.type(field, 'demo-visitor{Enter}');
    expect(await heading('Results for “car”')).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/productDisplay?keyword=car');
    // The referrer is used once.
    expect(storage.takeReferrer()).toBeNull();
  });

  it('shows each page in its layout', async () => {
    signIn();
    const { router } = renderApp('/home');
    expect(await heading('Home')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('data-layout', 'main');

    await act(() => router.navigate('/productDetails?id=7'));
    expect(await heading('Product details')).toBeInTheDocument();

    await act(() => router.navigate('/personalCenter'));
    expect(await heading('Personal center')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('data-layout', 'bare');
  });

  it('sends the bare root to /home', async () => {
    signIn();
    renderApp('/');
    expect(await heading('Home')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
  });

  it('shows the invalid-link page for an unknown path, with a way home', async () => {
    signIn();
    const { user } = renderApp('/no/such/page');
    expect(await heading('Sorry, the current link is invalid')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/no/such/page');
    expect(document.title).toBe(demoSite.company_name_en);

    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await heading('Home')).toBeInTheDocument();
  });

  it('keeps a visitor off the customers-only pages', async () => {
    signIn(visitor);
    renderApp('/orderDetails?id=3');
    expect(await heading('Sorry, the current link is invalid')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/invalidLink');
  });

  it('keeps everyone off a function the website switched off', async () => {
    signIn(customer, { ...demoSite, show_function: { news: 0, about_us: 1, contact: 1 } });
    const { router } = renderApp('/companyNews');
    expect(await heading('Sorry, the current link is invalid')).toBeInTheDocument();
    await act(() => router.navigate('/aboutUs'));
    expect(await heading('About us')).toBeInTheDocument();
  });

  it('ends the session of a buyer who goes back to /login', async () => {
    signIn();
    const api = mockApi({ logout: () => ok({}), get_website_info: () => ok(demoSite) });
    renderApp('/login');
    expect(await screen.findByLabelText('Access code or password')).toBeInTheDocument();
    expect(api.named('logout')[0]?.headers.Authorization).toBe('Bearer tok-1');
    expect(storage.getToken()).toBeNull();
    expect(storage.getUser()).toBeNull();
    expect(closeChat).toHaveBeenCalled();
    expect(storage.getSite()).toEqual(demoSite);
  });

  it('logs nobody in with a session token in the address: it is dropped, and the buyer goes to log in', async () => {
    storage.setSite(demoSite);
    const api = mockApi({ get_website_info: () => ok(demoSite) });
    renderApp('/personalCenter?token=tok-url&tab=orders');
    expect(await screen.findByLabelText('Access code or password')).toBeInTheDocument();
    expect(window.location.search).not.toContain('tok-url');
    expect(storage.getToken()).toBeNull();
    expect(api.calls.some((c) => c.headers.Authorization?.includes('tok-url'))).toBe(false);
  });

  describe('a one-time login link', () => {
    const LINK = '9.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    const linked = { ...customer, customer_id: 9, customer_name: 'Nordic Toys AB' };

    it('logs a browser where nobody is logged in in as its owner, with a session of its own', async () => {
      let addressAtExchange = '';
      const api = mockApi({
        exchange_login_link: () => {
          addressAtExchange = window.location.href;
          return ok({ token: 'tok-fresh', id: 1, site: demoSite, user: linked, visitor_key: null });
        },
      });
      renderApp(`/home?site=demo&login_link=${LINK}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Home' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      // Out of the address bar before the exchange was even sent.
      expect(addressAtExchange).not.toContain(LINK);
      expect(window.location.href).not.toContain(LINK);
      expect(api.named('exchange_login_link')[0]?.body).toMatchObject({ login_link: LINK });
      expect(storage.getToken()).toBe('tok-fresh');
      expect(storage.getUser()?.customer_name).toBe('Nordic Toys AB');
    });

    it('says so when the link is used up, and logs nobody in', async () => {
      mockApi({
        exchange_login_link: () =>
          fail(
            ErrorCode.FAILED,
            'This login link has expired or was already used. Please ask for a new one.',
          ),
        get_website_info: () => ok(demoSite),
      });
      renderApp(`/home?site=demo&login_link=${LINK}`);
      expect(
        await toast('This login link has expired or was already used. Please ask for a new one.'),
      ).not.toBeNull();
      expect(await screen.findByLabelText('Access code or password')).toBeInTheDocument();
      expect(storage.getToken()).toBeNull();
    });

    it('asks a buyer logged in as someone else first, and staying changes nothing', async () => {
      signIn();
      const api = mockApi({});
      const { user } = renderApp(`/home?site=demo&login_link=${LINK}`);
      const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
      expect(dialog).toHaveTextContent(
        'You are logged in as Carlos Mendes. Switch to the account of this link?',
      );
      expect(window.location.href).not.toContain(LINK);
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.named('exchange_login_link')).toHaveLength(0);
      expect(storage.getToken()).toBe('tok-1');
      expect(storage.getUser()?.customer_name).toBe('Carlos Mendes');
    });
  });

  it('shows a failure to load a page in place, with a way to try again', async () => {
    signIn();
    renderApp('/proSearch');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, this page could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // Inside the layout: the rest of the showroom still works.
    expect(screen.getByRole('main')).toHaveAttribute('data-layout', 'main');
  });

  it(`gives up on a page's code after ${LIMITS.CHUNK_LOAD_TIMEOUT_MS / 1000} s`, async () => {
    vi.useFakeTimers();
    const late = withTimeout(new Promise(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(LIMITS.CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await late).toBeInstanceOf(Error);
    await expect(withTimeout(Promise.resolve('page'))).resolves.toBe('page');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the tab', () => {
  it('shows the company name and logo after each navigation, in the language on screen', async () => {
    signIn();
    const { router } = renderApp('/home');
    await heading('Home');
    expect(document.title).toBe(demoSite.company_name_en);
    expect(document.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/img/160/1/logo.png.webp');

    document.title = 'Something else';
    await act(() => router.navigate('/productDisplay'));
    await heading('Products');
    await waitFor(() => expect(document.title).toBe(demoSite.company_name_en));

    await act(() => setLanguage(lang('zh')));
    await waitFor(() => expect(document.title).toBe(demoSite.company_name));
    await act(() => setLanguage(lang('ar')));
    await waitFor(() => expect(document.title).toBe(demoSite.company_name_en));
  });
});

describe('the error catalogue, app-wide', () => {
  it('on -2 away from /login: goes to /login, says why, forgets the language, and returns after login', async () => {
    signIn();
    await setLanguage(lang('fr'), { remember: true });
    const { user } = renderApp('/productDetails?id=7');
    await heading('Détails du produit');

    mockApi({
      get_company_info: () => fail(ErrorCode.SESSION_INVALID, 'Your session has ended, please log in again'),
      get_website_info: () => ok(demoSite),
      login: () => ok({ token: 'tok-2', id: 1, site: demoSite, user: customer }),
    });
    await act(() => callApi('get_company_info', {}).catch(() => {}));

    const alert = await toast('Your session has ended, please log in again');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    expect(await screen.findByLabelText('Access code or password')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(storage.getUser()).toBeNull();
    expect(storage.getLanguage()).toBeNull();
    expect(closeChat).toHaveBeenCalled();
    // The website's own language again (English for the demo).
    expect(document.documentElement).toHaveAttribute('lang', 'en');

    await user.type(screen.getByLabelText('Access code or password'), 'demo-buyer{Enter}');
    expect(await heading('Product details')).toBeInTheDocument();
    expect(window.location.search).toBe('?id=7');
  });

  it('on -106: forgets the website and the session, and shows /NotWebsite', async () => {
    signIn();
    renderApp('/home');
    await heading('Home');
    mockApi({
      get_company_info: () => fail(ErrorCode.WEBSITE_NOT_FOUND, 'This showroom could not be found'),
    });
    await act(() => callApi('get_company_info', {}).catch(() => {}));

    expect(await screen.findByRole('heading', { name: 'Sorry, the web page was lost' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/NotWebsite');
    expect(storage.getSite()).toBeNull();
    expect(storage.getUser()).toBeNull();
    // The title is set in an effect, which React may run after the heading is on screen.
    await waitFor(() => expect(document.title).toBe('Sorry, the web page was lost'));
  });

  it("shows any other failure's tip as an alert toast, once, unless the caller opts out", async () => {
    signIn();
    renderApp('/home');
    await heading('Home');
    mockApi({ get_company_info: () => fail(ErrorCode.INTERNAL, 'Something went wrong on our side') });

    await act(() => callApi('get_company_info', {}, { silent: true }).catch(() => {}));
    await act(() => callApi('get_company_info', {}).catch(() => {}));
    await act(() => callApi('get_company_info', {}).catch(() => {}));

    const alert = await toast('Something went wrong on our side');
    expect(alert).toHaveAttribute('aria-atomic', 'true');
    expect(screen.getAllByText('Something went wrong on our side')).toHaveLength(1);
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    // The session is not touched, and the buyer stays.
    expect(storage.getUser()).toEqual(customer);
    expect(window.location.pathname).toBe('/home');
  });

  it('announces other news politely (role=status), and errors at once (role=alert)', async () => {
    signIn();
    renderApp('/home');
    await heading('Home');
    act(() => {
      showToast('Added to the sample cart', 'success');
      showToast('Nothing selected for deletion', 'error');
    });
    const news = (await screen.findByText('Added to the sample cart')).closest('[role="status"]');
    expect(news).toHaveAttribute('aria-live', 'polite');
    expect(
      (await screen.findByText('Nothing selected for deletion')).closest('[role="alert"]'),
    ).toHaveAttribute('aria-live', 'assertive');
  });

  it('says so when a request could not start', async () => {
    signIn();
    renderApp('/home');
    await heading('Home');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await act(() => callApi('get_company_info', {}).catch(() => {}));
    expect(await toast('Request failed to start')).toBeInTheDocument();
  });

  it('says so when a request timed out', async () => {
    signIn();
    renderApp('/home');
    await heading('Home');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
      ),
    );
    await act(() => callApi('get_company_info', {}, { timeoutMs: 5 }).catch(() => {}));
    expect(await toast('Request timed out, try again later')).toBeInTheDocument();
  });

  it('closes the chat when a call flagged needError fails', async () => {
    signIn();
    renderApp('/home');
    await heading('Home');
    mockApi({ get_company_info: () => fail(ErrorCode.FAILED, 'Refused') });
    await act(() => callApi('get_company_info', {}, { needError: true, silent: true }).catch(() => {}));
    expect(closeChat).toHaveBeenCalledTimes(1);
    expect(storage.getUser()).toBeNull();
  });
});

describe("the website's settings, asked again once a page has loaded", () => {
  it('shows what the exporter changed since the login, and the user as the server has it now', async () => {
    resetSiteRefresh();
    signIn(visitor, { ...demoSite, template_color: 1 });
    const api = mockApi({
      get_website_again: () =>
        ok({ id: demoSite.id, site: { ...demoSite, template_color: 5 }, user: visitor }),
      get_parent_category: () => ok([]),
    });
    renderApp('/aboutUs');
    await waitFor(() => expect(storage.getSite()?.template_color).toBe(5));
    expect(api.named('get_website_again')).toHaveLength(1);
  });

  it('asks once per page load, and not on the login page, which answers it itself', async () => {
    resetSiteRefresh();
    signIn();
    const api = mockApi({ get_website_info: () => ok(demoSite) });
    const { router } = renderApp('/login?site=demo');
    await screen.findByLabelText('Access code or password');
    await act(() => router.navigate('/aboutUs'));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.named('get_website_again')).toHaveLength(0);
  });
});

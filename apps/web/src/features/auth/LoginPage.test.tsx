import '@testing-library/jest-dom/vitest';
import '../../test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import { ErrorCode, languageByKey } from '@vitrine/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import * as storage from '../../lib/storage';
import { fail, mockApi, ok } from '../../test/api-mock';
import { renderApp as renderAt } from '../../test/app';
import { customer, demoSite, visitor } from '../../test/fixtures';

vi.mock('../../app/layout/MainLayout', () => import('../../test/layout-stubs'));
vi.mock('../../app/layout/BareLayout', () => import('../../test/layout-stubs'));

const english = languageByKey('en');
if (!english) throw new Error('English missing');

beforeEach(async () => {
  await setLanguage(english);
});

const renderApp = (path = '/login?site=demo') => renderAt(path).user;

/** The form, once the website has loaded. */
async function codeField() {
  return screen.findByLabelText('Access code or password');
}

describe('the login page', () => {
  it('asks the server for the website of ?site= and shows the company in English', async () => {
    const api = mockApi({ get_website_info: () => ok(demoSite) });
    renderApp();
    expect(
      await screen.findByRole('heading', { level: 1, name: demoSite.company_name_en }),
    ).toBeInTheDocument();
    expect(api.named('get_website_info')[0]?.body).toMatchObject({ site: 'demo' });
    expect(storage.getSite()?.site).toBe('demo');
  });

  it('refuses an empty code under the field, without a request', async () => {
    const api = mockApi({ get_website_info: () => ok(demoSite) });
    const user = renderApp();
    const field = await codeField();
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Enter the showroom' }));

    const message = screen.getByText('Please enter the access code or password');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter the access code or password');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(field).toHaveFocus();
    expect(api.named('login')).toHaveLength(0);
  });

  it("shows the server's tip under the field for a wrong code", async () => {
    const api = mockApi({
      get_website_info: () => ok(demoSite),
      login: () => fail(ErrorCode.WRONG_PASSWORD, 'Wrong password'),
    });
    const user = renderApp();
    await user.type(await codeField(), 'not-it{Enter}');

    const field = await codeField();
    await waitFor(() => expect(field).toHaveAccessibleDescription('Wrong password'));
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong password');
    expect(api.named('login')[0]?.body).toMatchObject({ website_id: demoSite.id, code: 'not-it' });
    expect(storage.getToken()).toBeNull();
  });

  it('shows the throttling tip under the field too', async () => {
    mockApi({
      get_website_info: () => ok(demoSite),
      login: () =>
        fail(ErrorCode.TOO_MANY_REQUESTS, 'Too many wrong attempts, please try again in 15 minutes'),
    });
    const user = renderApp();
    await user.type(await codeField(), 'again{Enter}');
    await waitFor(async () =>
      expect(await codeField()).toHaveAccessibleDescription(
        'Too many wrong attempts, please try again in 15 minutes',
      ),
    );
  });

  it('lets a customer in and moves on to /home', async () => {
    const api = mockApi({
      get_website_info: () => ok(demoSite),
      login: () => ok({ token: 'tok-1', id: demoSite.id, site: demoSite, user: customer, visitor_key: null }),
    });
    storage.setVisitorKey(demoSite.id, 'issued-to-this-browser-01');
    const user = renderApp();
    await user.type(await codeField(), 'demo-buyer');
    await user.click(screen.getByRole('button', { name: 'Enter the showroom' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
    expect(storage.getToken()).toBe('tok-1');
    expect(storage.getUser()?.customer_name).toBe('Carlos Mendes');
    expect(api.named('login')[0]?.headers).not.toHaveProperty('Website-ID');
    // A customer's login leaves the browser's visitor key for its next visit as a visitor.
    expect(storage.getVisitorKey(demoSite.id)).toBe('issued-to-this-browser-01');
  });

  it('lets a visitor in too, bringing the key the server issued before and keeping the one it issues now', async () => {
    const api = mockApi({
      get_website_info: () => ok(demoSite),
      login: () =>
        ok({
          token: 'tok-2',
          id: demoSite.id,
          site: demoSite,
          user: visitor,
          visitor_key: 'issued-now-by-the-server',
        }),
    });
    storage.setVisitorKey(demoSite.id, 'issued-before-by-the-server');
    const user = renderApp();
    await user.type(await codeField(), 'demo-visitor{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(storage.getUser()?.login_type).toBe(0);
    expect(api.named('login')[0]?.body).toMatchObject({ visitor_key: 'issued-before-by-the-server' });
    expect(storage.getVisitorKey(demoSite.id)).toBe('issued-now-by-the-server');
  });

  it('restores a stored session without its user, and moves on', async () => {
    storage.setSite(demoSite);
    storage.setToken('tok-live');
    const api = mockApi({ get_website_again: () => ok({ id: 1, site: demoSite, user: customer }) });
    renderApp('/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Home' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.named('get_website_again')[0]?.headers.Authorization).toBe('Bearer tok-live');
    expect(api.named('get_website_info')).toHaveLength(0);
    expect(storage.getUser()?.customer_name).toBe('Carlos Mendes');
  });

  it('shows the form with the server’s tip when the stored session had ended', async () => {
    storage.setSite(demoSite);
    storage.setToken('tok-old');
    mockApi({
      get_website_again: () => fail(ErrorCode.SESSION_INVALID, 'Your session has ended, please log in again'),
      get_website_info: () => ok(demoSite),
    });
    renderApp('/login');
    expect(await codeField()).toBeInTheDocument();
    const status = screen
      .getAllByRole('status')
      .find((s) => s.textContent?.includes('Your session has ended'));
    expect(status).toBeDefined();
    // On /login, the page says it: no toast as well.
    await import('../../app/Toasts');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByText('Your session has ended, please log in again')).toHaveLength(1);
    expect(storage.getToken()).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('forgets a stored session of another website than the one asked for', async () => {
    storage.setSite(demoSite);
    storage.setToken('tok-demo');
    const demo2 = {
      ...demoSite,
      id: 2,
      site: 'demo2',
      company_name_en: 'Desert Rose Toys Trading Co., Ltd.',
    };
    const api = mockApi({ get_website_info: () => ok(demo2) });
    renderApp('/login?site=demo2');
    expect(await screen.findByRole('heading', { level: 1, name: demo2.company_name_en })).toBeInTheDocument();
    expect(api.named('get_website_info')[0]?.body).toMatchObject({ site: 'demo2' });
    expect(api.named('get_website_again')).toHaveLength(0);
    expect(storage.getToken()).toBeNull();
    expect(storage.getSite()?.id).toBe(2);
  });

  it('switches to Arabic, right to left, from the language selector', async () => {
    mockApi({ get_website_info: () => ok(demoSite) });
    const user = renderApp();
    await codeField();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');

    expect(await screen.findByLabelText('رمز الدخول أو كلمة المرور')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    // Not Chinese, so the English company name stays.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(demoSite.company_name_en);
    expect(storage.getLanguage()?.key).toBe('ar');

    await user.selectOptions(screen.getByRole('combobox', { name: 'اللغة' }), 'zh');
    expect(await screen.findByRole('heading', { level: 1, name: demoSite.company_name })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('opens the access application dialog and shows the server answer', async () => {
    const api = mockApi({
      get_website_info: () => ok(demoSite),
      access_apply: (body) =>
        String(body.phone).length < 5
          ? fail(ErrorCode.BAD_REQUEST, 'Please enter a valid phone number')
          : ok({}, 'Your application has been sent; the company will contact you soon'),
    });
    const user = renderApp();
    await codeField();
    await user.click(screen.getByRole('button', { name: 'Apply for access' }));

    const dialog = await screen.findByRole('dialog', { name: 'Apply for access' });
    const phone = within(dialog).getByLabelText(/Phone number/);
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');

    await user.type(phone, '123{Enter}');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Please enter a valid phone number'));

    await user.clear(phone);
    await user.type(phone, '+971 50 123 4567');
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(
      await within(dialog).findByText('Your application has been sent; the company will contact you soon'),
    ).toBeInTheDocument();
    expect(api.named('access_apply')[1]?.headers['Website-ID']).toBe('1');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Apply for access' })).toHaveFocus();
  });

  it('shows the full-page "not a website" message for an unknown site, with a way back', async () => {
    mockApi({
      get_website_info: (body) =>
        body.site === 'nope'
          ? fail(ErrorCode.WEBSITE_NOT_FOUND, 'This showroom could not be found')
          : ok(demoSite),
    });
    const user = renderApp('/login?site=nope');
    expect(await screen.findByRole('heading', { name: 'Sorry, the web page was lost' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/NotWebsite');
    expect(storage.getSite()).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(await codeField()).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });
});

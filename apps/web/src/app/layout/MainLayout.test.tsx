import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import '../../test/dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CompanyContact, languageByKey, type SessionUser, type WebsiteInfo } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { resetBadges, setCartCount, setUnreadCount } from '../../lib/badges';
import { setLanguage } from '../../lib/i18n';
import * as storage from '../../lib/storage';
import { type Handler, mockApi, ok } from '../../test/api-mock';
import { customer, demoSite, visitor } from '../../test/fixtures';
import { AppProviders } from '../AppProviders';
import { BareLayout } from './BareLayout';
import layoutClasses from './Layout.module.css';
import { MainLayout } from './MainLayout';
import { clearContactsCache } from './useContacts';

const english = languageByKey('en');
if (!english) throw new Error('English missing');

const noContact = { ...demoSite.show_function, contact: 0 as const };

const contact: CompanyContact = {
  company_contact: 'Lily Chen',
  company_mobilephone: '+86 138 0000 0000',
  company_telephone: '',
  company_email: 'sales@starlight.example',
  company_wechat: '',
  company_whatsapp: '+86 138-0000-0001',
  company_facebook: '',
  company_fax: '',
  company_qq: '12345678',
  company_address: '广东省汕头市澄海区',
  company_address_en: 'Chenghai, Shantou, Guangdong',
  lang_type: 1,
  address: 'Chenghai, Shantou, Guangdong',
};

/** Shows where the router is, so tests can check navigation. */
function Where({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} page at {location.pathname + location.search}
    </p>
  );
}

interface Setup {
  site?: Partial<WebsiteInfo>;
  user?: SessionUser | null;
  path?: string;
  api?: Record<string, Handler>;
}

function renderLayout({ site = {}, user = visitor, path = '/home', api = {} }: Setup = {}) {
  const info = { ...demoSite, show_function: noContact, ...site };
  storage.setSite(info);
  if (user) storage.setUser(user);
  const server = mockApi({ contact_us: () => ok({ contact_type: 0, contacts: [contact] }), ...api });
  const router = createMemoryRouter(
    [
      {
        element: <MainLayout />,
        children: [
          { path: '/home', element: <Where name="home" /> },
          { path: '/productDisplay', element: <Where name="products" /> },
          { path: '/proSearch', element: <Where name="image search" /> },
          { path: '/chooseCar', element: <Where name="cart" /> },
          ...['/newsDetails', '/certificates', '/inspection', '/showroom', '/booth', '/ecommerce']
            .concat(['/ecommerceDetails', '/newProducts'])
            .map((p) => ({ path: p, element: <Where name="another" /> })),
        ],
      },
      {
        element: <BareLayout />,
        children: [{ path: '/personalCenter', element: <Where name="personal" /> }],
      },
      { path: '/login', element: <Where name="login" /> },
    ],
    { initialEntries: [path] },
  );
  const ui = userEvent.setup();
  render(
    <AppProviders templateColor={info.template_color} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ui, server, router };
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const tabNames = () =>
  within(mainNav())
    .getAllByRole('link')
    .map((a) => a.textContent);

beforeEach(async () => {
  await setLanguage(english);
  clearContactsCache();
});

afterEach(() => resetBadges());

describe('the header tabs', () => {
  it('shows every tab to a customer when every function is on, and marks the current one', () => {
    renderLayout({ site: { show_function: { news: 1, about_us: 1, contact: 0 } }, user: customer });
    expect(tabNames()).toEqual(['Home', 'Products', 'E-commerce', 'News', 'About us', 'Personal center']);
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');
  });

  it('hides news, about and contact when their function is off, and the personal center from visitors', () => {
    renderLayout({ site: { show_function: { news: 0, about_us: 0, contact: 0 } }, user: visitor });
    expect(tabNames()).toEqual(['Home', 'Products', 'E-commerce']);
  });

  it('links each tab to its route', () => {
    renderLayout({ site: { show_function: { news: 1, about_us: 1, contact: 1 } }, user: customer });
    const hrefs = within(mainNav())
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/home',
      '/productDisplay',
      '/ecommerce',
      '/companyNews',
      '/aboutUs',
      '/contactUs',
      '/personalCenter',
    ]);
  });
});

describe('the current tab on pages without a tab of their own', () => {
  it.each([
    ['/newsDetails?id=3', 'News'],
    ['/certificates', 'About us'],
    ['/inspection', 'About us'],
    ['/showroom', 'About us'],
    ['/booth?id=2', 'About us'],
    ['/ecommerce', 'E-commerce'],
    ['/ecommerceDetails?id=5', 'E-commerce'],
    ['/newProducts', 'Products'],
  ])('marks the tab a buyer came through on %s (%s)', async (path, tab) => {
    renderLayout({ site: { show_function: { news: 1, about_us: 1, contact: 0 } }, user: visitor, path });
    await screen.findByText(new RegExp(`page at ${path.replace(/[?]/g, '\\?')}$`));
    const current = within(mainNav())
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual([tab]);
  });
});

describe('login and quit', () => {
  it('offers Login to a visitor, going to /login', async () => {
    const { ui } = renderLayout({ user: visitor });
    expect(screen.queryByRole('button', { name: 'Quit' })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('login page at /login')).toBeInTheDocument();
  });

  it('lets a customer quit: the session ends on the server and here, then /login', async () => {
    const { ui, server } = renderLayout({ user: customer, api: { logout: () => ok({}) } });
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Quit' }));
    expect(await screen.findByText('login page at /login')).toBeInTheDocument();
    expect(server.named('logout')).toHaveLength(1);
    expect(storage.getUser()).toBeNull();
    expect(storage.getSite()?.id).toBe(demoSite.id);
  });
});

describe('the search box', () => {
  it('mentions the factory number only when show_article_number is 1', () => {
    renderLayout({ site: { show_article_number: 1 } });
    expect(screen.getByPlaceholderText('Search product name, number or factory number')).toBeInTheDocument();
  });

  it('asks for name or number otherwise', () => {
    renderLayout({ site: { show_article_number: 0 } });
    expect(screen.getByPlaceholderText('Search product name or number')).toBeInTheDocument();
  });

  it('searches the product list by keyword', async () => {
    const { ui } = renderLayout();
    const search = screen.getByRole('search');
    await ui.type(within(search).getByRole('searchbox'), 'robot dog');
    await ui.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('products page at /productDisplay?keyword=robot+dog')).toBeInTheDocument();
  });

  it('offers image search (camera) only for toy_type 1', () => {
    renderLayout({ site: { toy_type: 1 } });
    expect(
      within(screen.getByRole('search')).getByRole('button', { name: 'Search by image' }),
    ).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it.each([2, 3])('has no camera for toy_type %i', (toyType) => {
    renderLayout({ site: { toy_type: toyType } });
    expect(screen.queryByRole('button', { name: 'Search by image' })).not.toBeInTheDocument();
  });
});

describe('the phone menu', () => {
  it('opens a drawer with the tabs, and closes on navigation; the search stays on the page', async () => {
    const { ui } = renderLayout({ user: customer });
    expect(within(screen.getByRole('banner')).getByRole('search')).toBeInTheDocument();
    const burger = screen.getByRole('button', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await ui.click(burger);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).queryByRole('search')).not.toBeInTheDocument();
    const drawerNav = within(dialog).getByRole('navigation', { name: 'Main navigation' });
    await ui.click(within(drawerNav).getByRole('link', { name: 'Products' }));
    expect(await screen.findByText('products page at /productDisplay')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the welcome banner', () => {
  it('greets on /home when is_default_banner is 1', () => {
    renderLayout({ site: { is_default_banner: 1 } });
    const banner = screen.getByTestId('welcome-banner');
    expect(banner).toHaveTextContent('Welcome to our online showroom');
    expect(banner).toHaveTextContent(demoSite.company_name_en);
  });

  it('is not there when is_default_banner is 0, nor on other pages', () => {
    renderLayout({ site: { is_default_banner: 0 } });
    expect(screen.queryByTestId('welcome-banner')).not.toBeInTheDocument();
  });

  it('is only on the home page', () => {
    renderLayout({ site: { is_default_banner: 1 }, path: '/productDisplay' });
    expect(screen.queryByTestId('welcome-banner')).not.toBeInTheDocument();
  });
});

describe('the floating side bar', () => {
  const sideBar = () => screen.getByRole('complementary', { name: 'Quick actions' });

  it('offers customer service only to a customer with a chat id, with the unread count', () => {
    renderLayout({ user: { ...customer, chat_id: 'c-7' } });
    act(() => setUnreadCount(4));
    expect(within(sideBar()).getByRole('button', { name: 'Customer service 4' })).toBeInTheDocument();
    expect(within(sideBar()).getByRole('link', { name: 'Personal center' })).toHaveAttribute(
      'href',
      '/personalCenter',
    );
  });

  it.each([
    ['a customer without a chat id', { ...customer, chat_id: null }],
    ['a visitor', { ...visitor, chat_id: 'v-1' }],
  ])('has no chat and no personal center for %s', (_who, user) => {
    renderLayout({ user });
    expect(within(sideBar()).queryByRole('button', { name: /Customer service/ })).not.toBeInTheDocument();
    if (user.login_type === 0) {
      expect(within(sideBar()).queryByRole('link', { name: 'Personal center' })).not.toBeInTheDocument();
    }
  });

  it("caps the cart's badge at 99+", () => {
    renderLayout();
    const cart = within(sideBar()).getByRole('link', { name: 'Sample cart' });
    expect(cart).toHaveAttribute('href', '/chooseCar');
    expect(within(cart).queryByTestId('badge')).not.toBeInTheDocument();
    act(() => setCartCount(7));
    expect(within(cart).getByTestId('badge')).toHaveTextContent('7');
    act(() => setCartCount(150));
    expect(within(cart).getByTestId('badge')).toHaveTextContent('99+');
    expect(cart).toHaveAccessibleName('Sample cart 99+');
  });

  it('leaves the cart button out on the cart page, where it would only cover the lines', async () => {
    const { ui } = renderLayout({ path: '/chooseCar' });
    expect(within(sideBar()).queryByRole('link', { name: 'Sample cart' })).not.toBeInTheDocument();
    await ui.click(within(mainNav()).getByRole('link', { name: 'Products' }));
    expect(within(sideBar()).getByRole('link', { name: 'Sample cart' })).toBeInTheDocument();
  });
});

/** A stylesheet's rule for `selector` outside any media query (those rules start their line). */
function rule(file: string, selector: string): string {
  const css = readFileSync(join(import.meta.dirname, file), 'utf8');
  const escaped = selector.replace(/[.[\]()]/g, '\\$&');
  return new RegExp(`^${escaped} \\{([^}]*)\\}`, 'm').exec(css)?.[1] ?? '';
}

describe('the room the side bar takes', () => {
  it("keeps the page out from under the side bar's buttons on a phone: a bar across the bottom whose height the page leaves at its end", () => {
    renderLayout({ user: { ...customer, chat_id: 'c-7' } });
    // The shell of the page (MainLayout) is the one that leaves the room (the bare layout has no bar).
    expect(document.getElementById('page-top')).toHaveClass(layoutClasses.withDock ?? 'withDock');
    expect(rule('Layout.module.css', '.withDock')).toMatch(
      /padding-block-end: var\(--vitrine-dock-height\);/,
    );
    // What the keyboard focuses stops above the bar too.
    expect(readFileSync(join(import.meta.dirname, 'Layout.module.css'), 'utf8')).toMatch(
      /:global\(html\):has\(\.withDock\) \{\s*scroll-padding-block-end: var\(--vitrine-dock-height\);/,
    );
    // The bar is exactly that high, across the whole width at the bottom: nothing beside it.
    const bar = rule('SideBar.module.css', '.sidebar');
    expect(bar).toMatch(/position: fixed;/);
    expect(bar).toMatch(/inset-inline: 0;/);
    expect(bar).toMatch(/inset-block-end: 0;/);
    expect(bar).toMatch(/height: var\(--vitrine-dock-height\);/);
    expect(bar).toMatch(/box-sizing: border-box;/);
    expect(bar).toMatch(/background: rgb\(255 255 255/);
  });

  it('shows no empty bar to a visitor on the cart page, where it would hold nothing until the page scrolls', () => {
    renderLayout({ path: '/chooseCar' });
    expect(screen.getByRole('complementary', { name: 'Quick actions', hidden: true })).toHaveAttribute(
      'data-idle',
    );
  });
});

describe('the footer', () => {
  const footer = () => screen.getByRole('contentinfo');

  it('shows the company, the links, and only the contact fields that are filled', async () => {
    const { server } = renderLayout({
      site: { show_function: { news: 1, about_us: 0, contact: 1 } },
      user: customer,
    });
    expect(within(footer()).getByText(demoSite.company_name_en)).toBeInTheDocument();
    const links = within(within(footer()).getByRole('navigation', { name: 'Quick links' })).getAllByRole(
      'link',
    );
    expect(links.map((a) => a.textContent)).toEqual([
      'Home',
      'Products',
      'E-commerce',
      'News',
      'Contact us',
      'Personal center',
    ]);

    const details = await within(footer()).findByRole('region', { name: 'Contact us' });
    await within(details).findByText('Lily Chen');
    const terms = within(details)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms).toEqual(['Contact person', 'Mobile', 'Email', 'WhatsApp', 'QQ', 'Address']);
    expect(within(details).getByRole('link', { name: contact.company_email })).toHaveAttribute(
      'href',
      'mailto:sales@starlight.example',
    );
    expect(within(details).getByRole('link', { name: /\+86 138-0000-0001/ })).toHaveAttribute(
      'href',
      'https://wa.me/8613800000001',
    );
    expect(within(details).getByRole('link', { name: contact.company_mobilephone })).toHaveAttribute(
      'href',
      'tel:+8613800000000',
    );
    expect(within(details).getByText(contact.address)).toBeInTheDocument();
    expect(server.named('contact_us')).toHaveLength(1);
  });

  it('asks for no contacts when the contact function is off', () => {
    const { server } = renderLayout({ site: { show_function: noContact } });
    expect(within(footer()).queryByRole('region', { name: 'Contact us' })).not.toBeInTheDocument();
    expect(server.named('contact_us')).toHaveLength(0);
  });

  it('still shows the company and links when the contacts fail to load', async () => {
    const { server } = renderLayout({
      site: { show_function: { news: 0, about_us: 0, contact: 1 } },
      api: { contact_us: () => ({ code: 1, data: null, tip: 'failed' }) },
    });
    await waitFor(() => expect(server.named('contact_us')).toHaveLength(1));
    await waitFor(() =>
      expect(within(footer()).queryByRole('region', { name: 'Contact us' })).not.toBeInTheDocument(),
    );
    expect(within(footer()).getByText(demoSite.company_name_en)).toBeInTheDocument();
    expect(within(footer()).getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
  });
});

describe('template_style', () => {
  it.each([1, 2, 3, 4])('puts style %i on the header and footer', (style) => {
    renderLayout({ site: { template_style: style } });
    expect(screen.getByRole('banner')).toHaveAttribute('data-style', String(style));
    expect(screen.getByRole('contentinfo')).toHaveAttribute('data-style', String(style));
  });

  it('keeps style 4 on one row: the search opens from a button, focused, and Escape closes it', async () => {
    const { ui } = renderLayout({ site: { template_style: 4 } });
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('search')).not.toBeInTheDocument();
    const toggle = within(banner).getByRole('button', { name: 'Search', expanded: false });
    await ui.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const box = within(within(banner).getByRole('search')).getByRole('searchbox');
    expect(box).toHaveFocus();
    await ui.keyboard('{Escape}');
    expect(within(banner).queryByRole('search')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    await ui.click(toggle);
    await ui.keyboard('doll{Enter}');
    expect(await screen.findByText('products page at /productDisplay?keyword=doll')).toBeInTheDocument();
    expect(within(banner).queryByRole('search')).not.toBeInTheDocument();
  });

  it('switches when the site settings change', () => {
    renderLayout({ site: { template_style: 1 } });
    act(() => storage.setSite({ ...demoSite, template_style: 4 }));
    expect(screen.getByRole('banner')).toHaveAttribute('data-style', '4');
  });
});

describe('the page frame', () => {
  it('has a skip link to the main content and labelled landmarks', async () => {
    const { ui } = renderLayout();
    await ui.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await ui.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('paints the background settings of the site', () => {
    renderLayout({ site: { bg_setting: '#fafafa', bg_image: '/files/1/bg.png', bg_image_setting: 1 } });
    const shell = screen.getByRole('main').parentElement;
    expect(shell).toHaveStyle({ backgroundColor: '#fafafa', backgroundRepeat: 'repeat' });
    expect(shell?.style.backgroundImage).toContain('/files/1/bg.png');
  });

  it('shows the bare layout with a back link and no header or footer', () => {
    renderLayout({ user: customer, path: '/personalCenter' });
    expect(screen.getByText('personal page at /personalCenter')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});

import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '@vitrine/i18n/locales/en.json';
import { ErrorCode, languageByKey, type ProductCard } from '@vitrine/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { MainLayout } from '../../../app/layout/MainLayout';
import { clearContactsCache } from '../../../app/layout/useContacts';
import { setLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query';
import * as storage from '../../../lib/storage';
import { fail, type Handler, mockApi, ok } from '../../../test/api-mock';
import { demoSite, productCard, visitor } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import ProductDisplayPage from '../routes/ProductDisplayPage';

const english = languageByKey('en');
if (!english) throw new Error('English missing');

const card = (id: number, name: string): ProductCard => ({ ...productCard(id), name });

const tree = [{ id: 1, parent_id: null, name: 'Vehicles', picture: '', children: [] }];

/** A fake get_list: products named after the keyword, none for 'zzz'. */
const byKeyword: Handler = (body) => {
  const keyword = typeof body.keyword === 'string' ? body.keyword : '';
  if (keyword === 'zzz') return ok({ list: [], total: 0, page: 1, page_size: 24 });
  const name = keyword ? `${keyword} toy` : 'Any toy';
  return ok({ list: [card(1, name)], total: 1, page: 1, page_size: 24 });
};

const resultsHeading = (keyword: string) =>
  screen.findByRole('heading', { level: 1, name: en.web.search.resultsFor.replace('{{keyword}}', keyword) });

function renderPage(path: string, list: Handler = byKeyword) {
  const api = mockApi({ get_category: () => ok(tree), get_list: list });
  const { router } = renderRoutes([{ path: '/productDisplay', element: <ProductDisplayPage /> }], path);
  return { api, router, user: userEvent.setup() };
}

beforeEach(async () => {
  queryClient.clear();
  clearContactsCache();
  storage.setSite({ ...demoSite, show_function: { ...demoSite.show_function, contact: 0 } });
  storage.setUser(visitor);
  await setLanguage(english);
});

describe('search results in /productDisplay', () => {
  it('asks for the keyword of the address and says whose results these are', async () => {
    const { api } = renderPage('/productDisplay?keyword=glider&sort=price_asc');
    expect(await resultsHeading('glider')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'glider toy' })).toBeInTheDocument();
    expect(api.named('get_list').at(-1)?.body).toMatchObject({
      keyword: 'glider',
      sort: 'price_asc',
      page: 1,
    });
  });

  it('clears the search, keeping the other filters', async () => {
    const { router, user } = renderPage('/productDisplay?keyword=glider&sort=price_asc&page=2');
    await resultsHeading('glider');
    await user.click(screen.getByRole('link', { name: en.web.search.clear }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=price_asc');
  });

  it("says 'no search results' when nothing matches, with a way back to all products", async () => {
    renderPage('/productDisplay?keyword=zzz');
    expect(await screen.findByText(en.web.product.empty.title)).toBeInTheDocument();
    expect(screen.getByText(en.web.search.noResults.replace('{{keyword}}', 'zzz'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.web.product.empty.back })).toHaveAttribute(
      'href',
      '/productDisplay',
    );
  });

  it("shows the server's reason in place of the results when a keyword is refused", async () => {
    const tip = '“a” is too short to search: please type at least 3 characters';
    renderPage('/productDisplay?keyword=a', () => fail(ErrorCode.FAILED, tip));
    expect(await screen.findByText(tip)).toBeInTheDocument();
    expect(screen.getByText(en.web.product.empty.title)).toBeInTheDocument();
    expect(screen.queryByText(en.web.errors.pageFailed)).toBeNull();
  });
});

describe('the header search box', () => {
  function renderShowroom(path = '/home') {
    const api = mockApi({ get_category: () => ok(tree), get_list: byKeyword });
    const router = createMemoryRouter(
      [
        {
          element: <MainLayout />,
          children: [
            { path: '/home', element: <p>home page</p> },
            { path: '/productDisplay', element: <ProductDisplayPage /> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <AppProviders templateColor={1} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const box = () => within(screen.getAllByRole('search')[0] as HTMLElement).getByRole('searchbox');
    return { api, router, box, user: userEvent.setup() };
  }

  it('shows the results of the keyword typed, keeps it in the box, and going back restores the last search', async () => {
    const { api, router, box, user } = renderShowroom();
    await user.type(box(), 'robot dog{Enter}');
    expect(await resultsHeading('robot dog')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?keyword=robot+dog');
    expect(box()).toHaveValue('robot dog');
    await waitFor(() => expect(api.named('get_list').at(-1)?.body).toMatchObject({ keyword: 'robot dog' }));

    await user.clear(box());
    await user.type(box(), '飞机{Enter}');
    expect(await resultsHeading('飞机')).toBeInTheDocument();
    expect(box()).toHaveValue('飞机');

    await act(() => router.navigate(-1));
    expect(await resultsHeading('robot dog')).toBeInTheDocument();
    expect(box()).toHaveValue('robot dog');
  });

  it('leads to all products when the box is empty', async () => {
    const { router, box, user } = renderShowroom('/productDisplay?keyword=glider');
    await resultsHeading('glider');
    await user.clear(box());
    await user.type(box(), '{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '@vitrine/i18n/locales/en.json';
import { languageByKey } from '@vitrine/contract';
import { type ComponentProps, Suspense } from 'react';
import type * as Product from '../../../components/product/results';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query';
import * as storage from '../../../lib/storage';
import { mockApi, ok } from '../../../test/api-mock';
import { demoSite, productCard } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import ProductDisplayPage from '../routes/ProductDisplayPage';

/**
 * The cards of chosen products, under one address, can be held back: their render suspends
 * until released. A deferred render that suspends leaves the previous one on screen, so a test
 * can look at (and click on) the page while a list that has arrived is still rendering; a
 * render that is not deferred would show the Suspense fallback instead.
 */
const cards = vi.hoisted(() => ({
  held: { search: '', ids: new Set<number>(), until: Promise.resolve(), release() {} } as {
    search: string;
    ids: ReadonlySet<number>;
    until: Promise<void>;
    release(): void;
  },
  /** The products of each list put on screen, and the address it was put there under. */
  shown: [] as { search: string; ids: number[] }[],
}));

vi.mock('../../../components/product/results', async (importOriginal) => {
  const product = await importOriginal<typeof Product>();
  const { use, useLayoutEffect } = await import('react');
  const { useLocation } = await import('react-router');
  function ProductResults(props: ComponentProps<typeof product.ProductResults>) {
    const { search } = useLocation();
    const { held } = cards;
    if (held.search === search && props.products.some((p) => held.ids.has(p.id))) use(held.until);
    const ids = props.products.map((p) => p.id).join();
    useLayoutEffect(() => {
      if (ids) cards.shown.push({ search, ids: ids.split(',').map(Number) });
    }, [search, ids]);
    return <product.ProductResults {...props} />;
  }
  return { ...product, ProductResults };
});

const holdCards = (search: string, ...ids: number[]) => {
  let release = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  cards.held = { search, ids: new Set(ids), until, release };
};
const releaseCards = async () => {
  await act(async () => cards.held.release());
};

const english = languageByKey('en');
if (!english) throw new Error('English missing');

/** Two products a page, 50 in all: default order 1, 2…; cheapest first 3, 4 then 5, 6. */
function renderPage(path: string) {
  const api = mockApi({
    get_category: () => ok([]),
    get_list: (body) => {
      const first = body.sort === 'price_asc' ? 3 + ((body.page as number) - 1) * 2 : 1;
      return ok({
        list: [productCard(first), productCard(first + 1)],
        total: 50,
        page: body.page,
        page_size: 24,
      });
    },
  });
  const page = (
    <Suspense fallback={<p>Suspended</p>}>
      <ProductDisplayPage />
    </Suspense>
  );
  const { router } = renderRoutes([{ path: '/productDisplay', element: page }], path);
  const search = () => new URLSearchParams(router.state.location.search);
  const results = () => screen.getByRole('list', { name: en.web.pages.productDisplay }).parentElement;
  return { api, router, search, results, user: userEvent.setup() };
}

beforeEach(async () => {
  queryClient.clear();
  holdCards('');
  cards.shown = [];
  storage.setSite(demoSite);
  await setLanguage(english);
});

describe('/productDisplay renders an answer deferred', () => {
  it('marks the previous list busy until the answer has rendered, and pages within the new answer meanwhile', async () => {
    const { api, search, results, user } = renderPage('/productDisplay?category=11');
    // The first test of the file also waits for the page's code to load, on a busy machine.
    await screen.findByRole('link', { name: 'Toy 1' }, { timeout: 10_000 });
    expect(results()).not.toHaveAttribute('aria-busy');

    holdCards('?category=11&sort=price_asc', 3, 4);
    await user.selectOptions(screen.getByLabelText(en.web.catalog.sort.label), en.web.catalog.sort.price_asc);
    await waitFor(() => expect(api.named('get_list').at(-1)?.body).toMatchObject({ sort: 'price_asc' }));
    // The answer is in, and its cards are still rendering: the previous list stays, marked busy.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText('Suspended')).toBeNull();
    expect(screen.getByRole('link', { name: 'Toy 1' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Toy 3' })).toBeNull();
    expect(results()).toHaveAttribute('aria-busy', 'true');

    const pager = screen.getByRole('navigation', { name: en.web.catalog.pagination });
    // In an awaited act: React tries the held render again while it handles the click, which a
    // plain (not awaited) act reports on the console.
    await act(async () => fireEvent.click(within(pager).getByRole('button', { name: 'Page 2' })));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    expect(search().get('sort')).toBe('price_asc');

    await releaseCards();
    expect(await screen.findByRole('link', { name: 'Toy 5' })).toBeInTheDocument();
    expect(api.named('get_list').at(-1)?.body).toMatchObject({ sort: 'price_asc', page: 2, category_id: 11 });
    await waitFor(() => expect(results()).not.toHaveAttribute('aria-busy'));
  });

  it('shows a page already at hand (going back) at once, never the list it replaces under its address', async () => {
    const { router, results, user } = renderPage('/productDisplay?category=11&sort=price_asc');
    await screen.findByRole('link', { name: 'Toy 3' });
    const pager = screen.getByRole('navigation', { name: en.web.catalog.pagination });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Toy 5' });
    await waitFor(() => expect(results()).not.toHaveAttribute('aria-busy'));

    cards.shown = [];
    await act(() => router.navigate(-1));
    expect(screen.getByRole('link', { name: 'Toy 3' })).toBeInTheDocument();
    expect(results()).not.toHaveAttribute('aria-busy');
    expect(cards.shown).toEqual([{ search: '?category=11&sort=price_asc', ids: [3, 4] }]);
  });
});

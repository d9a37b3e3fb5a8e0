import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '@vitrine/i18n/locales/en.json';
import { languageByKey } from '@vitrine/contract';
import { type ComponentProps, Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import type * as Product from '../../../components/product';
import { setLanguage } from '../../../lib/i18n';
import { QueryProvider, queryClient } from '../../../lib/query';
import * as storage from '../../../lib/storage';
import { mockApi, ok } from '../../../test/api-mock';
import { demoSite, productCard } from '../../../test/fixtures';
import { screenHolder } from '../../../test/router';
import { ProductSection, useHomeParam } from './parts';
import { PRODUCT_SECTIONS } from './sections';

/**
 * The cards of chosen products can be held back (their render suspends until released): a
 * deferred render that suspends leaves the previous one on screen to look at, where a render
 * that is not deferred would show the Suspense fallback. Skeleton cards put on screen are
 * counted.
 */
const cards = vi.hoisted(() => ({
  held: { ids: new Set<number>(), until: Promise.resolve(), release() {} } as {
    ids: ReadonlySet<number>;
    until: Promise<void>;
    release(): void;
  },
  skeletons: 0,
}));

vi.mock('../../../components/product', async (importOriginal) => {
  const product = await importOriginal<typeof Product>();
  const { use, useLayoutEffect } = await import('react');
  const settled = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
  function ProductCard(props: ComponentProps<typeof product.ProductCard>) {
    // Always through use(), with the held promise or one already settled (React reads a
    // settled one at once), so a card that waited and one that did not render alike.
    use(cards.held.ids.has(props.product.id) ? cards.held.until : settled);
    return <product.ProductCard {...props} />;
  }
  function ProductCardSkeleton() {
    useLayoutEffect(() => {
      cards.skeletons += 1;
    }, []);
    return <product.ProductCardSkeleton />;
  }
  return { ...product, ProductCard, ProductCardSkeleton };
});

const holdCards = (...ids: number[]) => {
  let release = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  cards.held = { ids: new Set(ids), until, release };
};
const releaseCards = async () => {
  await act(async () => cards.held.release());
};

const english = languageByKey('en');
if (!english) throw new Error('English missing');

const NEW_ARRIVALS = PRODUCT_SECTIONS.find((d) => d.call === 'get_new_toy');

/** The new-arrivals shelf of /home, answering ten products (Toy 1 to Toy 10). */
function renderShelf() {
  if (!NEW_ARRIVALS) throw new Error('no new-arrivals section');
  const api = mockApi({
    get_new_toy: () =>
      ok({
        list: Array.from({ length: 10 }, (_, i) => productCard(i + 1)),
        total: 10,
        page: 1,
        page_size: 10,
      }),
  });
  const router = createMemoryRouter(
    [
      {
        path: '/home',
        element: (
          <Suspense fallback={<p>Suspended</p>}>
            <ProductSection def={NEW_ARRIVALS} variant="plain" block="shelf" />
          </Suspense>
        ),
      },
    ],
    { initialEntries: ['/home'] },
  );
  const view = render(
    <AppProviders templateColor={1} env="test">
      <QueryProvider>
        <RouterProvider router={router} />
      </QueryProvider>
    </AppProviders>,
  );
  const shelf = () => screen.getByRole('list', { name: en.web.home.newArrivals });
  return { api, shelf, ...view };
}

beforeEach(async () => {
  queryClient.clear();
  holdCards();
  cards.skeletons = 0;
  storage.setSite(demoSite);
  await setLanguage(english);
});

describe('a /home shelf renders its answer deferred', () => {
  it('keeps its skeleton, busy, until the cards of the answer have rendered', async () => {
    holdCards(1);
    const { api, shelf } = renderShelf();
    await waitFor(() => expect(api.named('get_new_toy')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText('Suspended')).toBeNull();
    expect(shelf()).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('link', { name: 'Toy 1' })).toBeNull();

    await releaseCards();
    expect(await screen.findByRole('link', { name: 'Toy 10' })).toBeInTheDocument();
    expect(shelf()).not.toHaveAttribute('aria-busy');
  });

  it('shows a shelf already at hand (coming back to /home) with its cards at once, never a skeleton', async () => {
    const first = renderShelf();
    await screen.findByRole('link', { name: 'Toy 10' });
    first.unmount();

    cards.skeletons = 0;
    const again = renderShelf();
    expect(screen.getByRole('link', { name: 'Toy 1' })).toBeInTheDocument();
    expect(cards.skeletons).toBe(0);
    expect(again.api.named('get_new_toy')).toHaveLength(0);
  });
});

describe('a /home shelf below the fold', () => {
  it('holds one placeholder until it nears the screen, then a row of them while its products load', async () => {
    let report: (near: boolean) => void = () => {};
    class Observer {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = (near) => act(() => callback([{ isIntersecting: near }]));
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', Observer);
    try {
      const { api, shelf } = renderShelf();
      await waitFor(() => expect(shelf().children).toHaveLength(1));
      expect(api.named('get_new_toy')).toHaveLength(0);

      holdCards(1);
      report(true);
      await waitFor(() => expect(api.named('get_new_toy')).toHaveLength(1));
      expect(shelf().children).toHaveLength(6);
      await releaseCards();
      expect(await screen.findByRole('link', { name: 'Toy 10' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** Sets one home value of the address (tab, region) on a click. */
function HomeValue({ name, to }: { name: string; to: string }) {
  const [value, set] = useHomeParam(name);
  return (
    <button type="button" onClick={() => set(to)}>
      {name} {value || 'none'}, set {to}
    </button>
  );
}

describe('home values in the address', () => {
  it('keeps a value set a moment before, even while the page on screen has not caught up with it', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/home',
          element: (
            <>
              <HomeValue name="tab" to="spot" />
              <HomeValue name="region" to="3" />
            </>
          ),
        },
      ],
      { initialEntries: ['/home?tab=new'] },
    );
    const holdScreen = screenHolder(router);
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    const release = holdScreen();

    await user.click(screen.getByRole('button', { name: 'tab new, set spot' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=spot'));
    await user.click(screen.getByRole('button', { name: 'region none, set 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=spot&region=3'));
    // Replaced, not pushed, as before.
    expect(router.state.historyAction).toBe('REPLACE');

    await release();
    expect(screen.getByRole('button', { name: 'tab spot, set spot' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'region 3, set 3' })).toBeInTheDocument();
  });
});

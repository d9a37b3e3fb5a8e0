import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '@vitrine/i18n/locales/en.json';
import { languageByKey } from '@vitrine/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query';
import * as storage from '../../../lib/storage';
import { type Handler, mockApi, ok } from '../../../test/api-mock';
import { demoSite, productCard } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import ProductDisplayPage from '../routes/ProductDisplayPage';
import { catalogHref, parseCatalogParams } from './params';

const english = languageByKey('en');
if (!english) throw new Error('English missing');

const tree = [
  {
    id: 1,
    parent_id: null,
    name: 'Vehicles',
    picture: '',
    children: [{ id: 11, parent_id: 1, name: 'Cars', picture: '' }],
  },
  { id: 2, parent_id: null, name: 'Dolls', picture: '', children: [] },
];

function renderPage(
  path: string,
  list: Handler = () => ok({ list: [productCard(1), productCard(2)], total: 50, page: 1, page_size: 24 }),
) {
  const api = mockApi({ get_category: () => ok(tree), get_list: list });
  const { router, holdScreen } = renderRoutes(
    [{ path: '/productDisplay', element: <ProductDisplayPage /> }],
    path,
  );
  const search = () => new URLSearchParams(router.state.location.search);
  return { api, router, search, holdScreen, user: userEvent.setup() };
}

beforeEach(async () => {
  queryClient.clear();
  storage.setSite(demoSite);
  await setLanguage(english);
});

describe('catalogue filters in the address', () => {
  it('parses and writes them, leaving out defaults and ignoring nonsense', () => {
    const p = parseCatalogParams(
      new URLSearchParams('category=12&sort=price_asc&flag=new&months=6&mode=list&page=3&keyword=car'),
    );
    expect(p).toEqual({
      category: 12,
      sort: 'price_asc',
      flag: 'new',
      months: 6,
      mode: 'list',
      page: 3,
      keyword: 'car',
      region: null,
    });
    expect(
      parseCatalogParams(new URLSearchParams('sort=nope&flag=x&months=5&page=-1&mode=grid')),
    ).toMatchObject({
      sort: 'default',
      flag: null,
      months: null,
      page: 1,
      mode: 'thumbnail',
    });
    expect(catalogHref({ category: 3, page: 2 })).toBe('/productDisplay?category=3&page=2');
    expect(catalogHref({})).toBe('/productDisplay');
    expect(catalogHref({ sort: 'popularity', region: 4 })).toBe('/productDisplay?region=4&sort=popularity');
  });
});

describe('the top-selling list of a buyer region', () => {
  it("lists that region's products, says which region, and offers all regions again", async () => {
    const api = mockApi({
      get_category: () => ok(tree),
      get_location_list: () =>
        ok([
          { id: 3, name: 'Middle East' },
          { id: 4, name: 'South America' },
        ]),
      get_list: () => ok({ list: [productCard(1)], total: 1, page: 1, page_size: 24 }),
    });
    const { router } = renderRoutes(
      [{ path: '/productDisplay', element: <ProductDisplayPage /> }],
      '/productDisplay?sort=popularity&region=3',
    );
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: `${en.web.home.topSelling}: Middle East` },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(api.named('get_list').at(-1)?.body).toMatchObject({ sort: 'popularity', area_id: 3 });
    await userEvent.setup().click(screen.getByRole('link', { name: en.web.home.allRegions }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=popularity'));
    await waitFor(() => expect(api.named('get_list').at(-1)?.body).not.toHaveProperty('area_id'));
  });
});

describe('/productDisplay', () => {
  it('loads the page the address asks for, and writes sort, flag, months and page to it', async () => {
    const { api, search, user } = renderPage('/productDisplay?category=11&page=2');
    // The first test of the file also waits for the page's code to load, on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cars' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Toy 1' }, { timeout: 10_000 });
    expect(api.named('get_list').at(-1)?.body).toMatchObject({
      page: 2,
      page_size: 24,
      category_id: 11,
      sort: 'default',
    });

    await user.selectOptions(screen.getByLabelText(en.web.catalog.sort.label), en.web.catalog.sort.price_asc);
    await waitFor(() => expect(search().get('sort')).toBe('price_asc'));
    expect(search().get('page')).toBeNull();
    expect(search().get('category')).toBe('11');
    await waitFor(() =>
      expect(api.named('get_list').at(-1)?.body).toMatchObject({ sort: 'price_asc', page: 1 }),
    );

    expect(screen.queryByLabelText(en.web.catalog.months.label)).toBeNull();
    await user.selectOptions(screen.getByLabelText(en.web.catalog.filter.label), en.web.catalog.filter.new);
    await waitFor(() => expect(search().get('flag')).toBe('new'));
    await user.selectOptions(screen.getByLabelText(en.web.catalog.months.label), '6');
    await waitFor(() => expect(search().get('months')).toBe('6'));
    await waitFor(() =>
      expect(api.named('get_list').at(-1)?.body).toMatchObject({ flag: 'new', new_months: 6 }),
    );

    const pager = screen.getByRole('navigation', { name: en.web.catalog.pagination });
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(search().get('page')).toBe('3'));
  }, 30_000);

  it('walks through the sorts with the arrow keys without reloading, and loads the one left on Enter', async () => {
    const { api, search } = renderPage('/productDisplay');
    await screen.findByRole('link', { name: 'Toy 1' }, { timeout: 10_000 });
    const calls = api.named('get_list').length;
    const select = screen.getByLabelText(en.web.catalog.sort.label);
    // What a closed select does for each arrow key: a keydown, then its change, in the same task.
    for (const sort of ['entry_time', 'price_desc', 'price_asc']) {
      fireEvent.keyDown(select, { key: 'ArrowDown' });
      fireEvent.change(select, { target: { value: sort } });
    }
    expect(select).toHaveValue('price_asc');
    expect(search().get('sort')).toBeNull();
    fireEvent.keyDown(select, { key: 'Enter' });
    await waitFor(() => expect(search().get('sort')).toBe('price_asc'));
    await waitFor(() => expect(api.named('get_list').at(-1)?.body).toMatchObject({ sort: 'price_asc' }));
    expect(
      api
        .named('get_list')
        .map((c) => c.body.sort)
        .slice(calls),
    ).toEqual(['price_asc']);

    // Leaving the field commits a choice stepped to, too.
    fireEvent.keyDown(select, { key: 'ArrowUp' });
    fireEvent.change(select, { target: { value: 'price_desc' } });
    fireEvent.blur(select);
    await waitFor(() => expect(search().get('sort')).toBe('price_desc'));
  });

  it('says no products were found, not "no search results", when only a filter is applied', async () => {
    renderPage('/productDisplay?flag=gcc', () => ok({ list: [], total: 0, page: 1, page_size: 24 }));
    expect(
      await screen.findByText(en.web.product.empty.noneTitle, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(en.web.product.empty.title)).toBeNull();
  });

  it('offers no price sort where prices are hidden, and ignores one in the address', async () => {
    storage.setSite({ ...demoSite, show_price: 0 });
    const { api } = renderPage('/productDisplay?sort=price_desc');
    await screen.findByRole('link', { name: 'Toy 1' }, { timeout: 10_000 });
    const options = within(screen.getByLabelText(en.web.catalog.sort.label)).getAllByRole('option');
    expect(options.map((o) => o.textContent)).not.toContain(en.web.catalog.sort.price_desc);
    expect(options.map((o) => o.textContent)).not.toContain(en.web.catalog.sort.price_asc);
    expect(options.map((o) => o.textContent)).toContain(en.web.catalog.sort.popularity);
    expect(api.named('get_list').map((c) => c.body.sort)).toEqual(['default']);
  });

  it('pages within the sort just chosen, even before the page on screen has caught up with it', async () => {
    const { api, search, holdScreen, user } = renderPage('/productDisplay?category=11');
    await screen.findByRole('link', { name: 'Toy 1' });
    const release = holdScreen();

    await user.selectOptions(screen.getByLabelText(en.web.catalog.sort.label), en.web.catalog.sort.price_asc);
    await waitFor(() => expect(search().get('sort')).toBe('price_asc'));
    // The page on screen was drawn for the previous sort, but its select shows the choice at once.
    expect(screen.getByLabelText<HTMLSelectElement>(en.web.catalog.sort.label).value).toBe('price_asc');
    const pager = screen.getByRole('navigation', { name: en.web.catalog.pagination });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    expect(search().get('sort')).toBe('price_asc');
    expect(search().get('category')).toBe('11');
    // The display mode keeps the page the address is on, not the one on screen.
    await user.click(screen.getByText(en.web.catalog.mode.list));
    await waitFor(() => expect(search().get('mode')).toBe('list'));
    expect(screen.getByRole('radio', { name: en.web.catalog.mode.list })).toBeChecked();
    expect(search().get('page')).toBe('2');
    expect(search().get('sort')).toBe('price_asc');

    await release();
    await waitFor(() =>
      expect(api.named('get_list').at(-1)?.body).toMatchObject({
        sort: 'price_asc',
        page: 2,
        category_id: 11,
      }),
    );
    expect(screen.getByLabelText<HTMLSelectElement>(en.web.catalog.sort.label).value).toBe('price_asc');
    expect(await screen.findAllByText('12 PCS/ctn')).toHaveLength(2);
  });

  it("steps 'next' and 'previous' from the page in the address, even while the screen lags behind", async () => {
    const { search, holdScreen, user } = renderPage('/productDisplay?category=11');
    await screen.findByRole('link', { name: 'Toy 1' });
    const release = holdScreen();
    const pager = screen.getByRole('navigation', { name: en.web.catalog.pagination });
    const next = within(pager).getByRole('button', { name: en.web.catalog.nextPage });
    await user.click(next);
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await user.click(next);
    await waitFor(() => expect(search().get('page')).toBe('3'));
    // 50 products are three pages of 24: there is no fourth.
    await user.click(next);
    expect(search().get('page')).toBe('3');
    await release();

    const releaseAgain = holdScreen();
    const previous = within(pager).getByRole('button', { name: en.web.catalog.previousPage });
    await user.click(previous);
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await user.click(previous);
    await waitFor(() => expect(search().get('page')).toBeNull());
    expect(search().get('category')).toBe('11');
    await releaseAgain();
  });

  it('switches between thumbnail and list mode, keeping the page', async () => {
    const { search, user } = renderPage('/productDisplay?page=2');
    await screen.findByRole('link', { name: 'Toy 1' });
    expect(screen.queryByText('12 PCS/ctn')).toBeNull();
    await user.click(screen.getByText(en.web.catalog.mode.list));
    await waitFor(() => expect(search().get('mode')).toBe('list'));
    expect(search().get('page')).toBe('2');
    expect(await screen.findAllByText('12 PCS/ctn')).toHaveLength(2);
    await user.click(screen.getByText(en.web.catalog.mode.thumbnail));
    await waitFor(() => expect(search().get('mode')).toBeNull());
    expect(screen.queryByText('12 PCS/ctn')).toBeNull();
  });

  it('offers the display mode as a named pair of radios that the arrow keys move between', async () => {
    const { search, user } = renderPage('/productDisplay');
    await screen.findByRole('link', { name: 'Toy 1' });
    const modes = screen.getByRole('radiogroup', { name: en.web.catalog.mode.label });
    const thumbnails = within(modes).getByRole('radio', { name: en.web.catalog.mode.thumbnail });
    expect(thumbnails).toBeChecked();
    expect(within(modes).getByRole('radio', { name: en.web.catalog.mode.list })).not.toBeChecked();
    thumbnails.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(search().get('mode')).toBe('list'));
    expect(within(modes).getByRole('radio', { name: en.web.catalog.mode.list })).toBeChecked();
  });

  it('links the category tree to the catalogue of each category', async () => {
    renderPage('/productDisplay?sort=popularity');
    const nav = await screen.findByRole('navigation', { name: en.web.catalog.categories });
    await within(nav).findByRole('link', { name: 'Vehicles' });
    expect(within(nav).getByRole('link', { name: 'Vehicles' })).toHaveAttribute(
      'href',
      '/productDisplay?category=1&sort=popularity',
    );
    expect(within(nav).getByRole('link', { name: en.web.catalog.allCategories })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows the last page, not "no results", when the address asks for a page past the end', async () => {
    // 30 products are two pages of 24; page 9 answers an empty list with the total.
    const { api, search } = renderPage('/productDisplay?category=11&page=9', (body) => {
      const page = Number(body.page);
      return ok({ list: page <= 2 ? [productCard(page)] : [], total: 30, page, page_size: 24 });
    });
    await waitFor(() => expect(search().get('page')).toBe('2'));
    expect(await screen.findByRole('link', { name: 'Toy 2' })).toBeInTheDocument();
    expect(search().get('category')).toBe('11');
    expect(api.named('get_list').at(-1)?.body).toMatchObject({ page: 2, category_id: 11 });
    expect(screen.queryByText(en.web.product.empty.title)).toBeNull();
  });
});

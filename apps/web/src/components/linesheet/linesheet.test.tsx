import '@testing-library/jest-dom/vitest';
import '../../test/dom';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageByKey } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProductDisplayPage from '../../features/catalog/routes/ProductDisplayPage';
import { writeLocalCart } from '../../features/cart/components/local-cart';
import { setLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import * as storage from '../../lib/storage';
import { fail, type Handler, mockApi, ok } from '../../test/api-mock';
import { renderApp } from '../../test/app';
import { demoSite, productCard, visitor } from '../../test/fixtures';
import { renderRoutes } from '../../test/router';

vi.mock('../../app/layout/MainLayout', () => import('../../test/layout-stubs'));
vi.mock('../../app/layout/BareLayout', () => import('../../test/layout-stubs'));

const language = (key: string) => {
  const lang = languageByKey(key);
  if (!lang) throw new Error(key);
  return lang;
};

/** get_linesheet answering after the test lets it, so the button's progress can be seen. */
function heldLinesheet(answer: Parameters<typeof ok>[0] = {}) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler: Handler = async () => {
    await held;
    return ok({
      url: '/api/linesheet/p1.abc.def',
      filename: 'linesheet-cart-2026-11-27.pdf',
      size: 1234,
      products: 2,
      language: 'en',
      ...(answer as object),
    });
  };
  return { handler, release: () => release() };
}

let clicked: HTMLAnchorElement[] = [];
beforeEach(async () => {
  await setLanguage(language('en'));
  queryClient.clear();
  window.localStorage.clear();
  storage.setSite(demoSite);
  storage.setToken('tok-1');
  storage.setUser(visitor);
  clicked = [];
  // jsdom does not navigate: the download is the anchor the button clicks.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => vi.restoreAllMocks());

const button = (name: RegExp) => screen.findByRole('button', { name }, { timeout: 10_000 });

describe('the Linesheet PDF button', () => {
  it("asks for the visitor's cart, shows its progress, then downloads the PDF the link names", async () => {
    writeLocalCart(demoSite.id, [
      { id: 1, ctn: 10, at: 2 },
      { id: 2, ctn: 1, at: 1 },
    ]);
    const linesheet = heldLinesheet();
    const api = mockApi({
      get_toy: ({ ids }) => ok((ids as number[]).map((id) => productCard(id))),
      get_detail_choose: () => ok(null),
      sync_toy: ({ ids }) =>
        ok(
          (ids as number[]).map((id) => ({
            id,
            exworks_price: 2.5,
            removed_time: null,
            stop_time: null,
            is_set_hide: 0,
            is_website_hide: 0,
            is_expire: 0,
          })),
        ),
      get_linesheet: linesheet.handler,
    });
    const { user } = renderApp('/chooseCar');
    await user.click(await button(/^Linesheet PDF$/));
    const preparing = await screen.findByRole('button', { name: /Preparing the linesheet/ });
    expect(preparing).toBeDisabled();
    expect(preparing).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Preparing the linesheet…')).toBe(
      true,
    );
    expect(api.named('get_linesheet')[0]?.body.selection).toEqual({ kind: 'cart', ids: [1, 2] });
    linesheet.release();
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.getAttribute('href')).toBe('/api/linesheet/p1.abc.def');
    expect(clicked[0]?.download).toBe('linesheet-cart-2026-11-27.pdf');
    expect(await screen.findByText(/Linesheet ready: 2 products/)).toBeInTheDocument();
    expect(await button(/^Linesheet PDF$/)).toBeEnabled();
  }, 30_000);

  it("asks for a sample record by its id and shows the server's refusal when there are too many products", async () => {
    const tip = 'A linesheet holds at most 300 products; this selection has 412. Narrow it down first';
    const api = mockApi({
      get_choose_detail: () =>
        ok({
          id: 5,
          number: 'S2026112200005',
          created_at: 1_764_000_000_000,
          product_count: 2,
          company_name: 'Gulf Toys LLC',
          contact: 'Amal',
          phone: '',
          email: 'amal@example.com',
          remark: '',
          totals: {
            lines: 2,
            ctn: 11,
            price: 27.5,
            money_unit: 'USD',
            trade_term: 'FOB',
            weight: 130,
            cbm: 1.1,
            cuft: 38.8,
            containers: [],
          },
        }),
      get_choose_toy_list: () => ok({ list: [], total: 0, page: 1, page_size: 50 }),
      get_linesheet: () => fail(-1, tip),
    });
    const { user } = renderApp('/sampleRecordDetails?id=5');
    await user.click(await button(/^Linesheet PDF$/));
    expect(await screen.findByText(tip)).toBeInTheDocument();
    expect(api.named('get_linesheet')[0]?.body.selection).toEqual({ kind: 'record', id: 5 });
    expect(clicked).toHaveLength(0);
    expect(await button(/^Linesheet PDF$/)).toBeEnabled();
  }, 30_000);

  it('asks for the search or the category on screen, all of it rather than the page', async () => {
    const linesheet = heldLinesheet({ products: 40 });
    const api = mockApi({
      get_category: () => ok([{ id: 3, parent_id: null, name: 'Vehicles', picture: '', children: [] }]),
      get_list: () => ok({ list: [productCard(1)], total: 40, page: 1, page_size: 24 }),
      get_linesheet: linesheet.handler,
    });
    linesheet.release();
    renderRoutes(
      [{ path: '/productDisplay', element: <ProductDisplayPage /> }],
      '/productDisplay?keyword=robot',
    );
    const user = userEvent.setup();
    await user.click(await button(/^Linesheet PDF$/));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.named('get_linesheet')[0]?.body.selection).toEqual({ kind: 'search', keyword: 'robot' });
  }, 30_000);

  it('offers a category its linesheet, and none for the whole catalogue', async () => {
    const linesheet = heldLinesheet({ products: 40 });
    linesheet.release();
    const api = mockApi({
      get_category: () => ok([{ id: 3, parent_id: null, name: 'Vehicles', picture: '', children: [] }]),
      get_list: () => ok({ list: [productCard(1)], total: 40, page: 1, page_size: 24 }),
      get_linesheet: linesheet.handler,
    });
    renderRoutes([{ path: '/productDisplay', element: <ProductDisplayPage /> }], '/productDisplay');
    await screen.findByText(/40/, {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: /Linesheet PDF/ })).toBeNull();
    cleanup();
    renderRoutes(
      [{ path: '/productDisplay', element: <ProductDisplayPage /> }],
      '/productDisplay?category=3',
    );
    const user = userEvent.setup();
    await user.click(await button(/^Linesheet PDF$/));
    await waitFor(() => expect(api.named('get_linesheet')).toHaveLength(1));
    expect(api.named('get_linesheet')[0]?.body.selection).toEqual({ kind: 'category', category_id: 3 });
  }, 30_000);

  it('speaks Arabic on the button and says when the PDF is printed in English', async () => {
    await setLanguage(language('ar'));
    const linesheet = heldLinesheet({ language: 'en' });
    linesheet.release();
    mockApi({
      get_category: () => ok([]),
      get_list: () => ok({ list: [productCard(1)], total: 1, page: 1, page_size: 24 }),
      get_linesheet: linesheet.handler,
    });
    renderRoutes(
      [{ path: '/productDisplay', element: <ProductDisplayPage /> }],
      '/productDisplay?keyword=car',
    );
    const user = userEvent.setup();
    await user.click(await button(/^كتالوج PDF$/));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => /مطبوع بالإنجليزية/.test(s.textContent ?? ''))).toBe(
        true,
      ),
    );
  }, 30_000);
});

import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ImageSearchHit, languageByKey, type WebsiteInfo } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiHooks } from '../../../lib/api-client';
import { setLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query';
import * as storage from '../../../lib/storage';
import { fail, type Handler, mockApi, ok } from '../../../test/api-mock';
import { demoSite } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { closeImageSearch, useImageSearchLauncher } from '../launcher';
import ProSearchPage from './ProSearchPage';

// The dialog itself is tested on its own; here only whether it was asked for matters.
vi.mock('../components/ImageSearchDialog', () => ({ default: () => null }));

const english = languageByKey('en');
if (!english) throw new Error('English missing');

const FILE_URL = '/files/1/image_search/20250101/abc.jpg';

const hit = (id: number, name: string, score: number): ImageSearchHit => ({
  id,
  number: `ST-${id}`,
  name,
  packing: 'Window box',
  picture: `/files/1/toys/${id}.jpg`,
  price: 10,
  money_unit: 'USD',
  trade_term: 'FOB',
  carton: { length: 50, width: 30, height: 40, cbm: 0.06, cuft: 2.12 },
  carton_quantity: 24,
  gross_weight: 12,
  net_weight: 10,
  purchase_number: 1,
  category_id: 3,
  factory_id: 9,
  flags: { is_new: 0, is_recommend: 0, is_spot: 0, is_gcc: 0, is_cash_sale: 0, is_3d: 0, is_hot: 0 },
  is_expire: 0,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  score,
});

/** Says whether the image-search dialog was asked for (its code is not needed here). */
function DialogState() {
  const { opened, loading } = useImageSearchLauncher();
  return <p data-testid="dialog-state">{opened || loading ? 'dialog asked for' : 'no dialog'}</p>;
}

function renderPage(path: string, api: Record<string, Handler>, site: Partial<WebsiteInfo> = {}) {
  storage.setSite({ ...demoSite, ...site });
  const server = mockApi({ toy_select_log: () => ok({}), ...api });
  renderRoutes(
    [
      {
        path: '/proSearch',
        element: (
          <>
            <ProSearchPage />
            <DialogState />
          </>
        ),
      },
    ],
    path,
  );
  return { server, user: userEvent.setup() };
}

/** The 'no similar image found' panel (announced politely). */
async function emptyState(): Promise<HTMLElement> {
  const panel = (await screen.findByText('No similar image found')).closest<HTMLElement>('[role="status"]');
  if (!panel) throw new Error('the empty state is not announced');
  return panel;
}

const href = `/proSearch?url=${encodeURIComponent(FILE_URL)}`;

beforeEach(async () => {
  queryClient.clear();
  await setLanguage(english);
});

afterEach(() => closeImageSearch());

describe('/proSearch', () => {
  it('searches the picture named in the address, so that a reload searches again', async () => {
    const { server } = renderPage(href, { image_search: () => ok({ list: [] }) });
    await screen.findByText('No similar image found');
    expect(server.named('image_search').map((c) => c.body.url)).toEqual([FILE_URL]);
    expect(screen.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', FILE_URL);
  });

  it('lists the results most similar first, each linking to its product with an add-to-cart button', async () => {
    renderPage(href, {
      image_search: () =>
        ok({
          list: [hit(7, 'Robot Dog', 0.93), hit(3, 'Racing Car', 0.71), hit(12, 'Doll House', 0.4)],
        }),
    });
    const results = await screen.findByRole('list', { name: 'Products similar to your picture' });
    const names = within(results)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Robot Dog', 'Racing Car', 'Doll House']);
    expect(within(results).getByRole('link', { name: 'Robot Dog' })).toHaveAttribute(
      'href',
      '/productDetails?id=7',
    );
    expect(within(results).getAllByRole('button', { name: /^Add to sample cart: / })).toHaveLength(3);
    expect(screen.getByText('Most similar first')).toBeInTheDocument();
  });

  it('says the first product is the best match when the server is sure of it', async () => {
    const list = [hit(7, 'Robot Dog', 0.93), hit(3, 'Racing Car', 0.4)];
    renderPage(href, { image_search: () => ok({ list, match: 'best' }) });
    expect(await screen.findByTestId('image-search-certainty')).toHaveTextContent('Best match first');
  });

  it('speaks only of similar products when the server is not sure of any', async () => {
    const list = [hit(7, 'Robot Dog', 0.45), hit(3, 'Racing Car', 0.4)];
    renderPage(href, { image_search: () => ok({ list, match: 'similar' }) });
    expect(await screen.findByTestId('image-search-certainty')).toHaveTextContent(
      'Products similar to your picture',
    );
    expect(screen.queryByText('Best match first')).not.toBeInTheDocument();
  });

  it('shows a loading skeleton while searching', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    renderPage(href, { image_search: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByTestId('image-search-loading')).toHaveAttribute('aria-busy', 'true');
    answer(ok({ list: [hit(7, 'Robot Dog', 0.93)] }));
    await screen.findByRole('link', { name: 'Robot Dog' });
    expect(screen.queryByTestId('image-search-loading')).not.toBeInTheDocument();
  });

  it("says 'no similar image found' and offers to search with another picture", async () => {
    const { user } = renderPage(href, { image_search: () => ok({ list: [] }) });
    const empty = await emptyState();
    expect(screen.getByTestId('dialog-state')).toHaveTextContent('no dialog');
    await user.click(within(empty).getByRole('button', { name: 'Search with another picture' }));
    expect(screen.getByTestId('dialog-state')).toHaveTextContent('dialog asked for');
  });

  it('offers a way back to the products instead where image search is off (toy_type other than 1)', async () => {
    renderPage(href, { image_search: () => ok({ list: [] }) }, { toy_type: 2 });
    const empty = await emptyState();
    expect(within(empty).queryByRole('button')).not.toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Back to all products' })).toHaveAttribute(
      'href',
      '/productDisplay',
    );
  });

  it('hides the loading indicator on failure with no message, and offers to try again', async () => {
    const told = vi.fn();
    const unwire = setApiHooks({ onFailure: told });
    let fails = true;
    const { user, server } = renderPage(href, {
      image_search: () =>
        fails ? fail(-1, 'image search is down') : ok({ list: [hit(7, 'Robot Dog', 0.9)] }),
    });

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByTestId('image-search-loading')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('image search is down')).not.toBeInTheDocument();
    expect(told).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Search with another picture' })).toBeInTheDocument();

    fails = false;
    await user.click(retry);
    await screen.findByRole('link', { name: 'Robot Dog' });
    expect(server.named('image_search')).toHaveLength(2);
    unwire();
  });

  it('invites the buyer to choose a picture when the address names none', async () => {
    const { server, user } = renderPage('/proSearch', {});
    expect(screen.getByText('Choose a picture to find the products that look like it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose a picture' }));
    expect(screen.getByTestId('dialog-state')).toHaveTextContent('dialog asked for');
    await waitFor(() => expect(server.calls).toEqual([]));
  });
});

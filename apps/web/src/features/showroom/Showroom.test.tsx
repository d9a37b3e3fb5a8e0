import '@testing-library/jest-dom/vitest';
import '../../test/dom';
import { act, fireEvent, screen, waitFor, within, configure } from '@testing-library/react';
import { type CallResponse, languageByKey, type ProductCard } from '@vitrine/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import * as storage from '../../lib/storage';
import { fail, mockApi, ok } from '../../test/api-mock';
import { renderApp } from '../../test/app';
import { demoSite, visitor } from '../../test/fixtures';

// Whole-app renders can be slow on a busy machine.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../app/layout/MainLayout', () => import('../../test/layout-stubs'));
vi.mock('../../app/layout/BareLayout', () => import('../../test/layout-stubs'));

type Booth = CallResponse<'get_booth_list'>[number];

const booth = (id: number, number: string, name: string): Booth => ({
  id,
  showroom_id: 5,
  booth_number: number,
  name,
  picture: '',
  product_count: id * 2,
});

const BOOTHS = [
  booth(11, 'A101', 'Hall A, Booth 101'),
  booth(12, 'A102', 'Hall A, Booth 102'),
  booth(13, 'A103', 'Hall A, Booth 103'),
];

const card = (id: number, name: string): ProductCard => ({
  id,
  number: `T-${id}`,
  name,
  packing: 'Window box',
  picture: '',
  price: 3.5,
  money_unit: 'USD',
  trade_term: 'FOB',
  carton: { length: 60, width: 40, height: 50, cbm: 0.12, cuft: 4.24 },
  carton_quantity: 24,
  gross_weight: 12.5,
  net_weight: 10.8,
  purchase_number: 1,
  category_id: 3,
  factory_id: 9,
  flags: { is_new: 0, is_recommend: 0, is_spot: 0, is_gcc: 0, is_cash_sale: 0, is_3d: 0, is_hot: 0 },
  is_expire: 0,
  created_at: 1_700_000_000,
  updated_at: 1_710_000_000,
});

/** The booths in order, each with its neighbours; one product per booth named after it. */
function api() {
  return mockApi({
    get_showroom: () =>
      ok([
        {
          id: 5,
          name: 'Starlight Showroom',
          address: '8/F, Block A, Toy City, Chenghai',
          picture: '',
          description: 'Three halls of toys.\n\nOpen Monday to Saturday.',
          booth_count: 3,
        },
      ]),
    get_booth_list: () => ok(BOOTHS),
    get_booth_detail: (body) => {
      const i = BOOTHS.findIndex((b) => b.id === body.id);
      const b = BOOTHS[i];
      if (!b) return fail(-1, 'This booth could not be found');
      return ok({
        ...b,
        showroom: { id: 5, name: 'Starlight Showroom' },
        previous_id: BOOTHS[i - 1]?.id ?? null,
        next_id: BOOTHS[i + 1]?.id ?? null,
      });
    },
    get_booth_toy: (body) => {
      const b = BOOTHS.find((x) => x.id === body.id);
      if (!b) return fail(-1, 'This booth could not be found');
      // One product: a later page is empty, as the server answers it.
      const page = Number(body.page);
      const list = page === 1 ? [card(b.id * 10, `Toy of ${b.booth_number}`)] : [];
      return ok({ list, total: 1, page, page_size: 20 });
    },
    toy_click_log: () => ok({ logged: 1 }),
  });
}

const lang = (key: string) => {
  const l = languageByKey(key);
  if (!l) throw new Error(key);
  return l;
};

beforeEach(async () => {
  queryClient.clear();
  await setLanguage(lang('en'));
  storage.setSite(demoSite);
  storage.setToken('tok-1');
  storage.setUser(visitor);
});

const here = () => window.location.pathname + window.location.search;
const boothTitle = (name: string) => screen.findByRole('heading', { level: 1, name: new RegExp(name) });

describe('the showroom', () => {
  it('shows the showroom with its address and description, and its booths linking to the viewer', async () => {
    api();
    renderApp('/showroom');
    expect(await screen.findByRole('heading', { level: 2, name: 'Starlight Showroom' })).toBeInTheDocument();
    expect(screen.getByText('8/F, Block A, Toy City, Chenghai')).toBeInTheDocument();
    expect(screen.getByText('Three halls of toys.')).toBeInTheDocument();
    expect(screen.getByText('Open Monday to Saturday.')).toBeInTheDocument();

    const links = screen.getAllByRole('link', { name: /Hall A, Booth/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/booth?id=11',
      '/booth?id=12',
      '/booth?id=13',
    ]);
    expect(links[0]).toHaveAccessibleName('Booth A101 Hall A, Booth 101');
    expect(screen.getByText('Products: 22')).toBeInTheDocument();
  });

  it('says so when there is no showroom yet', async () => {
    mockApi({ get_showroom: () => ok([]), get_booth_list: () => ok([]) });
    renderApp('/showroom');
    expect(
      await screen.findByText('The showroom is being set up. Please come back soon.'),
    ).toBeInTheDocument();
  });
});

describe('the booth viewer', () => {
  it('disables previous at the first booth and next at the last, moving through the booths in the URL', async () => {
    api();
    const { user } = renderApp('/booth?id=11');
    expect(await boothTitle('Hall A, Booth 101')).toBeInTheDocument();
    expect(await screen.findByText('Toy of A101')).toBeInTheDocument();
    const previous = () => screen.getByRole('button', { name: 'Previous booth' });
    const next = () => screen.getByRole('button', { name: 'Next booth' });
    expect(previous()).toBeDisabled();
    expect(next()).toBeEnabled();

    await user.click(next());
    expect(await boothTitle('Hall A, Booth 102')).toBeInTheDocument();
    expect(here()).toBe('/booth?id=12');
    await waitFor(() => expect(previous()).toBeEnabled());
    expect(await screen.findByText('Toy of A102')).toBeInTheDocument();

    await user.click(next());
    expect(await boothTitle('Hall A, Booth 103')).toBeInTheDocument();
    await waitFor(() => expect(previous()).toBeEnabled());
    expect(next()).toBeDisabled();
    expect(here()).toBe('/booth?id=13');

    // Each booth is an entry of the history.
    await act(async () => {
      window.history.back();
    });
    expect(await boothTitle('Hall A, Booth 102')).toBeInTheDocument();
    expect(here()).toBe('/booth?id=12');
  });

  it("shows a booth's last page, not 'no products', when the address asks for a page past it", async () => {
    api();
    renderApp('/booth?id=12&page=5');
    expect(await screen.findByText('Toy of A102')).toBeInTheDocument();
    expect(here()).toBe('/booth?id=12');
    expect(screen.queryByText('No products in this booth yet')).toBeNull();
  });

  it('moves with the arrow keys, mirrored right to left', async () => {
    api();
    renderApp('/booth?id=12');
    expect(await boothTitle('Hall A, Booth 102')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next booth' })).toBeEnabled());

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(await boothTitle('Hall A, Booth 103')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous booth' })).toBeEnabled());
    // At the end, forward does nothing.
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(await boothTitle('Hall A, Booth 102')).toBeInTheDocument();
    expect(here()).toBe('/booth?id=12');

    await act(() => setLanguage(lang('ar')));
    const ar = (await import('@vitrine/i18n/locales/ar.json')).default;
    await waitFor(() =>
      expect(screen.getByRole('button', { name: ar.web.showroom.nextBooth })).toBeEnabled(),
    );
    // In Arabic the next booth is to the left.
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(here()).toBe('/booth?id=13'));
  });

  it('ignores the arrow keys while a field has the focus, and with a modifier key', async () => {
    api();
    renderApp('/booth?id=12');
    expect(await boothTitle('Hall A, Booth 102')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next booth' })).toBeEnabled());
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', altKey: true });
    field.remove();
    await new Promise((r) => setTimeout(r, 50));
    expect(here()).toBe('/booth?id=12');
  });

  it('says that a booth does not exist, with a way back to the showroom', async () => {
    const server = api();
    renderApp('/booth?id=99');
    expect(await screen.findByText('This booth could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the showroom' })).toHaveAttribute('href', '/showroom');
    expect(server.named('get_booth_detail')).toHaveLength(1);
    // Said once, on the page: no toast as well.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the breadcrumb back to the showroom', async () => {
    api();
    renderApp('/booth?id=11');
    await boothTitle('Hall A, Booth 101');
    const crumbs = screen.getByRole('navigation', { name: 'You are here' });
    expect(within(crumbs).getByRole('link', { name: 'Starlight Showroom' })).toHaveAttribute(
      'href',
      '/showroom',
    );
  });
});

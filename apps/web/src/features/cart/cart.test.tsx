import '@testing-library/jest-dom/vitest';
import '../../test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import { languageByKey, type ProductCard } from '@vitrine/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import * as storage from '../../lib/storage';
import { mockApi, ok } from '../../test/api-mock';
import { renderApp } from '../../test/app';
import { demoSite, visitor } from '../../test/fixtures';
import { formatVolume } from '../../lib/format';
import { readLocalCart, writeLocalCart } from './components/local-cart';

vi.mock('../../app/layout/MainLayout', () => import('../../test/layout-stubs'));
vi.mock('../../app/layout/BareLayout', () => import('../../test/layout-stubs'));

const card = (id: number, name: string, over: Partial<ProductCard> = {}): ProductCard => ({
  id,
  number: `ST-${id}`,
  name,
  packing: 'Window box',
  picture: '',
  price: 2.5,
  money_unit: 'USD',
  trade_term: 'FOB',
  carton: { length: 50, width: 40, height: 50, cbm: 0.1, cuft: 3.53 },
  carton_quantity: 24,
  gross_weight: 12,
  net_weight: 10,
  purchase_number: 1,
  category_id: 3,
  factory_id: 9,
  flags: { is_new: 0, is_recommend: 0, is_spot: 0, is_gcc: 0, is_cash_sale: 0, is_3d: 0, is_hot: 0 },
  is_expire: 0,
  created_at: 1_700_000_000,
  updated_at: 1_710_000_000,
  ...over,
});

const PRODUCTS = [card(1, 'Stunt car'), card(2, 'Water gun')];

function api() {
  return mockApi({
    get_toy: ({ ids }) => ok(PRODUCTS.filter((p) => (ids as number[]).includes(p.id))),
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
    add_choose: ({ lines }) =>
      ok({ id: 41, number: 'S2026112200001', product_count: (lines as unknown[]).length, skipped: [] }),
  });
}

beforeEach(async () => {
  const en = languageByKey('en');
  if (!en) throw new Error('en');
  await setLanguage(en);
  queryClient.clear();
  window.localStorage.clear();
  storage.setSite(demoSite);
  storage.setToken('tok-1');
  storage.setUser(visitor);
  writeLocalCart(demoSite.id, [
    { id: 1, ctn: 10, at: 2 },
    { id: 2, ctn: 1, at: 1 },
  ]);
});

// The page's code loads on demand: slow on a busy machine.
const lines = () => screen.findAllByTestId('cart-line', {}, { timeout: 10_000 });

describe("a visitor's cart page", () => {
  it('shows each line with its cartons and the totals of the selection', async () => {
    api();
    renderApp('/chooseCar');
    expect(await lines()).toHaveLength(2);
    expect(screen.getByTestId('total-ctn')).toHaveTextContent('11');
    // 10 × 24 × 2.5 + 1 × 24 × 2.5
    expect(screen.getByTestId('total-price')).toHaveTextContent('$660.00 FOB');
    expect(screen.getByTestId('total-weight')).toHaveTextContent('132 KGS');
    const fill = within(screen.getByTestId('container-fill'));
    expect(fill.getByRole('progressbar', { name: /20' container.*3% of one container/ })).toBeInTheDocument();
  });

  it('writes container capacities in the unit of the totals, in Arabic too', async () => {
    const arabic = languageByKey('ar');
    if (!arabic) throw new Error('ar');
    await setLanguage(arabic);
    api();
    renderApp('/chooseCar');
    await lines();
    const fill = screen.getByTestId('container-fill');
    expect(fill).toHaveTextContent(formatVolume(33, 'cbm'));
    expect(fill.textContent).not.toContain('م³');
  }, 30_000);

  it('says why a typed number of cartons is not saved, and keeps what was typed', async () => {
    api();
    const { user } = renderApp('/chooseCar');
    await lines();
    const field = screen.getByLabelText('Cartons of Water gun');
    for (const [typed, message] of [
      ['0', 'At least 1 carton'],
      ['-3', 'At least 1 carton'],
      ['2.5', 'Cartons must be a whole number'],
      ['1000', 'At most 999 cartons of one product in a sample selection'],
      ['', 'Enter the number of cartons'],
    ] as const) {
      await user.clear(field);
      if (typed) await user.type(field, typed);
      await user.tab();
      expect(field).toHaveValue(typed);
      expect(field).toHaveAccessibleDescription(message);
      expect(readLocalCart(demoSite.id).find((l) => l.id === 2)?.ctn).toBe(1);
    }
    await user.clear(field);
    await user.type(field, '999');
    expect(field).not.toHaveAccessibleDescription();
    // Saved once the typing pauses, without leaving the field.
    await waitFor(() => expect(readLocalCart(demoSite.id).find((l) => l.id === 2)?.ctn).toBe(999));
    expect(screen.getByTestId('total-ctn')).toHaveTextContent('1,009');
  }, 30_000);

  it('moves the line and the totals with each press of the stepper, and keeps the number', async () => {
    api();
    const { user } = renderApp('/chooseCar');
    await lines();
    const more = screen.getByRole('button', { name: 'One carton more of Water gun' });
    for (let i = 0; i < 4; i++) await user.click(more);
    expect(screen.getByLabelText('Cartons of Water gun')).toHaveValue('5');
    expect(screen.getByTestId('total-ctn')).toHaveTextContent('15');
    expect(readLocalCart(demoSite.id).find((l) => l.id === 2)?.ctn).toBe(5);
    await user.click(screen.getByRole('button', { name: 'One carton fewer of Water gun' }));
    expect(screen.getByTestId('total-ctn')).toHaveTextContent('14');
  }, 30_000);

  it('takes the contact-way message off the optional phone once the email is typed', async () => {
    api();
    const { user } = renderApp('/chooseCar');
    await lines();
    await user.click(screen.getByTestId('open-submit'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByTestId('submit-selection'));
    const phone = dialog.getByLabelText(/Phone/);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.click(dialog.getByLabelText(/Email/));
    await user.paste('amira@gulftoys.example');
    expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  }, 30_000);

  it('says nothing is selected when deleting without a selection, and deletes the chosen lines', async () => {
    api();
    const { user } = renderApp('/chooseCar');
    await lines();
    await user.click(screen.getByTestId('delete-selected'));
    expect(await screen.findByText('Nothing selected for deletion')).toBeInTheDocument();
    expect(await lines()).toHaveLength(2);

    await user.click(screen.getByRole('checkbox', { name: /Water gun/ }));
    expect(screen.getByTestId('delete-selected')).toHaveTextContent('Delete selected (1)');
    await user.click(screen.getByTestId('delete-selected'));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(readLocalCart(demoSite.id).map((l) => l.id)).toEqual([1]);
  });

  it('refuses a wrong email, then submits and shows the record in place of the emptied cart', async () => {
    const server = api();
    const { user } = renderApp('/chooseCar');
    await lines();
    await user.click(screen.getByTestId('open-submit'));
    const dialog = within(await screen.findByRole('dialog'));
    // Pasted rather than typed key by key: the same events for the form, in a fraction of the time.
    const fill = async (label: RegExp, text: string) => {
      await user.click(dialog.getByLabelText(label));
      await user.paste(text);
    };
    await fill(/Company name/, 'Gulf Toys Trading');
    await fill(/Contact person/, 'Amira Haddad');
    await fill(/Email/, 'amira@gulftoys');
    await user.click(dialog.getByTestId('submit-selection'));
    expect(await dialog.findByText('Please enter the correct email')).toBeInTheDocument();
    expect(server.named('add_choose')).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/Email/));
    await fill(/Email/, 'amira@gulftoys.example');
    await user.click(dialog.getByTestId('submit-selection'));

    const done = await screen.findByTestId('submitted');
    // On a phone the page is scrolled to the form's end: the outcome is brought into view and
    // read out (issue 21, item 7).
    await waitFor(() => expect(done).toHaveFocus());
    expect(done).toHaveTextContent('Your selection S2026112200001 has been submitted.');
    expect(within(done).getByRole('link', { name: 'View the record' })).toHaveAttribute(
      'href',
      '/sampleRecordDetails?id=41',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Your sample cart is empty')).not.toBeInTheDocument();
    expect(readLocalCart(demoSite.id)).toEqual([]);
    expect(server.named('add_choose')[0]?.body).toMatchObject({
      company_name: 'Gulf Toys Trading',
      email: 'amira@gulftoys.example',
      lines: [
        { id: 1, ctn: 10 },
        { id: 2, ctn: 1 },
      ],
    });
  }, 15_000);

  it('shows the empty state with a way to the products when the cart is empty', async () => {
    writeLocalCart(demoSite.id, []);
    api();
    renderApp('/chooseCar');
    expect(await screen.findByText('Your sample cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/productDisplay');
  });
});

describe("a visitor's sample records", () => {
  const record = (id: number) => ({
    id,
    number: `S20261122${String(id).padStart(5, '0')}`,
    created_at: 1_764_000_000_000 + id,
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
  });

  it("keeps the line breaks of a record's remark", async () => {
    mockApi({
      get_choose_detail: () => ok({ ...record(5), remark: 'Blue ones only\nShip with the next order' }),
      get_choose_toy_list: () => ok({ list: [], total: 0, page: 1, page_size: 50 }),
    });
    renderApp('/sampleRecordDetails?id=5');
    const remark = (await screen.findByText(/Blue ones only/, {}, { timeout: 10_000 })).closest('dd');
    expect(remark?.querySelectorAll('br')).toHaveLength(1);
    expect(remark).toHaveTextContent('Blue ones onlyShip with the next order');
  });

  it('shows the page before when deleting the only record of the last page', async () => {
    // Eleven records are two pages of ten, newest first: the oldest is alone on page 2.
    let records = Array.from({ length: 11 }, (_, i) => record(11 - i));
    const server = mockApi({
      get_choose_list: ({ page, page_size }) => {
        const size = Number(page_size);
        const from = (Number(page) - 1) * size;
        return ok({ list: records.slice(from, from + size), total: records.length, page, page_size: size });
      },
      delete_choose: ({ ids }) => {
        records = records.filter((r) => !(ids as number[]).includes(r.id));
        return ok({ deleted: (ids as number[]).length });
      },
    });
    const { user } = renderApp('/sampleRecords?page=2');
    const only = await screen.findByTestId('sample-record');
    expect(within(only).getByText(record(1).number)).toBeInTheDocument();

    await user.click(within(only).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(window.location.search).toBe(''));
    expect(await screen.findAllByTestId('sample-record')).toHaveLength(10);
    expect(screen.queryByText('No sample records yet')).toBeNull();
    expect(server.named('delete_choose')[0]?.body).toMatchObject({ ids: [1] });
  });
});

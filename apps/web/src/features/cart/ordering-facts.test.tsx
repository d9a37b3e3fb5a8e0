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
import { readLocalCart, writeLocalCart } from './components/local-cart';

vi.mock('../../app/layout/MainLayout', () => import('../../test/layout-stubs'));
vi.mock('../../app/layout/BareLayout', () => import('../../test/layout-stubs'));

/** 24 pieces a carton at 2.50; 2.25 from 48 pieces, 2.00 from 120; at least 48 pieces (decision 0059). */
const blocks: ProductCard = {
  id: 1,
  number: 'ST-1',
  name: 'Stacking blocks',
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
  min_order_quantity: 48,
  price_breaks: [
    { from: 48, price: 2.25 },
    { from: 120, price: 2 },
  ],
  lead_time_days: 35,
  hs_code: '95030090',
};

beforeEach(async () => {
  const en = languageByKey('en');
  if (!en) throw new Error('en');
  await setLanguage(en);
  queryClient.clear();
  window.localStorage.clear();
  storage.setSite(demoSite);
  storage.setToken('tok-1');
  storage.setUser(visitor);
  writeLocalCart(demoSite.id, [{ id: 1, ctn: 1, at: 1 }]);
  mockApi({
    get_toy: () => ok([blocks]),
    get_detail_choose: () => ok(null),
  });
});

const line = async () =>
  (await screen.findAllByTestId('cart-line', {}, { timeout: 10_000 }))[0] as HTMLElement;

describe('the ordering facts in the cart', () => {
  it('warns below the minimum order without blocking, and one press orders enough cartons', async () => {
    const { user } = renderApp('/chooseCar');
    const first = await line();
    expect(within(first).getByTestId('below-moq')).toHaveTextContent(
      'Below the minimum order of 48 PCS: 2 ctn reach it.',
    );
    expect(screen.getByTestId('moq-summary')).toHaveTextContent(
      'Products below their minimum order quantity: 1.',
    );
    // 24 pieces: no break yet; the next one is named.
    expect(within(first).getByTestId('unit-price')).toHaveTextContent('$2.50 FOB');
    expect(first).toHaveTextContent('$2.25 from 48 PCS');
    expect(first).toHaveTextContent('35 days');
    expect(first).toHaveTextContent('9503.00.90');
    expect(screen.getByRole('button', { name: /Submit/ })).toBeEnabled();

    await user.click(within(first).getByRole('button', { name: 'Order 2 cartons of Stacking blocks' }));
    await waitFor(() => expect(readLocalCart(demoSite.id)[0]?.ctn).toBe(2));
    expect(screen.queryByTestId('below-moq')).not.toBeInTheDocument();
    expect(screen.queryByTestId('moq-summary')).not.toBeInTheDocument();
  }, 30_000);

  it('prices the line and the grand total at the break the cartons reach', async () => {
    const { user } = renderApp('/chooseCar');
    const first = await line();
    const more = screen.getByRole('button', { name: 'One carton more of Stacking blocks' });
    // 2 cartons = 48 pieces: the first break, from exactly its quantity.
    await user.click(more);
    expect(within(first).getByTestId('unit-price')).toHaveTextContent('$2.25 FOB (price break from 48 PCS)');
    expect(within(first).getByTestId('line-price')).toHaveTextContent('$108.00');
    expect(screen.getByTestId('total-price')).toHaveTextContent('$108.00 FOB');
    // 4 cartons = 96 pieces: still the first break.
    await user.click(more);
    await user.click(more);
    expect(screen.getByTestId('total-price')).toHaveTextContent('$216.00 FOB');
    // 5 cartons = 120 pieces: the second break.
    await user.click(more);
    expect(within(first).getByTestId('unit-price')).toHaveTextContent('$2.00 FOB (price break from 120 PCS)');
    expect(screen.getByTestId('total-price')).toHaveTextContent('$240.00 FOB');
  }, 30_000);
});

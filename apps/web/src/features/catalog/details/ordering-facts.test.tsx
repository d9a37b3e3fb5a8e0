import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import { languageByKey, type ProductDetail } from '@vitrine/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query';
import * as storage from '../../../lib/storage';
import { mockApi, ok } from '../../../test/api-mock';
import { renderApp } from '../../../test/app';
import { demoSite, visitor } from '../../../test/fixtures';

vi.mock('../../../app/layout/MainLayout', () => import('../../../test/layout-stubs'));
vi.mock('../../../app/layout/BareLayout', () => import('../../../test/layout-stubs'));
vi.mock('@google/model-viewer', () => ({}));

const detail = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 7,
  number: 'T-7',
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
  category_id: null,
  factory_id: null,
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
  toy_number: 'T-7',
  article_number: '',
  company_number: '',
  factory_number: '',
  inner_boxes: 0,
  pack: { length: 0, width: 0, height: 0 },
  certification: '',
  price_valid_until: null,
  stock_quantity: 0,
  remark: '',
  description: '',
  video_url: '',
  model_url: '/files/c1/model/2026-11-27/blocks.glb',
  category_path: [],
  factory: null,
  pictures: [],
  ...over,
});

const show = (p: ProductDetail) =>
  mockApi({
    get_toy_detail: () => ok(p),
    get_toy_similar: () => ok([]),
    get_recommend_detail: () => ok([]),
    website_toy_browse: () => ok({ logged: 1 }),
  });

beforeEach(async () => {
  queryClient.clear();
  storage.setSite(demoSite);
  storage.setToken('tok-1');
  storage.setUser(visitor);
});

const valueOf = (label: string) =>
  within(screen.getByRole('region', { name: 'Product information' }))
    .queryAllByRole('term')
    .find((dt) => dt.textContent === label)?.nextElementSibling?.textContent ?? null;

describe('the ordering facts on the product page', () => {
  it('shows the price by quantity, the minimum order, lead time and HS code, and the 3D model', async () => {
    const en = languageByKey('en');
    if (!en) throw new Error('en');
    await setLanguage(en);
    show(detail());
    renderApp('/productDetails?id=7');
    await screen.findByRole('heading', { level: 1, name: 'Stacking blocks' }, { timeout: 20_000 });
    const table = screen.getByRole('table', { name: 'Price by quantity' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'QuantityUnit price FOB',
      '1–47 PCS$2.50',
      '48–119 PCS$2.25',
      '120 PCS and more$2.00',
    ]);
    expect(valueOf('Minimum order')).toBe('48 PCS');
    expect(valueOf('Production lead time')).toBe('35 days');
    expect(valueOf('HS code')).toBe('9503.00.90');
    expect(screen.getByRole('heading', { name: '3D display' })).toBeInTheDocument();
    // The library loads on demand, then the viewer takes the uploaded GLB.
    await waitFor(() =>
      expect(document.querySelector('model-viewer')?.getAttribute('src')).toBe(
        '/files/c1/model/2026-11-27/blocks.glb',
      ),
    );
  }, 30_000);

  it('shows no price ladder where prices are hidden, nor facts that were not given', async () => {
    const en = languageByKey('en');
    if (!en) throw new Error('en');
    await setLanguage(en);
    show(detail({ price: null, price_breaks: [], lead_time_days: 0, hs_code: '', model_url: '' }));
    renderApp('/productDetails?id=7');
    await screen.findByRole('heading', { level: 1, name: 'Stacking blocks' }, { timeout: 20_000 });
    expect(screen.queryByRole('table', { name: 'Price by quantity' })).not.toBeInTheDocument();
    expect(valueOf('Minimum order')).toBe('48 PCS');
    expect(valueOf('Production lead time')).toBeNull();
    expect(valueOf('HS code')).toBeNull();
  }, 30_000);

  it('reads right to left in Arabic, the ladder too', async () => {
    const ar = languageByKey('ar');
    if (!ar) throw new Error('ar');
    await setLanguage(ar);
    show(detail());
    renderApp('/productDetails?id=7');
    await screen.findByRole('heading', { level: 1, name: 'Stacking blocks' }, { timeout: 20_000 });
    const table = screen.getByRole('table', { name: 'السعر حسب الكمية' });
    expect(table.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    expect(within(table).getByText('120 قطعة فأكثر')).toBeInTheDocument();
  }, 30_000);
});

import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import { languageByKey, type ProductCard, type ProductDetail } from '@vitrine/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onAddToCartRequest } from '../../../lib/cart-events';
import { setLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query';
import * as storage from '../../../lib/storage';
import { fail, mockApi, ok } from '../../../test/api-mock';
import { renderApp } from '../../../test/app';
import { demoSite, visitor } from '../../../test/fixtures';

vi.mock('../../../app/layout/MainLayout', () => import('../../../test/layout-stubs'));
vi.mock('../../../app/layout/BareLayout', () => import('../../../test/layout-stubs'));
// The 3D library (three.js and WebGL) has no place in jsdom: the element is enough here.
vi.mock('@google/model-viewer', () => ({}));

const card = (id: number, name: string): ProductCard => ({
  id,
  number: `T-${id}`,
  name,
  packing: 'Window box',
  picture: `/files/1/p${id}.jpg`,
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

const product = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  ...card(7, 'Remote control stunt car'),
  purchase_number: 2,
  toy_number: 'T-7',
  article_number: 'ART-700',
  company_number: '',
  factory_number: 'F-88',
  inner_boxes: 4,
  pack: { length: 0, width: 0, height: 0 },
  certification: 'EN71, ASTM',
  price_valid_until: 1_767_139_200,
  stock_quantity: 0,
  remark: '',
  description: 'Climbs walls.\nRechargeable.',
  video_url: '',
  model_url: '',
  category_path: [
    { id: 1, name: 'Vehicles' },
    { id: 3, name: 'RC cars' },
  ],
  factory: { id: 9, name: 'Chenghai Works' },
  pictures: [
    { url: '/files/1/p7.jpg', width: 800, height: 600 },
    { url: '/files/1/p7b.jpg', width: 800, height: 800 },
  ],
  ...over,
});

function api(
  detail: ProductDetail | null,
  related: ProductCard[] = [card(11, 'Drift car'), card(12, 'Water gun')],
) {
  return mockApi({
    get_toy_detail: ({ id }) => {
      if (!detail) return fail(-1, 'This product could not be found');
      // Another product (one of the shelves'): the same labels under its own name.
      return ok(id === detail.id ? detail : { ...detail, id, name: `Product ${String(id)}` });
    },
    get_toy_similar: () => ok(related.slice(0, 1)),
    get_recommend_detail: () => ok(related.slice(1)),
    website_toy_browse: () => ok({ logged: 1 }),
    toy_select_log: () => ok({ logged: 1 }),
    toy_recommend_select_log: () => ok({ logged: 1 }),
    toy_click_log: () => ok({ logged: 1 }),
  });
}

beforeEach(async () => {
  const en = languageByKey('en');
  if (!en) throw new Error('en');
  await setLanguage(en);
  // Each test answers get_toy_detail its own way: nothing cached from the previous one.
  queryClient.clear();
  storage.setSite(demoSite);
  storage.setToken('tok-1');
  storage.setUser(visitor);
});

const title = (name: string) => screen.findByRole('heading', { level: 1, name });
/** The value of a label in the definition list, or null when the label is not shown. */
const valueOf = (label: string) => {
  const term = within(screen.getByRole('region', { name: 'Product information' }))
    .queryAllByRole('term')
    .find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent ?? null;
};

describe('the product page', () => {
  // The first test of the file also waits for the page's code to load: a generous time limit.
  it('shows the labels that have a value, with their units', async () => {
    const calls = api(product());
    renderApp('/productDetails?id=7');
    expect(await title('Remote control stunt car')).toBeInTheDocument();
    expect(calls.named('get_toy_detail')[0]?.body).toMatchObject({ id: 7 });

    expect(valueOf('Article number')).toBe('ART-700');
    expect(valueOf('Factory number')).toBe('F-88');
    expect(valueOf('Packing method')).toBe('Window box');
    expect(valueOf('Carton quantity')).toBe('24 PCS/ctn');
    expect(valueOf('Inner boxes')).toBe('4');
    expect(valueOf('Carton L × W × H')).toBe('60 × 40 × 50 cm');
    expect(valueOf('Gross weight')).toBe('12.5 KGS');
    expect(valueOf('Net weight')).toBe('10.8 KGS');
    expect(valueOf('Carton volume')).toBe('0.12 cbm / 4.24 cuft');
    expect(valueOf('Certification')).toBe('EN71, ASTM');
    expect(valueOf('Price')).toBe('FOB $3.50');
    expect(valueOf('Price valid until')).toMatch(/2025|2026/);
    expect(valueOf('Description')).toBe('Climbs walls.\nRechargeable.');
    expect(valueOf('Update date')).toMatch(/2024/);
    // Labels without a value are not shown at all.
    for (const label of ['Company number', 'Pack L × W × H', 'Stock quantity', 'Remark']) {
      expect(valueOf(label)).toBeNull();
    }

    // The breadcrumb follows the category path, back to the list.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/productDisplay');
    expect(within(crumbs).getByRole('link', { name: 'RC cars' })).toHaveAttribute(
      'href',
      '/productDisplay?category=3',
    );
    // Pictures and thumbnails; no video, no 3D display.
    expect(screen.getByRole('button', { name: 'Show picture 2 of 2' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '3D display' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Video' })).not.toBeInTheDocument();
    // Similar and recommended shelves.
    expect(await screen.findByRole('heading', { name: 'Similar products' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Water gun' })).toHaveAttribute(
      'href',
      '/productDetails?id=12',
    );
    // The view is logged once.
    await waitFor(() => expect(calls.named('website_toy_browse')).toHaveLength(1));
    expect(calls.named('website_toy_browse')[0]?.body).toMatchObject({ path: '/productDetails', toy_id: 7 });
  }, 30_000);

  it('shows a remark, a description and a video together, as the demo seeds some products', async () => {
    api(
      product({
        remark: 'Batteries not included.\nMixed colours in each carton.',
        description: 'Sturdy toy car.\nRechargeable battery pack included.',
        video_url: '/files/c1/ab/abc.webm',
      }),
    );
    const { container } = renderApp('/productDetails?id=7');
    // Generous: a busy machine takes its time over the first render of the page.
    await screen.findByRole('heading', { level: 1, name: 'Remote control stunt car' }, { timeout: 10_000 });
    expect(valueOf('Remark')).toBe('Batteries not included.\nMixed colours in each carton.');
    expect(valueOf('Description')).toBe('Sturdy toy car.\nRechargeable battery pack included.');
    expect(screen.getByRole('heading', { name: 'Video' })).toBeInTheDocument();
    expect(container.querySelector('video')).toHaveAttribute('src', '/files/c1/ab/abc.webm');
  });

  it('hides the price (and its validity) when the website hides prices', async () => {
    api(product({ price: null, price_valid_until: null }));
    renderApp('/productDetails?id=7');
    await title('Remote control stunt car');
    expect(valueOf('Price')).toBeNull();
    expect(valueOf('Price valid until')).toBeNull();
    expect(screen.queryByText(/\$3\.50/)).not.toBeInTheDocument();
  });

  it('copies the number, and says when the clipboard refuses', async () => {
    api(product());
    const { user } = renderApp('/productDetails?id=7');
    await title('Remote control stunt car');
    const write = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(screen.getByRole('button', { name: 'Copy product number T-7' }));
    expect(write).toHaveBeenCalledWith('T-7');
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    write.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy product number T-7' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
  });

  it('has no copy button when the number is hidden', async () => {
    api(product({ number: null }));
    renderApp('/productDetails?id=7');
    await title('Remote control stunt car');
    expect(screen.queryByRole('button', { name: /Copy product number/ })).not.toBeInTheDocument();
  });

  it('asks the cart to add the product and logs the selection', async () => {
    const calls = api(product());
    const { user } = renderApp('/productDetails?id=7');
    await title('Remote control stunt car');
    const listener = vi.fn();
    const stop = onAddToCartRequest(listener);

    await user.click(screen.getByRole('button', { name: 'Add to sample cart' }));
    expect(listener).toHaveBeenCalledWith({ id: 7, factory_id: 9, purchase_number: 2, expired: false });
    await waitFor(() =>
      expect(calls.named('toy_select_log')[0]?.body).toMatchObject({ toy_id: 7, factory_id: 9 }),
    );
    stop();
  });

  it('reaches "Add to sample cart" right after the breadcrumb and the copy button, before the pictures', async () => {
    api(product());
    const { user } = renderApp('/productDetails?id=7');
    await title('Remote control stunt car');
    const main = screen.getByRole('main');
    main.focus();
    const stops: string[] = [];
    const add = screen.getByRole('button', { name: 'Add to sample cart' });
    while (document.activeElement !== add && stops.length < 20) {
      await user.tab();
      stops.push(document.activeElement?.textContent ?? '');
    }
    // Products › Vehicles › RC cars, Copy, then the button: 5 stops, not 8 (stage and thumbnails).
    expect(stops).toEqual(['Products', 'Vehicles', 'RC cars', 'Copy', 'Add to sample cart']);
  });

  it('disables the cart button of an expired product and says why', async () => {
    api(product({ is_expire: 1 }));
    renderApp('/productDetails?id=7');
    await title('Remote control stunt car');
    const button = screen.getByRole('button', { name: 'Add to sample cart' });
    expect(button).toBeDisabled();
    expect(screen.getByText('Product expired')).toBeVisible();
    expect(button).toHaveAccessibleDescription('Product expired');
  });

  it('shows the 3D model only for a product that has one', async () => {
    api(product({ model_url: '/files/1/models/car.glb', video_url: '/files/1/car.mp4' }));
    const { container } = renderApp('/productDetails?id=7');
    await title('Remote control stunt car');
    expect(screen.getByRole('heading', { name: '3D display' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('model-viewer')).not.toBeNull());
    const viewer = container.querySelector('model-viewer');
    expect(viewer).toHaveAttribute('src', '/files/1/models/car.glb');
    expect(viewer).toHaveAttribute('camera-controls');
    expect(viewer).toHaveAttribute('auto-rotate');
    expect(viewer).toHaveAttribute(
      'aria-label',
      expect.stringContaining('3D model of Remote control stunt car'),
    );
    expect(screen.getByText('Loading the 3D model…')).toBeInTheDocument();
    // The model arrives.
    act(() => {
      viewer?.dispatchEvent(new Event('load'));
    });
    expect(screen.queryByText('Loading the 3D model…')).not.toBeInTheDocument();

    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', '/files/1/car.mp4');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('controls');
  });

  it('says so when the 3D model cannot be loaded', async () => {
    api(product({ model_url: '/files/1/models/broken.glb' }));
    const { container } = renderApp('/productDetails?id=7');
    await title('Remote control stunt car');
    await waitFor(() => expect(container.querySelector('model-viewer')).not.toBeNull());
    act(() => {
      container.querySelector('model-viewer')?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('Sorry, the 3D model could not be shown.')).toBeInTheDocument();
  });

  it('shows a not-found state, without the app-wide message, for an unknown product', async () => {
    api(null);
    renderApp('/productDetails?id=404');
    expect(await title('This product could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to products' })).toHaveAttribute('href', '/productDisplay');
    // Only the page says it: the tip is not repeated in a toast.
    expect(screen.getAllByText('This product could not be found')).toHaveLength(1);
  });

  it('shows the not-found state for an address without a product id', async () => {
    const calls = api(product());
    renderApp('/productDetails?id=abc');
    expect(await title('This product could not be found')).toBeInTheDocument();
    expect(calls.named('get_toy_detail')).toHaveLength(0);
  });

  it('moves between pictures with the arrow keys and zooms in a dialog that Escape closes', async () => {
    api(product());
    const { user } = renderApp('/productDetails?id=7');
    await title('Remote control stunt car');
    const gallery = screen.getByRole('region', { name: 'Product pictures' });
    const first = within(gallery).getByRole('button', { name: 'Show picture 1 of 2' });
    expect(first).toHaveAttribute('aria-current', 'true');

    within(gallery).getByRole('button', { name: 'Enlarge picture' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(gallery).getByRole('button', { name: 'Show picture 2 of 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('img', { name: 'Remote control stunt car, picture 2 of 2' }),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(
      within(dialog).getByRole('img', { name: 'Remote control stunt car, picture 1 of 2' }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('logs a click on a recommended product', async () => {
    const calls = api(product());
    const { user } = renderApp('/productDetails?id=7');
    await user.click(await screen.findByRole('link', { name: 'Water gun' }));
    await waitFor(() =>
      expect(calls.named('toy_recommend_select_log')[0]?.body).toMatchObject({ toy_id: 12, factory_id: 9 }),
    );
    // Its page replaces this one.
    expect(await title('Product 12')).toBeInTheDocument();
    expect(window.location.search).toBe('?id=12');
  });

  it('is the e-commerce variant at /ecommerceDetails: back to /ecommerce, the price first', async () => {
    api(product());
    renderApp('/ecommerceDetails?id=7');
    await title('Remote control stunt car');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'E-commerce products' })).toHaveAttribute(
      'href',
      '/ecommerce',
    );
    expect(screen.getAllByText('FOB $3.50').some((el) => el.closest('[data-emphasis]'))).toBe(true);
  });
});

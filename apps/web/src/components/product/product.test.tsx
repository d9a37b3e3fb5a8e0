import '@testing-library/jest-dom/vitest';
import '../../test/dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '@vitrine/i18n/locales/en.json';
import { languageByKey, type ProductCard as Product } from '@vitrine/contract';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { setLanguage } from '../../lib/i18n';
import * as storage from '../../lib/storage';
import { mockApi, ok } from '../../test/api-mock';
import { demoSite } from '../../test/fixtures';
import { pictureSources, PRIORITY_CARDS, ProductCard, ProductGrid, ProductPicture } from '.';
import { EmptyState, ProductRow } from './results';

const english = languageByKey('en');
if (!english) throw new Error('English missing');

const product = (over: Partial<Product> = {}): Product => ({
  id: 5,
  number: 'ST-1299',
  name: 'Mini Pocket Drone with Headless Mode',
  packing: 'Window box',
  picture: '/files/1/toys/drone.jpg',
  price: 12.5,
  money_unit: 'USD',
  trade_term: 'FOB',
  carton: { length: 50, width: 30, height: 40, cbm: 0.06, cuft: 2.12 },
  carton_quantity: 24,
  gross_weight: 12.5,
  net_weight: 10,
  purchase_number: 1,
  category_id: 3,
  factory_id: 9,
  flags: { is_new: 1, is_recommend: 0, is_spot: 1, is_gcc: 0, is_cash_sale: 0, is_3d: 0, is_hot: 0 },
  is_expire: 0,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  ...over,
});

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderUi(ui: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders templateColor={1} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user: userEvent.setup(), router };
}

beforeEach(async () => {
  storage.setSite(demoSite);
  await setLanguage(english);
});

describe('pictureSources', () => {
  it('offers the WebP widths of a stored picture, each named by its type (.webp), then the original', () => {
    expect(pictureSources('/files/1/toys/a.jpg')).toEqual({
      src: '/img/320/1/toys/a.jpg.webp',
      srcSet:
        '/img/160/1/toys/a.jpg.webp 160w, /img/320/1/toys/a.jpg.webp 320w, /img/480/1/toys/a.jpg.webp 480w, /img/800/1/toys/a.jpg.webp 800w',
      fallbacks: ['/files/1/toys/a.jpg'],
    });
  });
  it('keeps other URLs as they are, and has nothing for no picture', () => {
    expect(pictureSources('https://cdn.example/a.gif')).toEqual({
      src: 'https://cdn.example/a.gif',
      fallbacks: [],
    });
    expect(pictureSources('/files/1/logo.svg')).toEqual({ src: '/files/1/logo.svg', fallbacks: [] });
    expect(pictureSources('')).toBeNull();
  });
});

describe('ProductPicture', () => {
  it('loads lazily with srcset and fixed size, falls back to the original, then to a placeholder', () => {
    const { container } = render(<ProductPicture src="/files/1/toys/a.png" alt="A drone" />);
    let img = container.querySelector('img');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '320');
    expect(img?.getAttribute('srcset')).toContain('/img/800/1/toys/a.png.webp 800w');
    expect(img).toHaveAttribute('sizes');

    fireEvent.error(img as HTMLImageElement);
    img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/files/1/toys/a.png');
    expect(img).not.toHaveAttribute('srcset');

    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'A drone' })).toBeInTheDocument();
  });

  it('loads a picture above the fold first, drawn with the frame that shows it', () => {
    const { container } = render(<ProductPicture src="/files/1/toys/a.png" alt="" priority />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('decoding', 'sync');
  });

  it('shows the placeholder at once when there is no picture', () => {
    const { container } = render(<ProductPicture src="" alt="" />);
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('ProductCard', () => {
  it('shows name, number, price with trade term and flag badges, and links to the product', () => {
    renderUi(<ProductCard product={product()} />);
    const link = screen.getByRole('link', { name: 'Mini Pocket Drone with Headless Mode' });
    expect(link).toHaveAttribute('href', '/productDetails?id=5');
    expect(screen.getByText('ST-1299')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();
    expect(screen.getByText('FOB', { exact: false })).toBeInTheDocument();
    const flags = screen.getByRole('list', { name: en.web.product.flags.label });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([en.web.product.flags.new, en.web.product.flags.spot]);
    expect(screen.queryByText(en.web.product.expired)).toBeNull();
  });

  it('shows what tells colour variants apart on a line of its own, and the whole name as the link', () => {
    const name = 'Soft Plush Teddy Bear with Bow Tie, 40 cm – Red';
    renderUi(<ProductCard product={product({ name })} />);
    const link = screen.getByRole('link', { name });
    // The two-line clamp holds the name only: the variant is never cut off with it.
    const head = within(link).getByText('Soft Plush Teddy Bear with Bow Tie, 40 cm');
    const variant = within(link).getByText('Red');
    expect(head).not.toContainElement(variant);
    expect(within(link).getByTitle(name)).toBeInTheDocument();
    // Read as a whole (a heading's name, a copy), the dash is still there: not "40 cmRed".
    expect(screen.getByRole('heading').textContent?.replace(/\s+/g, ' ')).toBe(name);
  });

  it("keeps Latin words and numbers of an Arabic name whole, in the name's own direction", () => {
    const name = 'طائرة درون صغيرة مع وضع Headless وعودة بزر واحد، 40 سم';
    renderUi(<ProductCard product={product({ name })} />);
    const link = screen.getByRole('link', { name });
    // Each one box: the clamp's ellipsis showed "eadless…" and "0" at the end of an Arabic line.
    expect(within(link).getByText('Headless').tagName).toBe('SPAN');
    expect(within(link).getByText('40').tagName).toBe('SPAN');
    expect(within(link).getByTitle(name)).toHaveAttribute('dir', 'auto');
  });

  it('hides the price when it is null and the number when it is null', () => {
    renderUi(<ProductCard product={product({ price: null, number: null })} />);
    expect(screen.queryByText('$12.50')).toBeNull();
    expect(screen.queryByText('FOB', { exact: false })).toBeNull();
    expect(screen.queryByText('ST-1299')).toBeNull();
    expect(screen.queryByText(`${en.web.product.price}:`, { exact: false })).toBeNull();
  });

  it('marks an expired product', () => {
    renderUi(<ProductCard product={product({ is_expire: 1 })} />);
    expect(screen.getByText(en.web.product.expired)).toBeInTheDocument();
  });

  it('opens the e-commerce details when asked, and logs the click', async () => {
    const api = mockApi({ toy_click_log: () => ok({ logged: 1 }) });
    const { user } = renderUi(<ProductCard product={product()} ecommerce />);
    const link = screen.getByRole('link', { name: 'Mini Pocket Drone with Headless Mode' });
    expect(link).toHaveAttribute('href', '/ecommerceDetails?id=5');
    await user.click(link);
    expect(await screen.findByTestId('where')).toHaveTextContent('/ecommerceDetails?id=5');
    await waitFor(() => expect(api.named('toy_click_log')).toHaveLength(1));
    expect(api.named('toy_click_log')[0]?.body).toMatchObject({ toy_id: 5 });
  });
});

describe('ProductRow', () => {
  it('lists packing, carton size, volume, pieces per carton, weights and price', () => {
    renderUi(<ProductRow product={product()} />);
    expect(screen.getByText('Window box')).toBeInTheDocument();
    expect(screen.getByText('50 × 30 × 40 cm')).toBeInTheDocument();
    expect(screen.getByText('0.06 cbm / 2.12 cuft')).toBeInTheDocument();
    expect(screen.getByText('24 PCS/ctn')).toBeInTheDocument();
    expect(screen.getByText('12.5 / 10 KGS')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();
  });

  it('leaves out the number and price when hidden', () => {
    renderUi(<ProductRow product={product({ number: null, price: null })} />);
    expect(screen.queryByText(en.web.product.number)).toBeNull();
    expect(screen.queryByText('$12.50')).toBeNull();
  });
});

describe('ProductGrid and EmptyState', () => {
  it('draws skeletons while loading, then one card per product', () => {
    const { unmount } = render(<ProductGrid products={[]} loading skeletonCount={3} />);
    expect(document.querySelectorAll('[data-skeleton]')).toHaveLength(3);
    unmount();
    renderUi(<ProductGrid products={[product(), product({ id: 6, name: 'Robot' })]} label="Products" />);
    expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('article')).toHaveLength(2);
  });

  it("loads only the first row's pictures (on a phone) first; the others when they come near", () => {
    const products = [1, 2, 3, 4, 5, 6].map((id) => product({ id, name: `Toy ${id}` }));
    renderUi(<ProductGrid products={products} label="Products" priorityCount={PRIORITY_CARDS} />);
    const loading = [...document.querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'lazy', 'lazy', 'lazy', 'lazy']);
  });

  it('says there are no results, with a way back', () => {
    renderUi(<EmptyState />);
    expect(screen.getByText(en.web.product.empty.title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.web.product.empty.back })).toHaveAttribute(
      'href',
      '/productDisplay',
    );
  });
});

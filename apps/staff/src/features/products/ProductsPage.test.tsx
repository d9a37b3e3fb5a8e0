import '../../test/dom';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { mockCalls, renderConsole, shellCalls } from '../../test/render';
import { options, row } from './fixtures';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const page = (list: ReturnType<typeof row>[]) => ({
  list,
  total: list.length,
  page: 1,
  page_size: 20,
  money_unit: 'USD',
  price_exponent: 2,
});

describe('the products list', { timeout: 60_000 }, () => {
  it('shows which languages each product lacks, and searches on the server', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_product_options: () => options,
      staff_list_products: (body) =>
        page(
          body.search === 'dino'
            ? [row(2, { name: 'Remote dinosaur' })]
            : [row(1), row(2, { name: 'Remote dinosaur', missing_languages: ['ar', 'he'] })],
        ),
    });
    const { user } = await renderConsole('/products');
    expect(await screen.findByRole('heading', { name: 'Products' }, { timeout: 5000 })).toBeTruthy();
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(await within(table).findByText('All 16')).toBeTruthy();
    expect(within(table).getByLabelText('No name yet in: العربية, עברית').textContent).toBe('14/16');
    expect(within(table).getByText('$2.50')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'dino');
    await vi.waitFor(
      () =>
        expect(calls.named('staff_list_products').at(-1)?.body).toMatchObject({ search: 'dino', page: 1 }),
      { timeout: 5000 },
    );
    await vi.waitFor(() => expect(screen.queryByText('Toy 1')).toBeNull(), { timeout: 5000 });
  });

  it('acts on a selection: a flag at once, a deletion only once confirmed', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_product_options: () => options,
      staff_list_products: () => page([row(1), row(2), row(3)]),
      staff_bulk_products: (body) => ({ changed: (body.ids as number[]).length }),
    });
    const { user } = await renderConsole('/products');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Toy 1' }, { timeout: 5000 }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Toy 3' }));
    const bar = screen.getByRole('region', { name: 'Actions on the selection' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();

    await user.click(within(bar).getByRole('button', { name: 'Set a flag' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hot' }));
    await vi.waitFor(
      () =>
        expect(calls.named('staff_bulk_products')[0]?.body).toEqual({
          ids: [1, 3],
          action: 'set_flag',
          flag: 'is_hot',
        }),
      { timeout: 5000 },
    );

    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete the 2 selected products for good/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.named('staff_bulk_products')).toHaveLength(1);

    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(
      () => expect(calls.named('staff_bulk_products')[1]?.body).toEqual({ ids: [1, 3], action: 'delete' }),
      { timeout: 5000 },
    );
  });

  it('takes one product off after asking, and lets customer service only look', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_product_options: () => options,
      staff_list_products: () => page([row(1)]),
      staff_bulk_products: () => ({ changed: 1 }),
    });
    const { user } = await renderConsole('/products');
    await user.click(await screen.findByRole('button', { name: 'Take off: Toy 1' }, { timeout: 5000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Take off' }));
    await vi.waitFor(
      () => expect(calls.named('staff_bulk_products')[0]?.body).toEqual({ ids: [1], action: 'take_off' }),
      { timeout: 5000 },
    );
  });

  it('lets customer service select products for a linesheet only: no bulk change, no new product, no take-off', async () => {
    const calls = mockCalls({
      ...shellCalls('service'),
      staff_list_product_options: () => options,
      staff_list_products: () => page([row(1), row(2)]),
      staff_get_linesheet: () => ({
        url: '/api/linesheet/p1.abc.def',
        filename: 'linesheet-products-2026-11-27.pdf',
        size: 1000,
        products: 2,
        language: 'en',
      }),
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { user } = await renderConsole('/products');
    expect(await screen.findByRole('link', { name: 'Edit Toy 1' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New product' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Take off/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Toy 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Toy 2' }));
    const region = screen.getByRole('region', { name: /selection/i });
    expect(within(region).queryByRole('button', { name: /Set a flag|Delete/ })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Linesheet PDF of selected (2)' }));
    await vi.waitFor(() => expect(clicked).toEqual(['/api/linesheet/p1.abc.def']), { timeout: 5000 });
    expect(calls.named('staff_get_linesheet')[0]?.body).toEqual({
      language: 'en',
      selection: { kind: 'products', ids: [1, 2] },
    });
  });
});

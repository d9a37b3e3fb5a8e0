import '../../test/dom';
import { screen, within } from '@testing-library/react';
import { ErrorCode } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { sample } from '../../test/fixtures';
import { apiFailure, mockCalls, renderConsole, shellCalls } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

describe('the inbox', () => {
  it("renders the server's rows and pages through them on the server", async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_samples: (body) => {
        const page = Number(body.page);
        const ids = page === 1 ? [1, 2] : [41];
        return { list: ids.map((id) => sample(id)), total: 41, page, page_size: 20 };
      },
    });
    const { user, router } = await renderConsole('/inbox');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const [, first, second] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Open sample list S-2025-0001' })).toBeTruthy();
    expect(within(first).getByText('Buyer 1')).toBeTruthy();
    expect(within(first).getByText('New')).toBeTruthy();
    expect(within(second).getByText('Seen')).toBeTruthy();
    expect(within(first).getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('41 in all')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('S-2025-0041')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3');
    expect(calls.named('staff_list_samples').at(-1)?.body).toMatchObject({ page: 3, page_size: 20 });
  });

  it('filters on the server by status and by buyer, from the address', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_samples: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
    });
    const { user } = await renderConsole('/inbox?customer=7&name=Carlos');
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    expect(screen.getByText('Buyer: Carlos')).toBeTruthy();
    expect(calls.named('staff_list_samples')[0]?.body).toMatchObject({ customer_id: 7, status: 'all' });
    await user.click(screen.getByText('New'));
    await vi.waitFor(() =>
      expect(calls.named('staff_list_samples').at(-1)?.body).toMatchObject({ customer_id: 7, status: 'new' }),
    );
  });

  it('names its date filters and clears every filter at once, the search box too', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_list_samples: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
    });
    const { user, router } = await renderConsole('/inbox?status=new&q=toys&from=2025-06-01&to=2025-06-30');
    const from = await screen.findByLabelText('Submitted from');
    expect((from as HTMLInputElement).value).toBe('2025-06-01');
    expect((screen.getByLabelText('Submitted until') as HTMLInputElement).value).toBe('2025-06-30');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('toys');
    expect(calls.named('staff_list_samples')[0]?.body).toMatchObject({ status: 'new', search: 'toys' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Submitted from') as HTMLInputElement).value).toBe('');
    await vi.waitFor(() =>
      expect(calls.named('staff_list_samples').at(-1)?.body).toEqual({
        page: 1,
        page_size: 20,
        status: 'all',
        search: '',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
  });

  it('offers no clearing when nothing is filtered', async () => {
    mockCalls({
      ...shellCalls('sales'),
      staff_list_samples: () => ({ list: [sample(1)], total: 1, page: 1, page_size: 20 }),
    });
    await renderConsole('/inbox');
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it("shows the server's tip when the list cannot be loaded", async () => {
    mockCalls({
      ...shellCalls('owner'),
      staff_list_samples: () => {
        throw apiFailure('staff_list_samples', ErrorCode.FORBIDDEN, 'Your role cannot do this');
      },
    });
    await renderConsole('/inbox');
    expect(await screen.findByText('Could not load this page.')).toBeTruthy();
    expect(screen.getByText('Your role cannot do this')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

import '../../test/dom';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { staffOrder } from '../../test/fixtures';
import { mockCalls, renderConsole, shellCalls } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const summary = (id: number, over = {}) => {
  const { order } = staffOrder('pending_payment', { id, order_number: `Q-${id}`, ...over });
  return order;
};

describe('the orders list', () => {
  it('lists amounts in their currency, marks vouchers to check, and filters through the server', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_get_order_counts: () => ({ new_vouchers: 1, drafts: 0, quoted: 0, to_ship: 0 }),
      staff_list_orders: (body) => ({
        list:
          body.view === 'vouchers'
            ? [summary(1, { pending_vouchers: 1 })]
            : [summary(1, { pending_vouchers: 1 }), summary(2, { currency: 'JPY', order_amount: 125000 })],
        total: body.view === 'vouchers' ? 1 : 2,
        page: 1,
        page_size: 20,
      }),
    });
    const { user, router } = await renderConsole('/orders');
    const [, first, second] = await screen.findAllByRole('row');
    if (!first || !second) throw new Error('two orders expected');
    expect(within(first).getByText('$60.00')).toBeTruthy();
    expect(within(first).getByText('1 voucher(s) to check')).toBeTruthy();
    expect(within(second).getByText('¥125,000')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Vouchers to check' }));
    await vi.waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?view=vouchers');
    await user.type(screen.getByLabelText('Search number or buyer'), 'Acme');
    await vi.waitFor(() =>
      expect(calls.named('staff_list_orders').at(-1)?.body).toMatchObject({ search: 'Acme' }),
    );
    expect(calls.named('staff_list_orders').at(-1)?.body).toMatchObject({ view: 'vouchers', page: 1 });
    await user.click(screen.getByRole('link', { name: 'Open Q-1' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/orders/1'));
  });
});

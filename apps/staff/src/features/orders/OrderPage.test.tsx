import '../../test/dom';
import { fireEvent, screen, within } from '@testing-library/react';
import type { OrderEvent } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { orderLine, staffOrder, voucher } from '../../test/fixtures';
import { mockCalls, renderConsole, shellCalls } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const REVIEW: OrderEvent[] = [
  'confirm_deposit',
  'reject_deposit_voucher',
  'set_ship_date',
  'attach',
  'cancel',
];
const orderCounts = () => ({ new_vouchers: 1, drafts: 0, quoted: 0, to_ship: 0 });

const depositWaiting = () =>
  staffOrder('pending_payment', {
    vouchers: [voucher(9)],
    pending_vouchers: 1,
    payment_due: 'deposit',
    actions: REVIEW,
  });

describe("an order's payment vouchers", () => {
  it('shows the picture, and confirms the receipt after asking, naming the part and amount', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_get_order_counts: orderCounts,
      staff_get_order: depositWaiting,
      staff_review_voucher: () =>
        staffOrder('paid', {
          vouchers: [voucher(9, { status: 'confirmed', reviewed_at: Date.now(), reviewed_by: 'Ann sales' })],
          actions: ['request_balance', 'set_ship_date', 'attach', 'cancel'],
        }),
    });
    const { user } = await renderConsole('/orders/5');
    expect(await screen.findByTestId('order-status')).toHaveProperty('textContent', 'Deposit due');

    await user.click(screen.getByRole('button', { name: 'View the Deposit voucher' }));
    const viewer = await screen.findByRole('dialog', { name: 'View the Deposit voucher' });
    expect(within(viewer).getByRole('img', { name: "The buyer's Deposit payment voucher" })).toHaveProperty(
      'src',
      expect.stringContaining('/files/1/voucher/9.jpg'),
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    const ask = await screen.findByRole('dialog', { name: 'Confirm the receipt?' });
    expect(within(ask).getByText(/Deposit of \$18\.00 has arrived/)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Confirm receipt' }));

    await vi.waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Deposit received'));
    expect(calls.named('staff_review_voucher').map((c) => c.body)).toEqual([
      { voucher_id: 9, decision: 'confirm', reason: '' },
    ]);
    expect(screen.getByText('Receipt confirmed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ask for the balance' })).toBeTruthy();
  });

  it('rejects only with a reason, which the voucher then shows', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_get_order_counts: orderCounts,
      staff_get_order: depositWaiting,
      staff_review_voucher: (body) =>
        staffOrder('pending_payment', {
          vouchers: [
            voucher(9, { status: 'rejected', reason: String(body.reason), reviewed_at: Date.now() }),
          ],
          payment_due: 'deposit',
          actions: REVIEW,
        }),
    });
    const { user } = await renderConsole('/orders/5');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the voucher' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Say why, so the buyer knows what to send')).toBeTruthy();
    expect(calls.named('staff_review_voucher')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason/), 'The amount is 180, not 1800');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Reason: The amount is 180, not 1800')).toBeTruthy();
    expect(calls.named('staff_review_voucher').map((c) => c.body)).toEqual([
      { voucher_id: 9, decision: 'reject', reason: 'The amount is 180, not 1800' },
    ]);
    expect(screen.getByText('Rejected')).toBeTruthy();
  });
});

describe("an order's status", () => {
  it('offers only the steps the machine allows, each behind a confirmation', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_get_order_counts: orderCounts,
      staff_get_order: () =>
        staffOrder('pending_shipment', { actions: ['ship', 'cancel', 'set_ship_date', 'attach'] }),
      staff_advance_order: () => staffOrder('shipped', { actions: ['close', 'attach'] }),
    });
    const { user } = await renderConsole('/orders/5');
    await screen.findByRole('button', { name: 'Mark as shipped' });
    expect(screen.queryByRole('button', { name: 'Close the order' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.named('staff_advance_order')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as shipped' }),
    );
    await vi.waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Shipped'));
    expect(calls.named('staff_advance_order').map((c) => c.body)).toEqual([
      { id: 5, event: 'ship', note: '' },
    ]);
    expect(screen.getByRole('button', { name: 'Close the order' })).toBeTruthy();
  });

  it('shows which lines the buyer confirmed, changed or removed, with the boxes first quoted', async () => {
    mockCalls({
      ...shellCalls('sales'),
      staff_get_order_counts: orderCounts,
      staff_get_order: () =>
        staffOrder('quoted', { actions: ['withdraw', 'cancel', 'set_ship_date', 'attach'] }, [
          orderLine(1, { line_status: 'confirmed' }),
          orderLine(2, { boxes: 5, quoted_boxes: 2 }),
          orderLine(3, { removed: 1 }),
          orderLine(4),
        ]),
    });
    await renderConsole('/orders/5');
    expect((await screen.findByTestId('answer-summary')).textContent).toBe(
      '1 confirmed, 1 changed, 1 removed, 1 waiting',
    );
    expect(screen.getByText('Confirmed by the buyer')).toBeTruthy();
    expect(screen.getByText('Changed by the buyer')).toBeTruthy();
    expect(screen.getByText('Removed by the buyer')).toBeTruthy();
    expect(screen.getByText('quoted 2')).toBeTruthy();
  });
});

describe('a draft quotation', () => {
  it('opens in the editor and saves prices as integer cents', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_get_order_counts: orderCounts,
      staff_get_order: () =>
        staffOrder('draft', { actions: ['edit_quotation', 'send', 'set_ship_date', 'attach'] }),
      staff_update_quotation: () => staffOrder('draft', { actions: ['edit_quotation', 'send'] }),
    });
    const { user } = await renderConsole('/orders/5');
    const price = (await screen.findByRole('textbox', { name: 'Unit price — T-1' })) as HTMLInputElement;
    expect(price.value).toBe('1.25');
    await user.clear(price);
    await user.type(price, '2.3');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await vi.waitFor(() => expect(calls.named('staff_update_quotation')).toHaveLength(1));
    const body = calls.named('staff_update_quotation')[0]?.body as {
      lines: { id: number; unit_price: number }[];
    };
    expect(body.lines.map((l) => [l.id, l.unit_price])).toEqual([
      [1, 230],
      [2, 125],
    ]);
  });
});

describe("an order's attachments", () => {
  it('lists the files and refuses a type the server would not take, before asking for a credential', async () => {
    const calls = mockCalls({
      ...shellCalls('sales'),
      staff_get_order_counts: orderCounts,
      staff_get_order: () =>
        staffOrder('paid', {
          actions: ['attach', 'set_ship_date'],
          attachments: [
            {
              id: 1,
              file_name: 'packing-list.pdf',
              url: '/files/1/annex/packing-list.pdf',
              content_type: 'application/pdf',
              size: 184_000,
              uploaded_by: 'staff',
              uploaded_by_name: 'Ann sales',
              created_at: Date.UTC(2026, 10, 23),
            },
          ],
        }),
    });
    await renderConsole('/orders/5');
    expect((await screen.findByRole('link', { name: 'packing-list.pdf' })).getAttribute('href')).toBe(
      '/files/1/annex/packing-list.pdf',
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Only PDF, PNG or JPG files can be attached.')).toBeTruthy();
    expect(calls.named('staff_get_order_upload_credential')).toHaveLength(0);
  });
});

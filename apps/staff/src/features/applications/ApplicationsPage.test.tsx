import '../../test/dom';
import { screen, within } from '@testing-library/react';
import type { StaffApplication } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { mockCalls, renderConsole, shellCalls } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const application: StaffApplication = {
  id: 5,
  phone: '+34 611 222 333',
  lang: 'es',
  status: 'new',
  created_at: Date.UTC(2025, 5, 1),
  answered_at: null,
  answered_by: null,
  customer_id: null,
  access_code_id: null,
  note: '',
};

describe('applications', () => {
  it('approves as an access code and shows the secret once, then never again', async () => {
    let answered = false;
    const calls = mockCalls({
      ...shellCalls('sales', { new_applications: 1, new_samples: 0 }),
      staff_list_applications: () => ({
        list: answered ? [] : [application],
        total: answered ? 0 : 1,
        page: 1,
        page_size: 20,
      }),
      staff_approve_application: () => {
        answered = true;
        return {
          application: { ...application, status: 'approved' },
          customer: null,
          access_code: null,
          secret: 'K7P-99XQ',
        };
      },
    });
    const { user } = await renderConsole('/applications');
    const approve = await screen.findByRole('button', { name: 'Approve: +34 611 222 333' });
    expect(calls.named('staff_list_applications')[0]?.body).toMatchObject({ status: 'new' });

    await user.click(approve);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('A visitor access code'));
    await user.type(within(dialog).getByLabelText('Maximum logins (optional)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const shown = await screen.findByTestId('secret');
    expect(shown.textContent).toBe('K7P-99XQ');
    expect(screen.getByText("The buyer's access code")).toBeTruthy();
    expect(calls.named('staff_approve_application')[0]?.body).toMatchObject({
      id: 5,
      grant: 'access_code',
      max_uses: 3,
      expires_at: null,
    });

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByTestId('secret')).toBeNull());
    expect(screen.queryByText('K7P-99XQ')).toBeNull();
    // The list and the badges are asked again.
    await vi.waitFor(() => expect(calls.named('staff_get_counts').length).toBeGreaterThan(1));
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
  });

  it('declines after confirming, with the note', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_list_applications: () => ({ list: [application], total: 1, page: 1, page_size: 20 }),
      staff_decline_application: () => ({ ...application, status: 'declined' }),
    });
    const { user } = await renderConsole('/applications');
    await user.click(await screen.findByRole('button', { name: 'Decline: +34 611 222 333' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Decline the application of +34 611 222 333?')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Note for the staff (optional)'), 'spam');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_decline_application')[0]?.body).toEqual({ id: 5, note: 'spam' }),
    );
  });
});

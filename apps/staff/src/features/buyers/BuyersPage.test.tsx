import '../../test/dom';
import { screen, within } from '@testing-library/react';
import type { StaffCustomer } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import type * as Upload from '../../lib/upload';
import { mockCalls, renderConsole, shellCalls } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));
// The upload itself (credential, then the file to storage) is the server's and the browser's.
vi.mock('../../lib/upload', async (original) => ({
  ...(await original<typeof Upload>()),
  uploadPicture: vi.fn(async () => '/files/c1/site/2026-11-26/face.png'),
}));

const carlos: StaffCustomer = {
  id: 7,
  customer_name: 'Carlos Mendes',
  nickname: 'Carlos',
  avatar: '',
  email: 'carlos@example.com',
  phone: '+55 11 91234 5678',
  country: 'BR',
  status: 1,
  created_at: Date.UTC(2026, 0, 5),
  updated_at: Date.UTC(2026, 0, 5),
  sample_count: 2,
  last_login_at: null,
};

describe('buyers', () => {
  it("uploads a buyer's avatar in the edit form and saves it with the rest", async () => {
    const calls = mockCalls({
      ...shellCalls('sales', { new_applications: 0, new_samples: 0 }),
      staff_list_customers: () => ({ list: [carlos], total: 1, page: 1, page_size: 20 }),
      staff_update_customer: (body) => ({ ...carlos, ...(body as object) }),
    });
    const { user } = await renderConsole('/buyers');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'face.png', { type: 'image/png' });
    const input = dialog.querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input as HTMLInputElement, file);
    await within(dialog).findByRole('img', { name: 'Avatar (optional)' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_update_customer')[0]?.body).toMatchObject({
        id: 7,
        avatar: '/files/c1/site/2026-11-26/face.png',
        nickname: 'Carlos',
      }),
    );
  });

  it('shows a one-time login link for a buyer once, as a whole address with a copy button', async () => {
    const secret = '7.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    const calls = mockCalls({
      ...shellCalls('sales', { new_applications: 0, new_samples: 0 }),
      staff_list_customers: () => ({ list: [carlos], total: 1, page: 1, page_size: 20 }),
      staff_create_login_link: () => ({
        login_link: secret,
        path: `/home?site=demo&login_link=${secret}`,
        expires_at: Date.UTC(2026, 10, 27, 9, 15),
      }),
    });
    const { user } = await renderConsole('/buyers');
    await user.click(await screen.findByRole('button', { name: 'More actions for Carlos Mendes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Login link' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.named('staff_create_login_link')[0]?.body).toMatchObject({ id: 7 });
    expect(dialog.textContent).toContain('One-time login link for Carlos Mendes');
    expect(within(dialog).getByTestId('secret').textContent).toBe(
      `${window.location.origin}/home?site=demo&login_link=${secret}`,
    );
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('shows a buyer as active and disables them once confirmed', async () => {
    const calls = mockCalls({
      ...shellCalls('sales', { new_applications: 0, new_samples: 0 }),
      staff_list_customers: () => ({ list: [carlos], total: 1, page: 1, page_size: 20 }),
      staff_set_customer_status: () => ({ ...carlos, status: 0 }),
    });
    const { user } = await renderConsole('/buyers');
    expect(await screen.findByText('Active')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'More actions for Carlos Mendes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const asked = await screen.findByRole('dialog');
    expect(asked.textContent).toContain('Disable Carlos Mendes?');
    await user.click(within(asked).getByRole('button', { name: 'Disable' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_set_customer_status')[0]?.body).toMatchObject({ id: 7, status: 0 }),
    );
  });
});

import '../../test/dom';
import { screen, within } from '@testing-library/react';
import type { StaffUser } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { mockCalls, renderConsole, shellCalls, staffMember } from '../../test/render';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const bo: StaffUser = { ...staffMember('sales'), id: 2, name: 'Bo Chen', email: 'bo@demo.test' };
const li: StaffUser = { ...staffMember('service'), id: 3, name: 'Li Wei', email: 'li@demo.test', status: 0 };

describe('the team', () => {
  const team = () =>
    mockCalls({
      ...shellCalls('owner'),
      staff_list_staff: () => ({ list: [staffMember('owner'), bo, li], total: 3, page: 1, page_size: 20 }),
      staff_update_staff: (body) => ({ ...bo, ...(body as object) }),
    });
  const rowOf = async (name: string) => {
    const cell = await screen.findByRole('cell', { name: new RegExp(`^${name}`) });
    return cell.closest('tr') as HTMLElement;
  };

  it('shows whether each member may sign in', async () => {
    team();
    await renderConsole('/team');
    expect(within(await rowOf('Bo Chen')).getByText('Active')).toBeTruthy();
    expect(within(await rowOf('Li Wei')).getByText('Disabled')).toBeTruthy();
  });

  it('disables an active colleague and enables a disabled one, each once confirmed', async () => {
    const calls = team();
    const { user } = await renderConsole('/team');
    await user.click(await screen.findByRole('button', { name: 'More actions for Bo Chen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const asked = await screen.findByRole('dialog');
    expect(asked.textContent).toContain('Disable Bo Chen?');
    await user.click(within(asked).getByRole('button', { name: 'Disable' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_update_staff')[0]?.body).toMatchObject({ id: 2, status: 0 }),
    );

    await user.click(await screen.findByRole('button', { name: 'More actions for Li Wei' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Enable' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enable' }));
    await vi.waitFor(() =>
      expect(calls.named('staff_update_staff')[1]?.body).toMatchObject({ id: 3, status: 1 }),
    );
  });
});

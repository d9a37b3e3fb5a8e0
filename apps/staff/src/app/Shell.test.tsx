import '../test/dom';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../lib/api';
import { mockCalls, renderConsole, shellCalls } from '../test/render';

vi.mock('../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const navNames = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  await within(nav)
    .findAllByRole('link')
    .catch(() => []);
  return within(nav)
    .queryAllByRole('link')
    .map((a) => a.textContent);
};

describe('the navigation by role', () => {
  it('shows the owner every area, with the badges of new lists and applications', async () => {
    mockCalls({
      ...shellCalls('owner', { new_applications: 3, new_samples: 12 }),
      staff_list_samples: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
    });
    await renderConsole('/inbox');
    expect(await screen.findByLabelText('12 new')).toBeTruthy();
    expect(screen.getByLabelText('3 new')).toBeTruthy();
    expect(await navNames()).toEqual([
      'Inbox12',
      'Buyers',
      'Access codes',
      'Applications3',
      'Settings',
      'Staff',
      'Audit log',
    ]);
  });

  it('shows sales the buyers’ areas but not settings, staff or the audit log', async () => {
    mockCalls({
      ...shellCalls('sales'),
      staff_list_samples: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
    });
    await renderConsole('/');
    await screen.findByRole('heading', { name: 'Sample lists' });
    expect(await navNames()).toEqual(['Inbox', 'Buyers', 'Access codes', 'Applications']);
  });

  it('shows service no buyers and no settings, and opens on the welcome page', async () => {
    mockCalls(shellCalls('service'));
    const { router } = await renderConsole('/');
    expect(await screen.findByText(/chat with buyers/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(await navNames()).toEqual([]);
    expect(screen.queryByText('Buyers')).toBeNull();
    expect(screen.queryByText('Settings')).toBeNull();
    expect(screen.getByText('Service')).toBeTruthy();
  });
});

import '../test/dom';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FakeStaffSocket } from '../features/chat/test/fake-socket';
import type * as Api from '../lib/api';
import { mockCalls, renderConsole, shellCalls } from '../test/render';

vi.mock('../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));
// Service staff land on the chat, whose connection is the test's.
const live = vi.hoisted(() => ({ socket: null as null | FakeStaffSocket }));
vi.mock('../features/chat/staff-socket', async () => {
  const { FakeStaffSocket } = await import('../features/chat/test/fake-socket');
  live.socket = new FakeStaffSocket();
  const socket = live.socket;
  return { staffSocket: () => socket, closeStaffSocket: () => {} };
});

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
  it('shows the owner every area, with the badges of new lists, vouchers to check and applications', async () => {
    mockCalls({
      ...shellCalls('owner', { new_applications: 3, new_samples: 12 }),
      staff_get_order_counts: () => ({ new_vouchers: 4, drafts: 1, quoted: 2, to_ship: 0 }),
      staff_list_samples: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
      staff_list_conversations: () => ({ list: [], total: 0, page: 1, page_size: 1, unread_total: 150 }),
    });
    await renderConsole('/inbox');
    expect(await screen.findByLabelText('12 new')).toBeTruthy();
    expect(screen.getByLabelText('3 new')).toBeTruthy();
    expect(await screen.findByLabelText('4 new')).toBeTruthy();
    expect(await screen.findByLabelText('150 new')).toBeTruthy();
    expect(await navNames()).toEqual([
      'Inbox12',
      'Orders4',
      'Chat99+',
      'Products',
      'Import',
      'Categories',
      'Banners',
      'News',
      'Showrooms',
      'Hot by region',
      'Factories',
      'Certificates',
      'About us',
      'Analytics',
      'Buyers',
      'Access codes',
      'Applications3',
      'Settings',
      'Staff',
      'Audit log',
    ]);
  });

  it('shows sales the buyers’ areas and orders but not settings, staff or the audit log', async () => {
    mockCalls({
      ...shellCalls('sales'),
      staff_get_order_counts: () => ({ new_vouchers: 0, drafts: 0, quoted: 0, to_ship: 0 }),
      staff_list_samples: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
    });
    await renderConsole('/');
    await screen.findByRole('heading', { name: 'Sample lists' });
    expect(await navNames()).toEqual([
      'Inbox',
      'Orders',
      'Chat',
      'Products',
      'Import',
      'Categories',
      'Banners',
      'News',
      'Showrooms',
      'Hot by region',
      'Factories',
      'Certificates',
      'About us',
      'Analytics',
      'Buyers',
      'Access codes',
      'Applications',
    ]);
  });

  it('counts a voucher the buyer just sent as soon as the socket says an order changed', async () => {
    let waiting = 0;
    mockCalls({
      ...shellCalls('sales'),
      staff_get_order_counts: () => ({ new_vouchers: waiting, drafts: 0, quoted: 0, to_ship: 0 }),
      staff_list_samples: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
    });
    await renderConsole('/');
    await screen.findByRole('heading', { name: 'Sample lists' });
    waiting = 1;
    live.socket?.emit('order', 9, 'pending_payment');
    expect(await screen.findByLabelText('1 new')).toBeTruthy();
  });

  it('shows service no buyers, no orders and no settings, and opens on the chat', async () => {
    const calls = mockCalls(shellCalls('service'));
    const { router } = await renderConsole('/');
    expect(await screen.findByRole('heading', { name: 'Customer chat' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat');
    // Customer service reads the catalogue (buyers ask about products) but does not change it.
    expect(await navNames()).toEqual([
      'Chat',
      'Products',
      'Categories',
      'Banners',
      'News',
      'Showrooms',
      'Hot by region',
      'Factories',
      'Certificates',
      'About us',
    ]);
    expect(screen.queryByText('Buyers')).toBeNull();
    expect(screen.queryByText('Orders')).toBeNull();
    // Not even the vouchers' count is asked for: the server would refuse it.
    expect(calls.named('staff_get_order_counts')).toHaveLength(0);
    expect(screen.queryByText('Settings')).toBeNull();
    expect(screen.getByText('Service')).toBeTruthy();
  });
});

describe('the navigation on a narrow screen', () => {
  it('opens in a drawer from a named burger, moves the focus into it, and closes on Escape or after a choice', async () => {
    mockCalls({
      ...shellCalls('owner'),
      staff_get_order_counts: () => ({ new_vouchers: 0, drafts: 0, quoted: 0, to_ship: 0 }),
      staff_list_samples: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
      staff_list_customers: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
    });
    const { user, router } = await renderConsole('/inbox');
    const burger = await screen.findByRole('button', { name: 'Open the menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');

    await user.click(burger);
    const drawer = await screen.findByRole('dialog');
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    await vi.waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    const nav = within(drawer).getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('link')).toHaveLength(20);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(burger);
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Buyers' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/buyers'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

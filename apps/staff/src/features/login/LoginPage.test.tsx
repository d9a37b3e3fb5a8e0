import '../../test/dom';
import { screen } from '@testing-library/react';
import { ErrorCode } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { apiFailure, demoSite, mockCalls, renderConsole, shellCalls, staffMember } from '../../test/render';
import { getSession } from '../../lib/session';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));

const login = {
  token: 'fresh-token',
  expires_at: Date.now() + 86_400_000,
  staff: staffMember('owner'),
  website: demoSite,
};

describe('the login page', () => {
  it("shows the company and the server's tip for a wrong password, staying logged out", async () => {
    mockCalls({
      ...shellCalls('owner'),
      staff_login: () => {
        throw apiFailure('staff_login', ErrorCode.WRONG_PASSWORD, 'Wrong email or password');
      },
    });
    const { user } = await renderConsole('/login', { loggedIn: false });
    expect(await screen.findByText(demoSite.company_name_en)).toBeTruthy();
    await user.type(screen.getByLabelText(/email/i), 'owner@demo.test');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'nope-nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong email or password')).toBeTruthy();
    expect(getSession().session).toBeNull();
    expect(window.localStorage.getItem('vitrine-staff:session:demo')).toBeNull();
  });

  it('stores the token per site and opens the inbox', async () => {
    const calls = mockCalls({
      ...shellCalls('owner'),
      staff_login: () => login,
      staff_list_samples: () => ({ list: [], total: 0, page: 1, page_size: 20 }),
    });
    const { user, router } = await renderConsole('/login', { loggedIn: false });
    await user.type(await screen.findByLabelText(/email/i), 'owner@demo.test');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'demo-owner');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Sample lists' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/inbox');
    expect(calls.named('staff_login')[0]?.body).toEqual({ email: 'owner@demo.test', password: 'demo-owner' });
    expect(JSON.parse(window.localStorage.getItem('vitrine-staff:session:demo') ?? '{}')).toEqual({
      website_id: demoSite.id,
      token: 'fresh-token',
    });
  });

  it('sends a page opened without a session to the login page', async () => {
    mockCalls(shellCalls('owner'));
    const { router } = await renderConsole('/buyers', { loggedIn: false });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallName, CallResponse, StaffRole, StaffUser, WebsiteInfo } from '@vitrine/contract';
import { onTestFinished, vi } from 'vitest';
import { App, createQueryClient } from '../app/App';
import { createTestRouter } from '../app/router';
import * as api from '../lib/api';
import { setLanguage } from '../lib/i18n';
import { resetSessionState, saveSession, setWebsite } from '../lib/session';

/*
 * Console tests mock the one API module at its boundary; each test file says
 *   vi.mock('../../lib/api', async (original) => ({
 *     ...(await original<typeof Api>()), call: vi.fn(), callWithTip: vi.fn() }));
 * and answers calls with mockCalls.
 */

export const demoSite: WebsiteInfo = {
  id: 1,
  site: 'demo',
  company_id: 1,
  company_name: '汕头市星辉玩具进出口有限公司',
  company_name_en: 'Starlight Toys Import & Export Co., Ltd.',
  company_logo: '/files/1/logo.png',
  template_style: 1,
  template_color: 1,
  default_lang: 11201002,
  show_function: { news: 1, about_us: 1, contact: 1 },
  show_article_number: 1,
  show_price: 1,
  number_type: 1,
  trade_terms: 2,
  money_unit: 'USD',
  contact_type: 0,
  is_default_banner: 1,
  bg_setting: '',
  bg_image: '',
  bg_image_setting: 0,
  toy_type: 1,
  show_privacy: 0,
};

export const staffMember = (role: StaffRole): StaffUser => ({
  id: 1,
  name: `Ann ${role}`,
  email: `${role}@demo.test`,
  role,
  status: 1,
  created_at: Date.UTC(2025, 0, 1),
  last_login_at: null,
});

type Handler = (body: Record<string, unknown>) => unknown;
export type Handlers = Partial<Record<CallName, Handler>>;

/** What the shell asks for itself, for a staff member of `role`. */
export const shellCalls = (role: StaffRole, counts = { new_applications: 0, new_samples: 0 }): Handlers => ({
  get_website_info: () => demoSite,
  staff_get_me: (): CallResponse<'staff_get_me'> => ({
    staff: staffMember(role),
    website: demoSite,
    expires_at: Date.now() + 86_400_000,
    counts,
  }),
  staff_get_counts: () => counts,
  // The chat's navigation badge.
  staff_list_conversations: () => ({ list: [], total: 0, page: 1, page_size: 1, unread_total: 0 }),
});

/** Answers the mocked api.ts: a handler's value is the data (tip 'OK'), a thrown ApiError a failure. */
export function mockCalls(handlers: Handlers) {
  const seen: { name: CallName; body: Record<string, unknown> }[] = [];
  vi.mocked(api.callWithTip).mockImplementation(async (name, body) => {
    seen.push({ name, body: body as Record<string, unknown> });
    const handler = handlers[name];
    if (!handler) throw new Error(`unexpected call ${name}`);
    const data = await handler(body as Record<string, unknown>);
    return { data, tip: 'OK' } as never;
  });
  vi.mocked(api.call).mockImplementation(async (name, body) => (await api.callWithTip(name, body)).data);
  return { seen, named: (name: CallName) => seen.filter((c) => c.name === name) };
}

export const apiFailure = (name: CallName, code: number, tip: string) => new api.ApiError(code, tip, name);

/** The whole console at `path`, in English, logged in unless `loggedIn` is false. */
export async function renderConsole(path: string, { loggedIn = true } = {}) {
  await setLanguage('en');
  resetSessionState();
  setWebsite(demoSite);
  if (loggedIn) saveSession({ website_id: demoSite.id, token: 'staff-token' });
  const router = createTestRouter(path);
  onTestFinished(() => router.dispose());
  const user = userEvent.setup();
  const view = render(<App router={router as never} queryClient={createQueryClient()} env="test" />);
  return { user, router, ...view };
}

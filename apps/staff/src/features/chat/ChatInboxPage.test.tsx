import '../../test/dom';
import { act, screen, within } from '@testing-library/react';
import type { ChatMessage, StaffConversation } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { mockCalls, renderConsole, shellCalls } from '../../test/render';
import { FakeStaffSocket } from './test/fake-socket';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
  callWithTip: vi.fn(),
}));
const socket = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('./staff-socket', () => ({ staffSocket: () => socket.current, closeStaffSocket: () => {} }));

const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chat_id: 'buyer-7',
  main_chat_id: 'service-1',
  from_chat_id: 'buyer-7',
  from: 'buyer',
  from_name: 'Carlos',
  msg_content: [{ type: 'text', content: `Hello ${id} 😀` }],
  created_time: Date.UTC(2026, 10, 27, 9, id),
  status: 0,
  gid: `gid-buyer-${id}-xxxxxx`,
  ...over,
});

const conversation = (over: Partial<StaffConversation> = {}): StaffConversation => ({
  id: 1,
  chat_id: 'buyer-7',
  main_chat_id: 'service-1',
  customer: {
    id: 7,
    customer_name: 'Carlos Mendes',
    nickname: 'Carlos',
    avatar: '',
    email: 'c@buyer.test',
    country: 'BR',
  },
  staff_id: null,
  staff_name: null,
  last_message: message(2),
  unread_count: 2,
  buyer_unread_count: 0,
  last_check_time: null,
  buyer_last_check_time: null,
  updated_at: Date.UTC(2026, 10, 27, 9, 2),
  ...over,
});

const product = (id: number, name: string, number: string) => ({
  id,
  number,
  name,
  packing: 'Box',
  picture: `/uploads/p${id}.jpg`,
  price: 12.5,
  money_unit: 'USD',
  trade_term: 'FOB',
  carton: { length: 50, width: 40, height: 30, cbm: 0.06, cuft: 2.12 },
  carton_quantity: 24,
});

function setUp(role: 'owner' | 'sales' | 'service') {
  const fake = new FakeStaffSocket();
  socket.current = fake;
  const calls = mockCalls({
    ...shellCalls(role),
    staff_list_conversations: (body) =>
      body.page_size === 1
        ? { list: [], total: 1, page: 1, page_size: 1, unread_total: 2 }
        : { list: [conversation()], total: 1, page: 1, page_size: 100, unread_total: 2 },
    staff_get_messages: () => ({
      list: [message(1), message(2)],
      total: 2,
      offset: 0,
      page_size: 15,
      has_more: false,
    }),
    staff_mark_read: () => conversation({ unread_count: 0 }),
    staff_assign_conversation: (body) => conversation({ staff_id: Number(body.staff_id), staff_name: 'Ann' }),
    staff_search_chat_products: (body) => ({
      list: [product(5, 'Mini Pocket Drone', 'D-5'), product(6, 'Racing Car', 'RC-6')].filter(
        (p) => !body.keyword || p.name.toLowerCase().includes(String(body.keyword).toLowerCase()),
      ),
      total: 2,
      page: 1,
      page_size: 10,
    }),
    staff_list_chat_staff: () => ({
      list: [
        { id: 1, name: 'Ann', role: 'service' },
        { id: 2, name: 'Lily Chen', role: 'owner' },
      ],
    }),
    staff_chat_context: () => ({
      conversation: conversation(),
      cart: {
        lines: [{ product: { id: 5, name: 'Mini Pocket Drone' }, ctn: 3 }],
        totals: {},
      },
      samples: [{ id: 9, number: 'S-2026-0009', created_at: Date.UTC(2026, 10, 1) }],
      orders: null,
    }),
  });
  return { fake, calls };
}

describe('the console’s customer chat', () => {
  it('lists conversations with unread counts, opens one beside the buyer’s cart and marks it read', async () => {
    const { fake, calls } = setUp('service');
    const { user } = await renderConsole('/chat');
    const item = await screen.findByRole('button', { name: 'Carlos Mendes (2 unread)' }, { timeout: 10_000 });
    await user.click(item);
    const log = await screen.findByRole('list', { name: 'Messages' });
    expect(await within(log).findByText('Hello 2 😀')).toBeTruthy();
    expect(await screen.findByText('Mini Pocket Drone')).toBeTruthy();
    expect(screen.getByText('S-2026-0009')).toBeTruthy();
    await vi.waitFor(() => expect(calls.named('staff_mark_read')).toHaveLength(1));
    expect(fake.reads).toEqual([['buyer-7', 2]]);
  });

  it('answers with Enter, shows the buyer typing and the read receipt', async () => {
    const { fake } = setUp('owner');
    const { user } = await renderConsole('/chat?c=buyer-7');
    const reply = await screen.findByRole('textbox', { name: 'Reply' }, { timeout: 10_000 });
    await user.type(reply, '   {Enter}');
    expect(screen.getByText('An empty message cannot be sent.')).toBeTruthy();
    await user.type(reply, 'We have 200 cartons 👍{Enter}');
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
    expect(fake.sent[0]?.content).toEqual([{ type: 'text', content: 'We have 200 cartons 👍' }]);
    act(() => fake.emit('typing', 'buyer-7', true));
    expect(screen.getByText('The buyer is typing…')).toBeTruthy();
    act(() => fake.emit('read', 'buyer-7', 500));
    expect(await screen.findByTestId('staff-read-receipt')).toBeTruthy();
  });

  it('assigns a conversation to the staff member and filters by mine', async () => {
    const { calls } = setUp('service');
    const { user, router } = await renderConsole('/chat?c=buyer-7');
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }, { timeout: 10_000 }));
    await vi.waitFor(() =>
      expect(calls.named('staff_assign_conversation')[0]?.body).toEqual({ chat_id: 'buyer-7', staff_id: 1 }),
    );
    await user.click(screen.getByText('Mine'));
    await vi.waitFor(() => expect(router.state.location.search).toContain('filter=mine'));
    await vi.waitFor(() =>
      expect(calls.named('staff_list_conversations').at(-1)?.body).toMatchObject({ filter: 'mine' }),
    );
  });

  it('assigns a conversation to a colleague picked from the staff who answer the chat', async () => {
    const { calls } = setUp('service');
    const { user } = await renderConsole('/chat?c=buyer-7');
    await screen.findByRole('button', { name: 'Assign to me' }, { timeout: 10_000 });
    // The picker's list carries the same name as its field.
    const picker = (await screen.findAllByLabelText('Assign to a colleague')).find(
      (e) => e.tagName === 'INPUT',
    );
    await user.click(picker as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Lily Chen' }, { timeout: 10_000 }));
    await vi.waitFor(() =>
      expect(calls.named('staff_assign_conversation')[0]?.body).toEqual({ chat_id: 'buyer-7', staff_id: 2 }),
    );
  });

  it('shares products picked from a search as one card message', async () => {
    const { fake } = setUp('service');
    const { user } = await renderConsole('/chat?c=buyer-7');
    await user.click(await screen.findByRole('button', { name: 'Share products' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    await user.type(within(dialog).getByLabelText('Search products by name or number'), 'car');
    await user.click(
      await within(dialog).findByRole('checkbox', { name: 'Racing Car' }, { timeout: 10_000 }),
    );
    await vi.waitFor(() => expect(within(dialog).queryByText('Mini Pocket Drone')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Share 1 selected' }));
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
    expect(fake.sent[0]?.content).toEqual([
      {
        type: 'custom',
        content: {
          description: 'sharePro',
          data: [
            {
              ToyId: 6,
              ToyName: 'Racing Car',
              Picture: '/uploads/p6.jpg',
              Price: expect.stringContaining('12.50') as string,
              ToyNumber: 'RC-6',
              ArticleNumber: '',
            },
          ],
        },
      },
    ]);
    const log = screen.getByRole('list', { name: 'Messages' });
    expect(await within(log).findByText('Racing Car')).toBeTruthy();
  });

  it('lets sales read but not answer', async () => {
    setUp('sales');
    await renderConsole('/chat?c=buyer-7');
    expect(
      await screen.findByText(
        'Sales can read the chat; owners and customer service answer.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
  });
});

import '@testing-library/jest-dom/vitest';
import '../../../test/dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageByKey } from '@vitrine/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { SideBar } from '../../../app/layout/SideBar';
import { setLanguage } from '../../../lib/i18n';
import { shareToChat } from '../../../lib/chat-share';
import { sessionEnded } from '../../../lib/session-events';
import * as storage from '../../../lib/storage';
import { customer, demoSite } from '../../../test/fixtures';
import { FakeTransport, stored } from '../test/fake-transport';
import ChatHost from './ChatHost';

const english = languageByKey('en');
if (!english) throw new Error('English missing');
const buyer = { ...customer, chat_id: 'buyer-1', chat_customer_id: 'service-1', chat_user_sig: 'sig' };

function renderChat(transport = new FakeTransport(), open = true) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SideBar user={buyer} />
            <ChatHost user={buyer} open={open} onClose={() => {}} makeTransport={() => transport} />
          </>
        ),
      },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <AppProviders templateColor={1} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    user: userEvent.setup(),
    transport,
    field: () => screen.getByRole('textbox', { name: 'Message' }),
  };
}

beforeEach(async () => {
  storage.setSite(demoSite);
  storage.setUser(buyer);
  await setLanguage(english);
});
afterEach(() => sessionEnded());

describe('the buyer chat', () => {
  it('sends on Enter and keeps Ctrl+Enter as a line break', async () => {
    const { user, transport, field } = renderChat();
    await user.type(field(), 'first line');
    await user.keyboard('{Control>}{Enter}{/Control}second line 😀');
    expect(field()).toHaveValue('first line\nsecond line 😀');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(transport.sent).toHaveLength(1));
    expect(transport.sent[0]?.content).toEqual([{ type: 'text', content: 'first line\nsecond line 😀' }]);
    expect(field()).toHaveValue('');
    const log = screen.getByRole('list', { name: 'Messages' });
    expect(
      within(log).getByText('first line second line 😀', { normalizer: (s) => s.replace(/\s+/g, ' ') }),
    ).toBeInTheDocument();
  });

  it('refuses an empty message and says why', async () => {
    const { user, transport, field } = renderChat();
    await user.type(field(), '   ');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('An empty message cannot be sent.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(transport.sent).toHaveLength(0);
  });

  it("says 'no sender selected' without a conversation target", async () => {
    const { user, transport, field } = renderChat(new FakeTransport(null));
    await user.type(field(), 'hello{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('No sender selected');
    expect(transport.sent).toHaveLength(0);
  });

  it("marks a message that could not be sent with 'failed to send' and resends it on a click", async () => {
    const transport = new FakeTransport();
    transport.online = false;
    const { user, field } = renderChat(transport);
    await user.type(field(), 'are the drones in stock?{Enter}');
    const resend = await screen.findByRole('button', { name: /Failed to send/ });
    expect(resend.querySelector('svg')).not.toBeNull();
    transport.online = true;
    await user.click(resend);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Failed to send/ })).toBeNull());
    expect(transport.messages).toHaveLength(1);
  });

  it('emoji from the panel of 44 go into the message at the caret', async () => {
    const { user, field } = renderChat();
    await user.click(screen.getByRole('button', { name: 'Emoji' }));
    const panel = screen.getByRole('group', { name: 'Emoji' });
    expect(within(panel).getAllByRole('button')).toHaveLength(44);
    await user.click(within(panel).getByRole('button', { name: '👍' }));
    expect(field()).toHaveValue('👍');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Emoji' })).toBeNull();
  });

  it("loads history a second after opening, with 'see more' at 20 and 'No more history' at the first message", async () => {
    const transport = new FakeTransport();
    transport.messages = Array.from({ length: 32 }, (_, i) => stored(i + 1));
    const { user } = renderChat(transport);
    const more = await screen.findByRole('button', { name: 'See more' }, { timeout: 3000 });
    expect(screen.getAllByRole('listitem').filter((li) => li.closest('ol'))).toHaveLength(30);
    await user.click(more);
    expect(await screen.findByText('No more history')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See more' })).toBeNull();
  });

  it("shows no 'see more' below 20 messages", async () => {
    const transport = new FakeTransport();
    transport.messages = Array.from({ length: 5 }, (_, i) => stored(i + 1));
    renderChat(transport);
    expect(await screen.findByText('No more history', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See more' })).toBeNull();
  });

  it("feeds the side bar's badge, capped at 99+, while the chat is closed", async () => {
    const transport = new FakeTransport();
    transport.unread = 150;
    renderChat(transport, false);
    expect(await screen.findByRole('button', { name: 'Customer service 99+' })).toBeInTheDocument();
  });

  it('announces a staff message politely and shows their typing and read receipts', async () => {
    const { user, transport, field } = renderChat();
    act(() => transport.staffTyping(true));
    expect(screen.getByText('Customer service is typing…')).toBeInTheDocument();
    act(() => transport.receive(stored(1, { msg_content: [{ type: 'text', content: 'Yes, 200 cartons' }] })));
    expect(screen.getByTestId('chat-announcer')).toHaveTextContent('New message: Yes, 200 cartons');
    expect(screen.getByTestId('chat-announcer')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByText('Customer service is typing…')).toBeNull();
    await user.type(field(), 'thanks{Enter}');
    await waitFor(() => expect(transport.messages).toHaveLength(1));
    act(() => transport.staffRead(1000));
    expect(screen.getByTestId('read-receipt')).toHaveTextContent('Read');
  });

  it('shows message text as text and only http(s) links, opened safely in a new tab', async () => {
    const transport = new FakeTransport();
    renderChat(transport);
    act(() =>
      transport.receive(
        stored(1, {
          msg_content: [{ type: 'text', content: '<img src=x onerror=alert(1)> see https://toys.test/x' }],
        }),
      ),
    );
    const log = screen.getByRole('list', { name: 'Messages' });
    expect(log.querySelector('img')).toBeNull();
    expect(within(log).getByText('<img src=x onerror=alert(1)> see', { exact: false })).toBeInTheDocument();
    const link = within(log).getByRole('link', { name: 'https://toys.test/x' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('sends shared products as a card that opens the product in a new tab', async () => {
    const { transport } = renderChat();
    act(() =>
      shareToChat([
        {
          ToyId: 5,
          ToyName: 'Mini Drone',
          Picture: '/files/1/toys/d.jpg',
          Price: '$12.50 FOB',
          ToyNumber: 'ST-1299',
          ArticleNumber: '',
        },
      ]),
    );
    await waitFor(() => expect(transport.messages).toHaveLength(1));
    const card = screen.getByRole('link', { name: /Mini Drone/ });
    expect(card).toHaveAttribute('href', '/productDetails?id=5');
    expect(card).toHaveAttribute('target', '_blank');
    expect(card).toHaveTextContent('ST-1299');
    expect(card).toHaveTextContent('$12.50 FOB');
    expect(card.querySelector('img')).toHaveAttribute('width', '60');
  });
});

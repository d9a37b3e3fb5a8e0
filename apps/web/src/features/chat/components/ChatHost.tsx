import type { SessionUser } from '@vitrine/contract';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { setUnreadCount } from '../../../lib/badges';
import { onShareToChat } from '../../../lib/chat-share';
import { onSessionEnd } from '../../../lib/session-events';
import { HISTORY_DELAY_MS } from '../chat-rules';
import { ChatStore } from '../chat-store';
import { previewOf, uploadAttachment } from '../api';
import { SocketTransport } from '../socket-transport';
import type { ChatTransport } from '../transport';
import { ChatPanel } from './ChatPanel';

/**
 * The chat's code, loaded on demand: one store per buyer's conversation, kept for the whole
 * visit (pages come and go, the conversation stays) and dropped when the session ends. The
 * panel shows while `open`; history is asked for a second after it first opens.
 */

let current: { chatId: string; store: ChatStore } | null = null;

/** The conversation of this chat id, connected (the side bar's unread badge follows it). */
export function chatStoreFor(user: SessionUser, makeTransport?: () => ChatTransport): ChatStore {
  const chatId = user.chat_id ?? '';
  if (current?.chatId === chatId) return current.store;
  current?.store.stop();
  const transport =
    makeTransport?.() ?? new SocketTransport(chatId, user.chat_customer_id, user.chat_user_sig);
  const store = new ChatStore(transport, { onUnread: setUnreadCount });
  current = { chatId, store };
  store.start();
  return store;
}

onSessionEnd(() => {
  current?.store.stop();
  current = null;
});

export interface ChatHostProps {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
  /** Tests hand in a fake transport. */
  makeTransport?: () => ChatTransport;
}

export default function ChatHost({ user, open, onClose, makeTransport }: ChatHostProps) {
  const [store] = useState(() => chatStoreFor(user, makeTransport));
  const state = useSyncExternalStore(store.subscribe, store.getState);

  useEffect(() => {
    store.setOpen(open);
    if (!open || state.started) return;
    const timer = setTimeout(() => void store.loadInitial(), HISTORY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, store, state.started]);

  useEffect(
    () =>
      onShareToChat((products) => {
        void store.send({
          content: [{ type: 'custom', content: { description: 'sharePro', data: products } }],
        });
      }),
    [store],
  );

  if (!open) return null;
  return (
    <ChatPanel
      store={store}
      onClose={onClose}
      onFile={(kind, file) =>
        void store.send({
          content: previewOf(kind, file),
          prepare: () => uploadAttachment(kind, file),
          image: kind === 'image' || kind === 'photo',
        })
      }
    />
  );
}

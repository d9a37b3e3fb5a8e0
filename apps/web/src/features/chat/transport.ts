import type { ChatMessage, MessagePage, MsgContent } from '@vitrine/contract';

/**
 * What the chat store needs from the server, whatever carries it: the /api chat calls
 * (get_message_record, set_last_time, get_count) and the chat socket (send, typing, read,
 * resume). The store depends on this interface only, so its behaviour is tested against a fake
 * and the socket client (socket-transport.ts) can change without touching it.
 */

export type ConnectionState = 'connecting' | 'online' | 'offline';

export interface TransportEvents {
  /** A message arrived: from staff, our own from another tab, or replayed after a reconnect. */
  message: (m: ChatMessage) => void;
  /** The connection changed; 'online' means messages can be sent. */
  state: (s: ConnectionState) => void;
  /** Staff read the conversation up to this message id. */
  read: (upToId: number) => void;
  /** Staff are typing (true) or stopped (false). */
  typing: (on: boolean) => void;
  /** A reconnect missed more than the server replays: history must be loaded again. */
  stale: () => void;
}

export interface ChatTransport {
  /** The conversation's other side (chat_customer_id); null gives 'no sender selected'. */
  readonly targetId: string | null;
  /** Opens the connection; reconnects by itself with backoff until close(). */
  connect(): void;
  close(): void;
  /** Sends one message under the client's gid; resolves with it as stored, rejects when not. */
  send(gid: string, content: MsgContent): Promise<ChatMessage>;
  /** A page of history from `offset` (messages already loaded, newest first). */
  history(offset: number): Promise<MessagePage>;
  /** Marks the conversation read (set_last_time, and the socket's read for receipts). */
  markRead(upToId: number): Promise<void>;
  /** The unread count (get_count). */
  unreadCount(): Promise<number>;
  /** Tells staff the buyer is typing. */
  typing(on: boolean): void;
  /** The newest message id the store holds, so a reconnect resumes after it. */
  setLastId(id: number): void;
  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): () => void;
}

import type { ContentItem } from './chat-rules';

/**
 * What the chat store needs from the server, whatever carries it: the /api chat calls
 * (get_message_record, set_last_time, get_count, create_user_sig) and the real-time socket.
 * The store depends on this interface only, so its behaviour is tested against a fake and the
 * socket client can change without touching it.
 */

/** A message as the server stores it (spec section 3, Chat message). */
export interface WireMessage {
  id: string;
  /** The sender's own id for the message: a resend with it is not stored twice. */
  client_id: string;
  msg_content: ContentItem[];
  /** Epoch ms. */
  created_time: number;
  from_chat_id: string;
  /** Whether the other side has read it (read receipts). */
  read?: boolean;
}

export type ConnectionState = 'connecting' | 'online' | 'offline';

export interface TransportEvents {
  /** A message arrived (from staff, or our own from another tab). */
  message: (m: WireMessage) => void;
  /** The connection changed; 'online' means messages can be sent. */
  state: (s: ConnectionState) => void;
  /** Staff read the conversation up to this time (epoch ms). */
  read: (upTo: number) => void;
  /** Staff are typing (true) or stopped (false). */
  typing: (on: boolean) => void;
  /** The unread count changed on the server (another tab read, or a new message). */
  unread: (n: number) => void;
}

export interface ChatTransport {
  /** The buyer's own chat id (from_chat_id of their messages). */
  readonly selfId: string;
  /** The conversation's other side; null gives 'no sender selected'. */
  readonly targetId: string | null;
  /** Opens the connection; reconnects by itself with backoff until close(). */
  connect(): void;
  close(): void;
  /** Sends one message; resolves with the stored message, rejects when it was not stored. */
  send(clientId: string, content: ContentItem[]): Promise<WireMessage>;
  /** A page of older messages, newest first, from `offset` (messages already shown). */
  history(offset: number): Promise<WireMessage[]>;
  /** Marks the conversation read up to now (set_last_time). */
  markRead(): Promise<void>;
  /** The unread count (get_count). */
  unreadCount(): Promise<number>;
  /** Tells staff the buyer is typing. */
  typing(on: boolean): void;
  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): () => void;
}

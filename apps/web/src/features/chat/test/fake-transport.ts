import type { ChatMessage, MessagePage, MsgContent } from '@vitrine/contract';
import type { ChatTransport, ConnectionState, TransportEvents } from '../transport';

/** A message as the server would store it. */
export function stored(id: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    chat_id: 'buyer-1',
    main_chat_id: 'service-1',
    from_chat_id: 'service-1',
    from: 'staff',
    from_name: 'Lin',
    msg_content: [{ type: 'text', content: `message ${id}` }],
    created_time: 1_800_000_000_000 + id * 1000,
    status: 0,
    gid: `gid-${String(id).padStart(6, '0')}`,
    ...over,
  };
}

/**
 * The server as the chat store sees it, in memory: `online` decides whether sends are stored,
 * `messages` is the conversation's history, and the test plays staff with receive(), read() and
 * typing().
 */
export class FakeTransport implements ChatTransport {
  readonly targetId: string | null;
  online = true;
  unread = 0;
  messages: ChatMessage[] = [];
  sent: Array<{ gid: string; content: MsgContent }> = [];
  reads: number[] = [];
  typingSeen: boolean[] = [];
  historyFails = false;
  lastId = 0;
  private nextId = 1000;
  private readonly listeners: { [E in keyof TransportEvents]: Set<TransportEvents[E]> } = {
    message: new Set(),
    state: new Set(),
    read: new Set(),
    typing: new Set(),
    stale: new Set(),
  };

  constructor(targetId: string | null = 'service-1') {
    this.targetId = targetId;
  }

  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): () => void {
    const set = this.listeners[event] as Set<TransportEvents[E]>;
    set.add(listener);
    return () => set.delete(listener);
  }

  private emit<E extends keyof TransportEvents>(event: E, ...args: Parameters<TransportEvents[E]>) {
    for (const l of this.listeners[event] as Set<(...a: Parameters<TransportEvents[E]>) => void>) l(...args);
  }

  connect(): void {
    this.emit('state', this.online ? 'online' : 'offline');
  }
  close(): void {}

  setConnection(state: ConnectionState): void {
    this.online = state === 'online';
    this.emit('state', state);
  }

  send(gid: string, content: MsgContent): Promise<ChatMessage> {
    this.sent.push({ gid, content });
    if (!this.online) return Promise.reject(new Error('offline'));
    // A resend under the same gid is the same stored message.
    const existing = this.messages.find((m) => m.gid === gid);
    if (existing) return Promise.resolve(existing);
    const m = stored(this.nextId++, { gid, from: 'buyer', from_chat_id: 'buyer-1', msg_content: content });
    this.messages.push(m);
    return Promise.resolve(m);
  }

  history(offset: number): Promise<MessagePage> {
    if (this.historyFails) return Promise.reject(new Error('down'));
    const newestFirst = [...this.messages].reverse();
    const page = newestFirst.slice(offset, offset + 15).reverse();
    return Promise.resolve({
      list: page,
      total: this.messages.length,
      offset,
      page_size: 15,
      has_more: offset + 15 < this.messages.length,
    });
  }

  markRead(upToId: number): Promise<void> {
    this.reads.push(upToId);
    this.unread = 0;
    return Promise.resolve();
  }

  unreadCount(): Promise<number> {
    return Promise.resolve(this.unread);
  }

  typing(on: boolean): void {
    this.typingSeen.push(on);
  }

  setLastId(id: number): void {
    this.lastId = Math.max(this.lastId, id);
  }

  /** Staff send a message (live, or replayed after a reconnect). */
  receive(m: ChatMessage): void {
    this.emit('message', m);
  }
  staffRead(upToId: number): void {
    this.emit('read', upToId);
  }
  staffTyping(on: boolean): void {
    this.emit('typing', on);
  }
}

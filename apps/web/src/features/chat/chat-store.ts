import type { ChatMessage } from '@vitrine/contract';
import { SEE_MORE_FROM, type ContentItem } from './chat-rules';
import type { ChatTransport, ConnectionState } from './transport';

/**
 * The buyer's conversation, outside React so it outlives pages and the panel's opening and
 * closing (spec: the chat keeps its state across pages). A message shows at once and is marked
 * 'failed to send' when it cannot be stored; it is resent on a click or when the connection
 * returns, under the same client id, so the server never keeps it twice.
 */

export type SendStatus = 'sending' | 'sent' | 'failed';

export interface ChatItem {
  /** The gid: the client's id for the message, stable from sending to storing and after. */
  key: string;
  id: number | null;
  content: ContentItem[];
  created_time: number;
  mine: boolean;
  status: SendStatus;
  /** Why it failed: a picture's failure says 'sorry for the error', others 'failed to send'. */
  failure: 'message' | 'image' | null;
  /** The other side read it (own messages only). */
  read: boolean;
}

export interface ChatState {
  items: ChatItem[];
  connection: ConnectionState;
  /** The server has no older messages. */
  complete: boolean;
  history: 'idle' | 'loading' | 'error';
  /** History was asked for once (the first page loads a second after the chat first opens). */
  started: boolean;
  staffTyping: boolean;
  unread: number;
  /** The panel is open: incoming messages are read at once. */
  open: boolean;
  /** The last message from staff, announced politely to screen readers. */
  lastIncoming: ChatItem | null;
}

/**
 * A message still to be sent. Pictures, videos and recordings first go to storage: `prepare`
 * uploads them and answers the content to send; `preview` shows meanwhile.
 */
export interface Outgoing {
  content: ContentItem[];
  prepare?: () => Promise<ContentItem[]>;
  /** The failure names the picture ('sorry for the error'). */
  image?: boolean;
}

export interface StoreOptions {
  now?: () => number;
  newId?: () => string;
  /** Told with the unread count whenever it changes (the side bar's badge). */
  onUnread?: (n: number) => void;
}

const defaultId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export class ChatStore {
  private state: ChatState;
  private readonly listeners = new Set<() => void>();
  private readonly pending = new Map<string, Outgoing>();
  private readonly stops: Array<() => void> = [];
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly onUnread: (n: number) => void;

  constructor(
    readonly transport: ChatTransport,
    options: StoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? defaultId;
    this.onUnread = options.onUnread ?? (() => {});
    this.state = {
      items: [],
      connection: 'connecting',
      complete: false,
      history: 'idle',
      started: false,
      staffTyping: false,
      unread: 0,
      open: false,
      lastIncoming: null,
    };
  }

  getState = (): ChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(next: Partial<ChatState>): void {
    const unreadBefore = this.state.unread;
    this.state = { ...this.state, ...next };
    if (this.state.unread !== unreadBefore) this.onUnread(this.state.unread);
    this.listeners.forEach((l) => l());
  }

  private patch(key: string, change: Partial<ChatItem>): void {
    this.set({ items: this.state.items.map((i) => (i.key === key ? { ...i, ...change } : i)) });
  }

  /** Connects and reads the unread count; the badge shows on every page from then on. */
  start(): void {
    const t = this.transport;
    this.stops.push(
      t.on('message', (m) => this.receive(m)),
      t.on('state', (s) => {
        this.set({ connection: s });
        if (s === 'online') this.resendFailed();
      }),
      t.on('read', (upTo) =>
        this.set({
          items: this.state.items.map((i) =>
            i.mine && !i.read && i.id !== null && i.id <= upTo ? { ...i, read: true } : i,
          ),
        }),
      ),
      t.on('typing', (on) => this.set({ staffTyping: on })),
      t.on('stale', () => {
        // Too much was missed for a replay: history again, from the newest page.
        const unsent = this.state.items.filter((i) => i.id === null);
        this.set({ items: unsent, complete: false, started: false, history: 'idle' });
        void this.loadInitial();
      }),
    );
    t.connect();
    t.unreadCount().then(
      (n) => {
        if (!this.state.open) this.set({ unread: n });
      },
      () => {
        // The badge waits for the next message or the next page; nothing to tell the buyer.
      },
    );
  }

  stop(): void {
    this.stops.splice(0).forEach((s) => s());
    this.transport.close();
  }

  private fromWire(m: ChatMessage): ChatItem {
    return {
      key: m.gid,
      id: m.id,
      content: m.msg_content,
      created_time: m.created_time,
      mine: m.from === 'buyer',
      status: 'sent',
      failure: null,
      read: m.from === 'buyer' && m.status === 1,
    };
  }

  /** The newest stored id, where a reconnect resumes. */
  private noteLastId(): void {
    const last = this.state.items.reduce((max, i) => (i.id !== null && i.id > max ? i.id : max), 0);
    this.transport.setLastId(last);
  }

  private receive(m: ChatMessage): void {
    const item = this.fromWire(m);
    // The server repeats what a reconnecting client may have missed: never show one twice.
    if (this.state.items.some((i) => i.key === item.key || (i.id !== null && i.id === item.id))) {
      if (item.mine) this.patch(item.key, { id: item.id, status: 'sent', failure: null });
      return;
    }
    const items = [...this.state.items, item].sort(byTime);
    if (item.mine) {
      this.set({ items });
    } else if (this.state.open) {
      this.set({ items, lastIncoming: item, staffTyping: false });
      this.markRead();
    } else {
      this.set({ items, lastIncoming: item, staffTyping: false, unread: this.state.unread + 1 });
    }
    this.noteLastId();
  }

  /** The panel opened: history after a second the first time, and everything counts as read. */
  setOpen(open: boolean): void {
    if (open === this.state.open) return;
    this.set({ open });
    if (open && this.state.unread > 0) this.markRead();
  }

  private markRead(): void {
    this.set({ unread: 0 });
    const last = this.state.items.reduce(
      (max, i) => (!i.mine && i.id !== null && i.id > max ? i.id : max),
      0,
    );
    this.transport.markRead(last).catch(() => {
      // Read again at the next message or opening.
    });
  }

  /**
   * The first history: pages until 20 messages show or none are left, so 'see more' (shown from
   * 20 messages on) is there whenever older messages are.
   */
  async loadInitial(): Promise<void> {
    if (this.state.started) return;
    await this.loadMore();
    while (!this.state.complete && this.state.history === 'idle' && this.state.items.length < SEE_MORE_FROM) {
      const before = this.state.items.length;
      await this.loadMore();
      if (this.state.items.length === before) break;
    }
  }

  /** Loads the next page of older messages. */
  async loadMore(): Promise<void> {
    if (this.state.history === 'loading' || this.state.complete) return;
    this.set({ history: 'loading', started: true });
    const offset = this.state.items.filter((i) => i.id !== null).length;
    try {
      const page = await this.transport.history(offset);
      const known = new Set(this.state.items.map((i) => i.key));
      const older = page.list.map((m) => this.fromWire(m)).filter((i) => !known.has(i.key));
      this.set({
        items: [...older, ...this.state.items].sort(byTime),
        history: 'idle',
        complete: !page.has_more,
      });
      this.noteLastId();
    } catch {
      this.set({ history: 'error' });
    }
  }

  /** Shows the message at once, then stores it; answers whether it was stored. */
  send(out: Outgoing): Promise<boolean> {
    const key = this.newId();
    this.pending.set(key, out);
    this.set({
      items: [
        ...this.state.items,
        {
          key,
          id: null,
          content: out.content,
          created_time: this.now(),
          mine: true,
          status: 'sending',
          failure: null,
          read: false,
        },
      ],
    });
    return this.deliver(key);
  }

  /** Sends a failed message again (a click on its error icon). */
  resend(key: string): Promise<boolean> {
    const item = this.state.items.find((i) => i.key === key);
    if (!item || item.status !== 'failed') return Promise.resolve(false);
    this.patch(key, { status: 'sending', failure: null });
    return this.deliver(key);
  }

  private resendFailed(): void {
    for (const item of this.state.items) if (item.status === 'failed') void this.resend(item.key);
  }

  private async deliver(key: string): Promise<boolean> {
    const out = this.pending.get(key);
    if (!out) return false;
    let content = out.content;
    if (out.prepare) {
      try {
        content = await out.prepare();
      } catch {
        this.patch(key, { status: 'failed', failure: out.image ? 'image' : 'message' });
        return false;
      }
      // Uploaded once: a resend sends the stored file, not the upload again.
      this.pending.set(key, { content });
      this.patch(key, { content });
    }
    try {
      const stored = await this.transport.send(key, content);
      this.pending.delete(key);
      this.patch(key, { id: stored.id, status: 'sent', failure: null, created_time: stored.created_time });
      this.noteLastId();
      return true;
    } catch {
      this.patch(key, { status: 'failed', failure: out.image ? 'image' : 'message' });
      return false;
    }
  }

  typing(on: boolean): void {
    this.transport.typing(on);
  }
}

const byTime = (a: ChatItem, b: ChatItem): number => a.created_time - b.created_time;

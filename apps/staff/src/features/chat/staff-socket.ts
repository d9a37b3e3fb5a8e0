import {
  ErrorCode,
  type ChatMessage,
  type ClientFrameInput,
  type MsgContent,
  type OrderStatus,
  type ServerFrame,
  type StaffConversation,
} from '@vitrine/contract';
import { backoffDelay, readServerFrame, socketUrl } from '@vitrine/web-core/chat-socket';
import { call, isApiError } from '../../lib/api';
import { getSession } from '../../lib/session';

/**
 * The console's chat connection: one socket per open console, for every conversation of the
 * company. Joins with the staff token and a signature from staff_create_chat_sig; on 70001 gets
 * a new one and joins again; reconnects with growing, jittered delays. Messages are stored by
 * the server before it acknowledges them; a send is matched to its ack by its gid.
 */

const ACK_TIMEOUT_MS = 10_000;

export type StaffConnection = 'connecting' | 'online' | 'offline';

export interface StaffSocketEvents {
  message: (m: ChatMessage) => void;
  conversation: (c: StaffConversation) => void;
  /** The buyer read a conversation up to a message id. */
  read: (chatId: string, upToId: number) => void;
  typing: (chatId: string, on: boolean) => void;
  state: (s: StaffConnection) => void;
  /** A quotation or order of the company changed (its id and status; the rest is asked of the /api). */
  order: (orderId: number, status: OrderStatus) => void;
}

type Listeners = { [E in keyof StaffSocketEvents]: Set<StaffSocketEvents[E]> };

export class StaffSocket {
  state: StaffConnection = 'offline';
  private ws: WebSocket | null = null;
  private closed = true;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private signature: string | null = null;
  private readonly pending = new Map<
    string,
    { resolve: (m: ChatMessage) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }
  >();
  private readonly listeners: Listeners = {
    message: new Set(),
    conversation: new Set(),
    read: new Set(),
    typing: new Set(),
    state: new Set(),
    order: new Set(),
  };

  on<E extends keyof StaffSocketEvents>(event: E, listener: StaffSocketEvents[E]): () => void {
    const set = this.listeners[event] as Set<StaffSocketEvents[E]>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  private emit<E extends keyof StaffSocketEvents>(event: E, ...args: Parameters<StaffSocketEvents[E]>) {
    for (const l of this.listeners[event] as Set<(...a: Parameters<StaffSocketEvents[E]>) => void>)
      l(...args);
  }

  private setState(s: StaffConnection) {
    if (s === this.state) return;
    this.state = s;
    this.emit('state', s);
  }

  connect(): void {
    if (!this.closed) return;
    this.closed = false;
    this.open();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    this.failPending();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    this.setState('offline');
  }

  private frame(f: ClientFrameInput): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(f));
    return true;
  }

  private async sign(): Promise<boolean> {
    try {
      this.signature = (await call('staff_create_chat_sig', {})).user_sig;
      return true;
    } catch (e) {
      if (isApiError(e) && e.code === ErrorCode.SESSION_INVALID) this.close();
      return false;
    }
  }

  private open(): void {
    const { session } = getSession();
    if (this.closed || !session) return;
    this.setState('connecting');
    const ws = new WebSocket(socketUrl());
    this.ws = ws;
    let renew = false;
    let ended = false;
    ws.onopen = () => {
      void (async () => {
        if (!this.signature && !(await this.sign())) return ws.close();
        this.frame({
          type: 'login',
          website_id: session.website_id,
          token: session.token,
          user_sig: this.signature ?? '',
        });
      })();
    };
    ws.onmessage = (e: MessageEvent) => {
      const f = readServerFrame(e.data);
      if (!f) return;
      if (f.type === 'error' && f.code === ErrorCode.CHAT_SIGNATURE_INVALID) {
        this.signature = null;
        renew = true;
      }
      // The session ended (logged out elsewhere, disabled): no retrying until it is back.
      if (f.type === 'error' && f.code === ErrorCode.SESSION_INVALID && f.fatal) ended = true;
      this.handle(f);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.heartbeat);
      this.failPending();
      if (this.closed) return;
      this.setState('offline');
      if (ended) {
        // The signature call meets the same -2; the console's api then returns to its login.
        this.signature = null;
        void this.sign().then((ok) => (ok ? this.open() : this.close()));
        return;
      }
      const delay = renew ? 0 : backoffDelay(this.attempt++);
      this.retry = setTimeout(() => this.open(), delay);
    };
  }

  private failPending() {
    for (const [gid, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('connection lost'));
      this.pending.delete(gid);
    }
  }

  private handle(f: ServerFrame) {
    switch (f.type) {
      case 'ready':
        this.attempt = 0;
        clearInterval(this.heartbeat);
        this.heartbeat = setInterval(() => this.frame({ type: 'ping', t: Date.now() }), f.heartbeat_ms);
        this.setState('online');
        return;
      case 'ack': {
        const p = this.pending.get(f.gid);
        if (!p) return;
        clearTimeout(p.timer);
        this.pending.delete(f.gid);
        p.resolve(f.message);
        this.emit('message', f.message);
        return;
      }
      case 'message':
        this.emit('message', f.message);
        return;
      case 'conversation':
        this.emit('conversation', f.conversation);
        return;
      case 'order_changed':
        this.emit('order', f.order_id, f.status);
        return;
      case 'read':
        if (f.by === 'buyer') this.emit('read', f.chat_id, f.up_to_id);
        return;
      case 'typing':
        if (f.from === 'buyer') this.emit('typing', f.chat_id, f.typing);
        return;
      case 'error':
        if (f.gid) {
          const p = this.pending.get(f.gid);
          if (p) {
            clearTimeout(p.timer);
            this.pending.delete(f.gid);
            p.reject(new Error(f.tip));
          }
        }
        return;
      default:
        return;
    }
  }

  send(gid: string, chatId: string, mainChatId: string, content: MsgContent): Promise<ChatMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(gid);
        reject(new Error('no acknowledgement'));
      }, ACK_TIMEOUT_MS);
      this.pending.set(gid, { resolve, reject, timer });
      if (
        !this.frame({ type: 'send', gid, chat_id: chatId, main_chat_id: mainChatId, msg_content: content })
      ) {
        clearTimeout(timer);
        this.pending.delete(gid);
        reject(new Error('offline'));
      }
    });
  }

  typing(chatId: string, mainChatId: string, on: boolean): void {
    this.frame({ type: 'typing', chat_id: chatId, main_chat_id: mainChatId, typing: on });
  }

  read(chatId: string, mainChatId: string, upToId: number): void {
    this.frame({ type: 'read', chat_id: chatId, main_chat_id: mainChatId, up_to_id: upToId });
  }
}

/** The console's one connection, opened by the chat page and, for those who read orders, the shell. */
let shared: StaffSocket | null = null;
export function staffSocket(): StaffSocket {
  shared ??= new StaffSocket();
  shared.connect();
  return shared;
}

/** Closes the connection (logout). */
export function closeStaffSocket(): void {
  shared?.close();
  shared = null;
}

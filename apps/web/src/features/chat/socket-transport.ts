import {
  ErrorCode,
  langCodeOf,
  type ChatMessage,
  type ClientFrameInput,
  type MsgContent,
  type ServerFrame,
} from '@vitrine/contract';
import { callApi, isApiError } from '../../lib/api-client';
import { activeLanguage } from '../../lib/i18n';
import * as storage from '../../lib/storage';
import type { ChatTransport, ConnectionState, TransportEvents } from './transport';
import { backoffDelay, readServerFrame, socketUrl } from '@vitrine/web-core/chat-socket';

/**
 * The buyer's chat over the server's socket (CHAT_SOCKET_PATH) and the /api chat calls. Logs in
 * with the session token and the chat signature; on 70001 (signature expired or invalid, also
 * as a kick-out) asks create_user_sig for a new one and logs in again; if that call fails with
 * -2 the api client has already sent the buyer to log in. A dropped connection is retried with
 * growing, jittered delays (1 s doubling to 30 s), at once when the browser comes back online,
 * and resumes after the last message id it holds, so nothing is missed or shown twice.
 */

/** A send not acknowledged within this long is marked failed (and resent on reconnect). */
const ACK_TIMEOUT_MS = 10_000;

interface Pending {
  resolve: (m: ChatMessage) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class SocketTransport implements ChatTransport {
  private ws: WebSocket | null = null;
  private state: ConnectionState = 'offline';
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private closed = true;
  private lastId = 0;
  private signature: string | null;
  private readonly pending = new Map<string, Pending>();
  private readonly listeners: { [E in keyof TransportEvents]: Set<TransportEvents[E]> } = {
    message: new Set(),
    state: new Set(),
    read: new Set(),
    typing: new Set(),
    stale: new Set(),
  };

  constructor(
    readonly chatId: string,
    readonly targetId: string | null,
    signature: string | null,
  ) {
    this.signature = signature;
  }

  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): () => void {
    const set = this.listeners[event] as Set<TransportEvents[E]>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  private emit<E extends keyof TransportEvents>(event: E, ...args: Parameters<TransportEvents[E]>): void {
    for (const l of this.listeners[event] as Set<(...a: Parameters<TransportEvents[E]>) => void>) l(...args);
  }

  private setState(next: ConnectionState): void {
    if (next === this.state) return;
    this.state = next;
    this.emit('state', next);
  }

  private readonly onOnline = () => {
    if (!this.closed && this.state === 'offline') {
      clearTimeout(this.retry);
      this.attempt = 0;
      this.open();
    }
  };

  connect(): void {
    if (!this.closed) return;
    this.closed = false;
    window.addEventListener('online', this.onOnline);
    this.open();
  }

  close(): void {
    this.closed = true;
    window.removeEventListener('online', this.onOnline);
    clearTimeout(this.retry);
    this.stopHeartbeat();
    this.failPending();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    this.setState('offline');
  }

  setLastId(id: number): void {
    if (id > this.lastId) this.lastId = id;
  }

  private frame(f: ClientFrameInput): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(f));
    return true;
  }

  private async renewSignature(): Promise<boolean> {
    try {
      const sig = await callApi('create_user_sig', { chat_id: this.chatId }, { silent: true });
      this.signature = sig.user_sig;
      return true;
    } catch (e) {
      // -2: the session itself ended; the api client has sent the buyer to log in again.
      if (isApiError(e) && e.code === ErrorCode.SESSION_INVALID) this.close();
      return false;
    }
  }

  private open(): void {
    if (this.closed) return;
    const site = storage.getSite();
    const token = storage.getToken();
    if (!site || !token) return this.close();
    this.setState('connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(socketUrl());
    } catch {
      return this.scheduleRetry();
    }
    this.ws = ws;
    let renew = false;
    ws.onopen = () => {
      void (async () => {
        if (!this.signature && !(await this.renewSignature())) return ws.close();
        const lang = activeLanguage();
        this.frame({
          type: 'login',
          website_id: site.id,
          token,
          user_sig: this.signature ?? '',
          ...(lang ? { lang: langCodeOf(lang) } : {}),
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
      // The session ended (a logout elsewhere, the account disabled): asking for a signature
      // meets the same -2 as an /api call, and the api client sends the buyer to log in again.
      if (f.type === 'error' && f.code === ErrorCode.SESSION_INVALID && f.fatal) renew = true;
      this.handle(f);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopHeartbeat();
      this.failPending();
      if (this.closed) return;
      this.setState('offline');
      if (renew) {
        // A new signature, then straight back in: an expiry is not a network failure.
        void this.renewSignature().then((ok) => (ok ? this.open() : this.scheduleRetry()));
        return;
      }
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    this.setState('offline');
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.open(), backoffDelay(this.attempt++));
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private failPending(): void {
    for (const [gid, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('connection lost'));
      this.pending.delete(gid);
    }
  }

  private handle(f: ServerFrame): void {
    switch (f.type) {
      case 'ready':
        this.attempt = 0;
        this.stopHeartbeat();
        this.heartbeat = setInterval(() => this.frame({ type: 'ping', t: Date.now() }), f.heartbeat_ms);
        if (this.lastId > 0 && this.targetId) {
          this.frame({
            type: 'resume',
            chat_id: this.chatId,
            main_chat_id: this.targetId,
            after_id: this.lastId,
          });
        }
        this.setState('online');
        return;
      case 'ack': {
        const p = this.pending.get(f.gid);
        if (!p) return;
        clearTimeout(p.timer);
        this.pending.delete(f.gid);
        p.resolve(f.message);
        return;
      }
      case 'message':
        this.setLastId(f.message.id);
        this.emit('message', f.message);
        return;
      case 'read':
        if (f.by === 'staff') this.emit('read', f.up_to_id);
        return;
      case 'typing':
        if (f.from === 'staff') this.emit('typing', f.typing);
        return;
      case 'resumed':
        if (!f.complete) this.emit('stale');
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

  send(gid: string, content: MsgContent): Promise<ChatMessage> {
    return new Promise((resolve, reject) => {
      if (!this.targetId) return reject(new Error('no sender selected'));
      if (this.state !== 'online') return reject(new Error('offline'));
      const timer = setTimeout(() => {
        this.pending.delete(gid);
        reject(new Error('no acknowledgement'));
      }, ACK_TIMEOUT_MS);
      this.pending.set(gid, { resolve, reject, timer });
      const sent = this.frame({
        type: 'send',
        gid,
        chat_id: this.chatId,
        main_chat_id: this.targetId,
        msg_content: content,
      });
      if (!sent) {
        clearTimeout(timer);
        this.pending.delete(gid);
        reject(new Error('offline'));
      }
    });
  }

  history(offset: number) {
    if (!this.targetId) return Promise.reject(new Error('no sender selected'));
    return callApi(
      'get_message_record',
      { chat_id: this.chatId, main_chat_id: this.targetId, offset },
      { silent: true },
    );
  }

  async markRead(upToId: number): Promise<void> {
    if (!this.targetId) return;
    if (upToId > 0)
      this.frame({ type: 'read', chat_id: this.chatId, main_chat_id: this.targetId, up_to_id: upToId });
    await callApi('set_last_time', { chat_id: this.chatId, main_chat_id: this.targetId }, { silent: true });
  }

  async unreadCount(): Promise<number> {
    const { count } = await callApi('get_count', { chat_id: this.chatId }, { silent: true });
    return count;
  }

  typing(on: boolean): void {
    if (this.targetId)
      this.frame({ type: 'typing', chat_id: this.chatId, main_chat_id: this.targetId, typing: on });
  }
}

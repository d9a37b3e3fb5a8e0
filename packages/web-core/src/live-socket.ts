import type { ServerFrame } from '@vitrine/contract';
import { backoffDelay, readServerFrame, socketUrl } from './chat-socket';

/**
 * A connection to the chat socket that only listens: it logs in, keeps the heartbeat, comes back
 * after a drop (growing, jittered delays; at once when the browser is online again), renews its
 * signature when the server says it ran out (70001), and hands every frame to `onFrame`. The
 * buyer's order screens use it to hear of order changes without the chat (decision 0043); it
 * speaks the chat's protocol, so the server needs nothing of its own for it.
 */

/** The contract's CHAT_SIGNATURE_INVALID and SESSION_INVALID, repeated for the reason SOCKET_PATH is (chat-socket.ts). */
export const SIGNATURE_INVALID = 70001;
export const SESSION_INVALID = -2;

export type LiveState = 'connecting' | 'online' | 'offline';

export interface LiveLogin {
  website_id: number;
  token: string;
  lang?: number;
}

export interface LiveSocketOptions {
  /** The login's website and session token; null when logged out (the socket then stops). */
  login(): LiveLogin | null;
  /** A fresh chat signature; null when none can be had (the session ended: the socket stops). */
  sign(): Promise<string | null>;
  /** A signature already at hand (the session's `chat_user_sig`), saving one call. */
  signature?: string | null;
  onFrame(frame: ServerFrame): void;
  onState?(state: LiveState): void;
  /** Where to connect (default: beside the page). */
  url?: string;
}

export class LiveSocket {
  state: LiveState = 'offline';
  private ws: WebSocket | null = null;
  private stopped = true;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private signature: string | null;

  constructor(private readonly opts: LiveSocketOptions) {
    this.signature = opts.signature ?? null;
  }

  private readonly onOnline = () => {
    if (!this.stopped && this.state === 'offline') {
      clearTimeout(this.retry);
      this.attempt = 0;
      this.open();
    }
  };

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener('online', this.onOnline);
    this.open();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    this.setState('offline');
  }

  private setState(next: LiveState): void {
    if (next === this.state) return;
    this.state = next;
    this.opts.onState?.(next);
  }

  private send(frame: object): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private async renew(): Promise<boolean> {
    this.signature = await this.opts.sign().catch(() => null);
    if (this.signature === null) this.stop();
    return this.signature !== null;
  }

  private open(): void {
    if (this.stopped) return;
    const login = this.opts.login();
    if (!login) return this.stop();
    this.setState('connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.opts.url ?? socketUrl());
    } catch {
      return this.later();
    }
    this.ws = ws;
    let expired = false;
    ws.onopen = () => {
      void (async () => {
        if (this.signature === null && !(await this.renew())) return;
        this.send({ type: 'login', ...login, user_sig: this.signature });
      })();
    };
    ws.onmessage = (e: MessageEvent) => {
      const frame = readServerFrame(e.data);
      if (!frame) return;
      if (frame.type === 'ready') {
        this.attempt = 0;
        clearInterval(this.heartbeat);
        this.heartbeat = setInterval(() => this.send({ type: 'ping', t: Date.now() }), frame.heartbeat_ms);
        this.setState('online');
      }
      if (frame.type === 'error' && frame.code === SIGNATURE_INVALID) {
        this.signature = null;
        expired = true;
      }
      this.opts.onFrame(frame);
      // The session behind the login ended: trying again would be refused again.
      if (frame.type === 'error' && frame.code === SESSION_INVALID && frame.fatal) this.stop();
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.heartbeat);
      if (this.stopped) return;
      this.setState('offline');
      // A signature that ran out is not a network failure: a new one, and straight back in.
      if (expired) void this.renew().then((ok) => (ok ? this.open() : undefined));
      else this.later();
    };
  }

  private later(): void {
    if (this.stopped) return;
    this.setState('offline');
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.open(), backoffDelay(this.attempt++));
  }
}

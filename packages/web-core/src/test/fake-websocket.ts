import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A WebSocket as a test drives it: what the page sends is kept, what the server would say is
 * handed in with `receive`, and `drop` closes it as a network failure would. Install it with
 * `vi.stubGlobal('WebSocket', FakeWebSocket)`; `FakeWebSocket.opened` lists every one made.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static opened: FakeWebSocket[] = [];
  readonly OPEN = 1;
  readyState = FakeWebSocket.CONNECTING;
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.opened.push(this);
    queueMicrotask(() => {
      if (this.readyState !== FakeWebSocket.CONNECTING) return;
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.();
    });
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  receive(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code });
  }

  /** The connection drops (the server went away, the network failed). */
  drop(): void {
    this.close(1006);
  }

  /** The first frame of a type the page sent, once it has. */
  async nextSent(type: string): Promise<Record<string, unknown>> {
    for (let i = 0; i < 200; i++) {
      const found = this.sent.find((f) => f.type === type);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${type} frame sent`);
  }

  /** The latest socket made. */
  static last(): FakeWebSocket {
    const ws = FakeWebSocket.opened.at(-1);
    if (!ws) throw new Error('no socket opened');
    return ws;
  }
}

/**
 * Every test of the calling suite starts with no socket made and FakeWebSocket as the browser's
 * WebSocket, and ends with the real one and real timers back (tests that drive reconnection
 * switch to fake timers midway).
 */
export function useFakeWebSocket(): void {
  beforeEach(() => {
    FakeWebSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

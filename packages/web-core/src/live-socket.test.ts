// @vitest-environment jsdom
import type { ServerFrame } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import { LiveSocket, SESSION_INVALID, SIGNATURE_INVALID } from './live-socket';
import { FakeWebSocket, useFakeWebSocket } from './test/fake-websocket';

const READY = {
  type: 'ready',
  role: 'buyer',
  chat_id: 'b7',
  main_chat_id: 'cs1',
  expires_at: 0,
  heartbeat_ms: 25_000,
};

function live(over: { signature?: string | null; sign?: () => Promise<string | null> } = {}) {
  const frames: ServerFrame[] = [];
  const sign = vi.fn(over.sign ?? (() => Promise.resolve('sig-new')));
  const socket = new LiveSocket({
    login: () => ({ website_id: 3, token: 'tok-1', lang: 11201002 }),
    sign,
    signature: over.signature === undefined ? 'sig-1' : over.signature,
    onFrame: (f) => frames.push(f),
    url: 'ws://shop.test/chat/socket',
  });
  return { socket, frames, sign };
}

describe('a listening connection to the chat socket', () => {
  useFakeWebSocket();

  it('logs in with the site, the session token and the signature at hand, then hands on every frame', async () => {
    const { socket, frames, sign } = live();
    socket.start();
    const ws = FakeWebSocket.last();
    expect(await ws.nextSent('login')).toEqual({
      type: 'login',
      website_id: 3,
      token: 'tok-1',
      lang: 11201002,
      user_sig: 'sig-1',
    });
    ws.receive(READY);
    ws.receive({ type: 'order_changed', order_id: 9, status: 'paid' });
    expect(socket.state).toBe('online');
    expect(frames.at(-1)).toEqual({ type: 'order_changed', order_id: 9, status: 'paid' });
    expect(sign).not.toHaveBeenCalled();
    socket.stop();
    expect(ws.readyState).toBe(FakeWebSocket.CLOSED);
  });

  it('comes back after the connection drops, and logs in again', async () => {
    vi.useFakeTimers();
    const { socket } = live();
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    FakeWebSocket.last().receive(READY);
    FakeWebSocket.last().drop();
    expect(socket.state).toBe('offline');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.opened).toHaveLength(2);
    expect(FakeWebSocket.last().sent.map((f) => f.type)).toEqual(['login']);
    socket.stop();
  });

  it('asks for a new signature when the server says it ran out, and logs in with it at once', async () => {
    const { socket, sign } = live();
    socket.start();
    const first = FakeWebSocket.last();
    await first.nextSent('login');
    first.receive({ type: 'error', code: SIGNATURE_INVALID, tip: 'expired', fatal: true });
    first.close(4001);
    await vi.waitFor(() => expect(FakeWebSocket.opened).toHaveLength(2));
    expect(sign).toHaveBeenCalledOnce();
    expect(await FakeWebSocket.last().nextSent('login')).toMatchObject({ user_sig: 'sig-new' });
    socket.stop();
  });

  it('stops when the server refuses the login because the session ended', async () => {
    vi.useFakeTimers();
    const { socket } = live();
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    const ws = FakeWebSocket.last();
    ws.receive({ type: 'error', code: SESSION_INVALID, tip: 'Please log in again', fatal: true });
    ws.close(4003);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.opened).toHaveLength(1);
    expect(socket.state).toBe('offline');
  });

  it('stops when no signature can be had (the session ended)', async () => {
    const { socket, sign } = live({ signature: null, sign: () => Promise.resolve(null) });
    socket.start();
    await vi.waitFor(() => expect(sign).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(FakeWebSocket.last().readyState).toBe(FakeWebSocket.CLOSED));
    expect(FakeWebSocket.last().sent).toEqual([]);
    expect(socket.state).toBe('offline');
  });
});

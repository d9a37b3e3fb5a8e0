import { ErrorCode } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../lib/api-client';
import { ApiError, callApi } from '../../lib/api-client';
import * as storage from '../../lib/storage';
import { demoSite } from '../../test/fixtures';
import { SocketTransport } from './socket-transport';

vi.mock('../../lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  callApi: vi.fn(),
}));

/** A browser WebSocket the test opens, feeds and closes as the server would. */
class FakeWebSocket {
  static readonly OPEN = 1;
  static opened: FakeWebSocket[] = [];
  readyState = 0;
  sent: Array<{ type: string }> = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string });
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }
  frame(f: object) {
    this.onmessage?.({ data: JSON.stringify(f) });
  }
  closedByServer(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe("the buyer's chat connection when the session ends", () => {
  beforeEach(() => {
    FakeWebSocket.opened = [];
    vi.mocked(callApi).mockReset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    storage.setSite(demoSite);
    storage.setToken('buyer-token');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    storage.clearUserInfo();
  });

  it('stops reconnecting after -2 and REFUSED, once create_user_sig meets the ended session too', async () => {
    const transport = new SocketTransport('b7', 'cs1', 'sig-1');
    transport.connect();
    const ws = FakeWebSocket.opened[0];
    if (!ws) throw new Error('no socket opened');
    ws.open();
    await vi.waitFor(() => expect(ws.sent.map((f) => f.type)).toEqual(['login']));

    vi.mocked(callApi).mockRejectedValueOnce(
      new ApiError(ErrorCode.SESSION_INVALID, 'Please log in again', 'create_user_sig'),
    );
    vi.useFakeTimers();
    ws.frame({ type: 'error', code: ErrorCode.SESSION_INVALID, tip: 'Please log in again', fatal: true });
    ws.closedByServer(4003);
    await vi.waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('create_user_sig', { chat_id: 'b7' }, { silent: true }),
    );
    await vi.runAllTimersAsync();
    expect(FakeWebSocket.opened).toHaveLength(1);
  });

  it('still reconnects after a dropped connection', async () => {
    const transport = new SocketTransport('b7', 'cs1', 'sig-1');
    transport.connect();
    const ws = FakeWebSocket.opened[0];
    if (!ws) throw new Error('no socket opened');
    ws.open();
    await vi.waitFor(() => expect(ws.sent).toHaveLength(1));
    vi.useFakeTimers();
    ws.closedByServer(1006);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeWebSocket.opened.length).toBeGreaterThan(1);
    transport.close();
  });
});

import '../../test/dom';
import { ErrorCode } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { ApiError, call } from '../../lib/api';
import { resetSessionState, saveSession } from '../../lib/session';
import { StaffSocket } from './staff-socket';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
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

describe("the console's chat connection when the session ends", () => {
  beforeEach(() => {
    FakeWebSocket.opened = [];
    vi.mocked(call).mockReset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    saveSession({ website_id: 1, token: 'staff-token' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetSessionState();
  });

  it('stops reconnecting after -2 and REFUSED, once the signature call meets the ended session too', async () => {
    const sign = vi.mocked(call);
    sign.mockResolvedValueOnce({ user_sig: 'sig-1', chat_id: 's1', expires_at: 0 } as never);
    const socket = new StaffSocket();
    socket.connect();
    const ws = FakeWebSocket.opened[0];
    if (!ws) throw new Error('no socket opened');
    ws.open();
    await vi.waitFor(() => expect(ws.sent.map((f) => f.type)).toEqual(['login']));
    ws.frame({
      type: 'ready',
      role: 'staff',
      chat_id: 's1',
      main_chat_id: null,
      expires_at: 0,
      heartbeat_ms: 25_000,
    });
    expect(socket.state).toBe('online');

    sign.mockRejectedValueOnce(
      new ApiError(ErrorCode.SESSION_INVALID, 'Please log in again', 'staff_create_chat_sig'),
    );
    vi.useFakeTimers();
    ws.frame({ type: 'error', code: ErrorCode.SESSION_INVALID, tip: 'Please log in again', fatal: true });
    ws.closedByServer(4003);
    await vi.waitFor(() => expect(sign).toHaveBeenCalledTimes(2));
    await vi.runAllTimersAsync();
    expect(FakeWebSocket.opened).toHaveLength(1);
    expect(socket.state).toBe('offline');
  });

  it('still reconnects after a dropped connection', async () => {
    vi.mocked(call).mockResolvedValue({ user_sig: 'sig-1', chat_id: 's1', expires_at: 0 } as never);
    const socket = new StaffSocket();
    socket.connect();
    const ws = FakeWebSocket.opened[0];
    if (!ws) throw new Error('no socket opened');
    ws.open();
    await vi.waitFor(() => expect(ws.sent).toHaveLength(1));
    vi.useFakeTimers();
    ws.closedByServer(1006);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeWebSocket.opened.length).toBeGreaterThan(1);
    socket.close();
  });
});

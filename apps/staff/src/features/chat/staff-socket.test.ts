import '../../test/dom';
import { ErrorCode } from '@vitrine/contract';
import { FakeWebSocket, useFakeWebSocket } from '@vitrine/web-core/test/fake-websocket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Api from '../../lib/api';
import { ApiError, call } from '../../lib/api';
import { resetSessionState, saveSession } from '../../lib/session';
import { StaffSocket, staffSocket } from './staff-socket';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof Api>()),
  call: vi.fn(),
}));

describe("the console's chat connection when the session ends", () => {
  useFakeWebSocket();
  beforeEach(() => {
    vi.mocked(call).mockReset();
    saveSession({ website_id: 1, token: 'staff-token' });
  });
  afterEach(() => {
    resetSessionState();
  });

  it('stops reconnecting after -2 and REFUSED, once the signature call meets the ended session too', async () => {
    const sign = vi.mocked(call);
    sign.mockResolvedValueOnce({ user_sig: 'sig-1', chat_id: 's1', expires_at: 0 } as never);
    const socket = new StaffSocket();
    socket.connect();
    const ws = FakeWebSocket.last();
    await vi.waitFor(() => expect(ws.sent.map((f) => f.type)).toEqual(['login']));
    ws.receive({
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
    ws.receive({ type: 'error', code: ErrorCode.SESSION_INVALID, tip: 'Please log in again', fatal: true });
    ws.close(4003);
    await vi.waitFor(() => expect(sign).toHaveBeenCalledTimes(2));
    await vi.runAllTimersAsync();
    expect(FakeWebSocket.opened).toHaveLength(1);
    expect(socket.state).toBe('offline');
  });

  it('still reconnects after a dropped connection', async () => {
    vi.mocked(call).mockResolvedValue({ user_sig: 'sig-1', chat_id: 's1', expires_at: 0 } as never);
    const socket = new StaffSocket();
    socket.connect();
    const ws = FakeWebSocket.last();
    await vi.waitFor(() => expect(ws.sent).toHaveLength(1));
    vi.useFakeTimers();
    ws.drop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeWebSocket.opened.length).toBeGreaterThan(1);
    socket.close();
  });
});

describe("the console's shared connection between tests", () => {
  useFakeWebSocket();
  let opened: FakeWebSocket | undefined;

  it('is opened by whatever screen asks for it first', async () => {
    vi.mocked(call).mockResolvedValue({ user_sig: 'sig-1', chat_id: 's1', expires_at: 0 } as never);
    saveSession({ website_id: 1, token: 'staff-token' });
    staffSocket();
    opened = FakeWebSocket.last();
    await opened.nextSent('login');
    resetSessionState();
  });

  // A connection left open retries after the test file's window is gone, an unhandled error.
  it('is closed before the next test begins', () => {
    expect(opened?.readyState).toBe(FakeWebSocket.CLOSED);
  });
});

import { ErrorCode } from '@vitrine/contract';
import { FakeWebSocket, useFakeWebSocket } from '@vitrine/web-core/test/fake-websocket';
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

describe("the buyer's chat connection when the session ends", () => {
  useFakeWebSocket();
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
    storage.setSite(demoSite);
    storage.setToken('buyer-token');
  });
  afterEach(() => {
    storage.clearUserInfo();
  });

  it('stops reconnecting after -2 and REFUSED, once create_user_sig meets the ended session too', async () => {
    const transport = new SocketTransport('b7', 'cs1', 'sig-1');
    transport.connect();
    const ws = FakeWebSocket.last();
    await vi.waitFor(() => expect(ws.sent.map((f) => f.type)).toEqual(['login']));

    vi.mocked(callApi).mockRejectedValueOnce(
      new ApiError(ErrorCode.SESSION_INVALID, 'Please log in again', 'create_user_sig'),
    );
    vi.useFakeTimers();
    ws.receive({ type: 'error', code: ErrorCode.SESSION_INVALID, tip: 'Please log in again', fatal: true });
    ws.close(4003);
    await vi.waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('create_user_sig', { chat_id: 'b7' }, { silent: true }),
    );
    await vi.runAllTimersAsync();
    expect(FakeWebSocket.opened).toHaveLength(1);
  });

  it('still reconnects after a dropped connection', async () => {
    const transport = new SocketTransport('b7', 'cs1', 'sig-1');
    transport.connect();
    const ws = FakeWebSocket.last();
    await vi.waitFor(() => expect(ws.sent).toHaveLength(1));
    vi.useFakeTimers();
    ws.drop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeWebSocket.opened.length).toBeGreaterThan(1);
    transport.close();
  });
});

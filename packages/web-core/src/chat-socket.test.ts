import { CHAT_SOCKET_PATH } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { SOCKET_PATH, backoffDelay, readServerFrame, socketUrl } from './chat-socket';

describe('the chat socket, as both apps reach it', () => {
  it("is at the contract's path, over wss behind TLS", () => {
    expect(SOCKET_PATH).toBe(CHAT_SOCKET_PATH);
    expect(socketUrl({ protocol: 'https:', host: 'shop.example' })).toBe(
      `wss://shop.example${CHAT_SOCKET_PATH}`,
    );
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe(
      `ws://localhost:8080${CHAT_SOCKET_PATH}`,
    );
  });

  it('waits twice as long after each failure, never more than 30 s, less up to 30 % jitter', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    expect(backoffDelay(0, () => 0)).toBe(700);
  });

  it('reads a JSON frame and ignores anything else', () => {
    expect(readServerFrame('{"type":"pong"}')).toEqual({ type: 'pong' });
    expect(readServerFrame('not json')).toBeNull();
  });
});

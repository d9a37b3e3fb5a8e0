import type { ServerFrame } from '@vitrine/contract';

/**
 * What the buyer's chat and the console's chat share about the chat socket: where it is, how long
 * to wait before trying again, and how a frame is read.
 */

/**
 * The contract's CHAT_SOCKET_PATH, repeated: importing it would bring the contract's chat schemas,
 * and zod, into the browser (chat-socket.test.ts checks they agree).
 */
export const SOCKET_PATH = '/chat/socket';

const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

/** The retry delay after `attempt` failures: doubling from 1 s, capped at 30 s, with up to 30 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt);
  return Math.round(base * (0.7 + 0.3 * random()));
}

/** The socket's address beside the page: wss behind TLS, through any reverse proxy. */
export function socketUrl(loc: { protocol: string; host: string } = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}${SOCKET_PATH}`;
}

/** A frame from the server, or null for anything that is not JSON (ignored, never fatal). */
export function readServerFrame(data: unknown): ServerFrame | null {
  try {
    return JSON.parse(String(data)) as ServerFrame;
  } catch {
    return null;
  }
}

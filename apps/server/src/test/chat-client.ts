import type { ClientFrameInput, ServerFrame } from '@vitrine/contract';
import type { WebSocket } from 'ws';

/**
 * A chat socket as tests drive it: frames sent as the contract's client frames, frames received
 * kept in order, and `next` answering the first received frame that matches, or waiting for it.
 */
export function chatClient(ws: WebSocket) {
  const frames: ServerFrame[] = [];
  const waiters: { match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];
  let closeCode: number | null = null;
  const closed = new Promise<number>((resolve) =>
    ws.on('close', (code) => {
      closeCode = code;
      resolve(code);
    }),
  );
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  return {
    ws,
    frames,
    closed,
    get closeCode() {
      return closeCode;
    },
    send(frame: ClientFrameInput | Record<string, unknown>) {
      ws.send(JSON.stringify(frame));
    },
    sendRaw(text: string) {
      ws.send(text);
    },
    /** The first frame of a type (and matching) received, waiting for it when it has not come yet. */
    next<T extends ServerFrame['type']>(
      type: T,
      match: (f: Extract<ServerFrame, { type: T }>) => boolean = () => true,
    ): Promise<Extract<ServerFrame, { type: T }>> {
      const ok = (f: ServerFrame) => f.type === type && match(f as Extract<ServerFrame, { type: T }>);
      const found = frames.find(ok);
      if (found) return Promise.resolve(found as Extract<ServerFrame, { type: T }>);
      return new Promise((resolve) =>
        waiters.push({ match: ok, resolve: resolve as (f: ServerFrame) => void }),
      );
    },
    /** Frames received so far of a type. */
    all<T extends ServerFrame['type']>(type: T) {
      return frames.filter((f) => f.type === type) as Extract<ServerFrame, { type: T }>[];
    },
    close() {
      ws.close();
      return closed;
    },
  };
}

export type ChatClient = ReturnType<typeof chatClient>;

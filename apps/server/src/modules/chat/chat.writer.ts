import type { ChatRepository, MessageRow, Side } from './chat.repository';

/** A message the service checked and wants stored. */
export interface MessageToStore {
  companyId: number;
  websiteId: number;
  /** The buyer whose conversation it is (with the company's service). */
  customerId: number;
  chatId: string;
  mainChatId: string;
  from: Side;
  fromChatId: string;
  staffId: number | null;
  /** msg_content as stored (JSON), and its one-line summary for the conversation. */
  msgContent: string;
  summary: string;
  gid: string;
  now: number;
}

export interface StoredMessage {
  row: MessageRow;
  /** The conversation had this gid already: the stored message, not a new one. */
  duplicate: boolean;
}

export interface MessageWriterOptions {
  /** At most this many messages in one transaction. */
  maxBatch?: number;
  /** Reports a batch that failed as a whole before its messages were tried one by one. */
  onBatchError?(err: unknown, size: number): void;
}

interface Waiting {
  message: MessageToStore;
  resolve(stored: StoredMessage): void;
  reject(err: unknown): void;
}

/**
 * Group commit (decision 0045): messages that arrive while a transaction is being written wait
 * and go together in the next one, so a commit's sync (4 ms on SQLite with synchronous=FULL, all
 * of it on the event loop) is paid once per batch, not once per message. A message alone waits
 * for nothing: a batch starts as soon as the writer is free (after the I/O already read), so at
 * low load each message is its own transaction, as before. Each message is answered only once
 * its batch has committed: persisted before acknowledged still holds.
 *
 * A batch that fails as a whole (one message's row refused, a deadlock, a lost connection) is
 * rolled back and its messages are written again one per transaction, so only the one at fault
 * fails. Writing twice is safe: a gid stored by a commit whose answer was lost is found again.
 */
export function createMessageWriter(repo: ChatRepository, opts: MessageWriterOptions = {}) {
  const maxBatch = opts.maxBatch ?? 200;
  const atOnce = Math.max(1, repo.writersAtOnce);
  const queue: Waiting[] = [];
  let writing = 0;
  let scheduled = false;
  const idle: (() => void)[] = [];

  /** Stores a batch in one transaction and answers each message from one read after the commit. */
  async function store(batch: readonly MessageToStore[]): Promise<StoredMessage[]> {
    // Conversations are locked in one order by every batch, so two instances' batches never
    // deadlock; a conversation's own messages keep their order (the sort is stable).
    const order = batch.map((m, i) => ({ m, i })).sort((a, b) => compareConversations(a.m, b.m) || a.i - b.i);
    const written = await repo.transaction(async (tx) => {
      const out: { id: number; duplicate: boolean }[] = new Array(batch.length);
      for (const { m, i } of order) {
        const conversationId = await tx.lockConversation({
          companyId: m.companyId,
          chatId: m.chatId,
          mainChatId: m.mainChatId,
          customerId: m.customerId,
          websiteId: m.websiteId,
          fromBuyer: m.from === 'buyer',
          now: m.now,
        });
        const id = await tx.insertMessageOnce({
          companyId: m.companyId,
          conversationId,
          fromChatId: m.fromChatId,
          fromRole: m.from,
          staffId: m.staffId,
          msgContent: m.msgContent,
          gid: m.gid,
          now: m.now,
        });
        if (id === undefined) {
          const existing = await tx.messageByGid(conversationId, m.gid);
          if (existing === undefined) throw new Error('A message refused as a resend has no original');
          out[i] = { id: Number(existing), duplicate: true };
          continue;
        }
        await tx.afterMessage(conversationId, {
          id: Number(id),
          from: m.from,
          summary: m.summary,
          now: m.now,
        });
        out[i] = { id: Number(id), duplicate: false };
      }
      return out;
    });
    const rows = new Map((await repo.messagesByIds(written.map((w) => w.id))).map((r) => [Number(r.id), r]));
    return written.map((w) => {
      const row = rows.get(w.id);
      if (!row) throw new Error('A message just stored could not be read back');
      return { row, duplicate: w.duplicate };
    });
  }

  async function run(batch: Waiting[]) {
    try {
      const stored = await store(batch.map((w) => w.message));
      batch.forEach((w, i) => w.resolve(stored[i] as StoredMessage));
    } catch (err) {
      if (batch.length === 1) return void batch[0]?.reject(err);
      opts.onBatchError?.(err, batch.length);
      for (const w of batch) {
        try {
          const [one] = await store([w.message]);
          w.resolve(one as StoredMessage);
        } catch (e) {
          w.reject(e);
        }
      }
    }
  }

  function schedule() {
    if (scheduled || writing >= atOnce || !queue.length) return;
    scheduled = true;
    // After the poll phase: messages whose frames were read meanwhile join this batch.
    setImmediate(() => {
      scheduled = false;
      if (writing >= atOnce || !queue.length) return;
      const batch = queue.splice(0, maxBatch);
      writing++;
      void run(batch).finally(() => {
        writing--;
        if (!writing && !queue.length) for (const done of idle.splice(0)) done();
        schedule();
      });
      schedule();
    });
  }

  return {
    /** Resolves once the message is committed (or was, under its gid); rejects if it could not be. */
    write(message: MessageToStore): Promise<StoredMessage> {
      return new Promise((resolve, reject) => {
        queue.push({ message, resolve, reject });
        schedule();
      });
    },
    /** Resolves when nothing is waiting or being written (closing, tests). */
    idle(): Promise<void> {
      if (!writing && !queue.length) return Promise.resolve();
      return new Promise((r) => idle.push(r));
    },
  };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;

function compareConversations(a: MessageToStore, b: MessageToStore): number {
  return (
    a.companyId - b.companyId ||
    (a.chatId < b.chatId ? -1 : a.chatId > b.chatId ? 1 : 0) ||
    (a.mainChatId < b.mainChatId ? -1 : a.mainChatId > b.mainChatId ? 1 : 0)
  );
}

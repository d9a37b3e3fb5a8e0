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

  /**
   * Stores a batch in one transaction of a few statements, whatever its size (conversations,
   * messages, resends' ids, conversations' updates), and answers each message from one read
   * after the commit.
   */
  async function store(batch: readonly MessageToStore[]): Promise<StoredMessage[]> {
    // Conversations are locked in one order by every batch, so two instances' batches never
    // deadlock; a conversation's own messages keep their order (the sort is stable).
    const sorted = batch
      .map((m, i) => ({ m, i }))
      .sort((a, b) => compareConversations(a.m, b.m) || a.i - b.i);
    const written = await repo.transaction(async (tx) => {
      const pairs = new Map<string, MessageToStore>();
      for (const { m } of sorted) if (!pairs.has(pairKey(m))) pairs.set(pairKey(m), m);
      const conversations = new Map(
        (
          await tx.lockConversations(
            [...pairs.values()].map((m) => ({
              companyId: m.companyId,
              chatId: m.chatId,
              mainChatId: m.mainChatId,
              customerId: m.customerId,
              websiteId: m.websiteId,
              now: m.now,
            })),
          )
        ).map((c) => [
          pairKey({ companyId: Number(c.company_id), chatId: c.chat_id, mainChatId: c.main_chat_id }),
          Number(c.id),
        ]),
      );
      const conversationOf = (m: MessageToStore) => {
        const id = conversations.get(pairKey(m));
        if (id === undefined) throw new Error('A conversation just written has no id');
        return id;
      };
      // A gid twice in the batch is stored once: the first; the others answer as resends.
      const first = new Map<string, { m: MessageToStore; i: number }>();
      for (const x of sorted) {
        const key = `${conversationOf(x.m)}|${x.m.gid}`;
        if (!first.has(key)) first.set(key, x);
      }
      const inserted = await tx.insertMessages(
        [...first.values()].map(({ m }) => ({
          companyId: m.companyId,
          conversationId: conversationOf(m),
          fromChatId: m.fromChatId,
          fromRole: m.from,
          staffId: m.staffId,
          msgContent: m.msgContent,
          gid: m.gid,
          now: m.now,
        })),
      );
      const fresh = new Map(inserted.map((r) => [`${r.conversation_id}|${r.gid}`, Number(r.id)]));
      const resent = [...first.keys()].filter((k) => !fresh.has(k));
      const before = resent.length
        ? new Map(
            (
              await tx.messagesByGids(
                [...new Set(resent.map((k) => Number(k.slice(0, k.indexOf('|')))))],
                [...new Set(resent.map((k) => k.slice(k.indexOf('|') + 1)))],
              )
            ).map((r) => [`${r.conversation_id}|${r.gid}`, Number(r.id)]),
          )
        : new Map<string, number>();

      const out: { id: number; duplicate: boolean }[] = new Array(batch.length);
      const updates = new Map<number, Parameters<typeof tx.updateConversations>[0][number]>();
      for (const { m, i } of sorted) {
        const conversationId = conversationOf(m);
        const key = `${conversationId}|${m.gid}`;
        const id = fresh.get(key);
        if (id === undefined || first.get(key)?.i !== i) {
          const existing = id ?? before.get(key);
          if (existing === undefined) throw new Error('A message refused as a resend has no original');
          out[i] = { id: existing, duplicate: true };
          continue;
        }
        out[i] = { id, duplicate: false };
        const u = updates.get(conversationId) ?? {
          id: conversationId,
          lastId: id,
          summary: m.summary,
          now: m.now,
          fromBuyer: 0,
          fromStaff: 0,
          buyerWebsiteId: null,
          staffWebsiteId: null,
        };
        // In order: the last message seen is the conversation's last.
        u.lastId = id;
        u.summary = m.summary;
        u.now = m.now;
        if (m.from === 'buyer') {
          u.fromBuyer++;
          u.buyerWebsiteId = m.websiteId;
        } else {
          u.fromStaff++;
          u.staffWebsiteId ??= m.websiteId;
        }
        updates.set(conversationId, u);
      }
      if (updates.size) await tx.updateConversations([...updates.values()]);
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

const pairKey = (m: { companyId: number; chatId: string; mainChatId: string }) =>
  `${m.companyId}|${m.chatId}|${m.mainChatId}`;

function compareConversations(a: MessageToStore, b: MessageToStore): number {
  return (
    a.companyId - b.companyId ||
    (a.chatId < b.chatId ? -1 : a.chatId > b.chatId ? 1 : 0) ||
    (a.mainChatId < b.mainChatId ? -1 : a.mainChatId > b.mainChatId ? 1 : 0)
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseUrl } from '../../test/harness';
import { type ChatRepository, createChatRepository } from './chat.repository';
import { createMessageWriter, type MessageToStore } from './chat.writer';

describe(`the chat's group commit on ${testDatabaseUrl() ? 'PostgreSQL' : 'SQLite'}`, () => {
  let t: TestApp;
  let repo: ChatRepository;
  let site: { id: number; company_id: number };
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    repo = createChatRepository(t.db);
    site = await t.db
      .selectFrom('websites')
      .select(['id', 'company_id'])
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => t.close());

  /** A new customer of the demo company, with its chat id. */
  async function buyer() {
    const { id } = await t.db
      .insertInto('customers')
      .values({
        company_id: site.company_id,
        customer_name: `Writer buyer ${++n}`,
        password_hash: `writer-test-${n}`,
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { customerId: Number(id), chatId: `b${id}` };
  }

  const message = (b: { customerId: number; chatId: string }, gid: string, text: string): MessageToStore => ({
    companyId: site.company_id,
    websiteId: site.id,
    customerId: b.customerId,
    chatId: b.chatId,
    mainChatId: `cs${site.company_id}`,
    from: 'buyer',
    fromChatId: b.chatId,
    staffId: null,
    msgContent: JSON.stringify([{ type: 'text', content: text }]),
    summary: text,
    gid,
    now: 1_000 + n,
  });

  /** The repository, counting the transactions the writer opens. */
  function counted() {
    const seen = { transactions: 0 };
    const r: ChatRepository = {
      ...repo,
      transaction: (work) => {
        seen.transactions++;
        return repo.transaction(work);
      },
    };
    return { repo: r, seen };
  }

  const conversationOf = (chatId: string) =>
    t.db
      .selectFrom('chat_conversations')
      .select(['id', 'last_message_id', 'last_message', 'staff_unread_count'])
      .where('chat_id', '=', chatId)
      .executeTakeFirstOrThrow();
  const storedWith = (gid: string) =>
    t.db.selectFrom('chat_messages').select(['id', 'msg_content']).where('gid', '=', gid).execute();

  it('writes messages that arrive together in one transaction, and answers each once it is stored', async () => {
    const { repo: r, seen } = counted();
    const writer = createMessageWriter(r);
    const [a, b] = [await buyer(), await buyer()];
    const sent = [
      message(a, 'batch-a-1', 'first of a'),
      message(b, 'batch-b-1', 'first of b'),
      message(a, 'batch-a-2', 'second of a'),
    ];
    const answers = await Promise.all(sent.map((m) => writer.write(m)));

    expect(seen.transactions).toBe(1);
    expect(answers.map((s) => [s.row.gid, s.duplicate])).toEqual([
      ['batch-a-1', false],
      ['batch-b-1', false],
      ['batch-a-2', false],
    ]);
    for (const s of answers)
      expect(await storedWith(s.row.gid)).toEqual([{ id: s.row.id, msg_content: s.row.msg_content }]);
    // A conversation's messages are numbered in the order they came, and the last one is its last.
    const [a1, , a2] = answers.map((s) => Number(s.row.id));
    expect(a1).toBeLessThan(a2 as number);
    expect(await conversationOf(a.chatId)).toMatchObject({
      last_message_id: a2,
      last_message: 'second of a',
      staff_unread_count: 2,
    });
    expect(await conversationOf(b.chatId)).toMatchObject({ staff_unread_count: 1 });
  });

  it('stores a resend of the same gid inside one batch once, and answers the second as a duplicate', async () => {
    const { repo: r, seen } = counted();
    const writer = createMessageWriter(r);
    const a = await buyer();
    const [first, again] = await Promise.all([
      writer.write(message(a, 'twice-in-a-batch', 'hello')),
      writer.write(message(a, 'twice-in-a-batch', 'hello')),
    ]);
    expect(seen.transactions).toBe(1);
    expect(first?.duplicate).toBe(false);
    expect(again?.duplicate).toBe(true);
    expect(again?.row.id).toBe(first?.row.id);
    expect(await storedWith('twice-in-a-batch')).toHaveLength(1);
    // Counted once as unread.
    expect(await conversationOf(a.chatId)).toMatchObject({ staff_unread_count: 1 });
  });

  it("keeps the buyer's website on a conversation; staff fill theirs in only while it has none", async () => {
    const writer = createMessageWriter(repo);
    const [a, b] = [await buyer(), await buyer()];
    const staff = (
      x: { customerId: number; chatId: string },
      gid: string,
      websiteId: number,
    ): MessageToStore => ({
      ...message(x, gid, 'from staff'),
      from: 'staff',
      fromChatId: 'staff-chat',
      websiteId,
    });
    const websiteOf = async (chatId: string) =>
      Number(
        (
          await t.db
            .selectFrom('chat_conversations')
            .select('website_id')
            .where('chat_id', '=', chatId)
            .executeTakeFirstOrThrow()
        ).website_id,
      );
    // Staff first, then the buyer, in one batch: the buyer's website wins.
    await Promise.all([
      writer.write(staff(a, 'site-a-1', 424242)),
      writer.write(message(a, 'site-a-2', 'hi')),
    ]);
    expect(await websiteOf(a.chatId)).toBe(site.id);
    // Staff alone after it: the buyer's stays.
    await writer.write(staff(a, 'site-a-3', 424242));
    expect(await websiteOf(a.chatId)).toBe(site.id);
    // A conversation staff start has theirs until the buyer writes.
    await writer.write(staff(b, 'site-b-1', 424242));
    expect(await websiteOf(b.chatId)).toBe(424242);
    await writer.write(message(b, 'site-b-2', 'hello'));
    expect(await websiteOf(b.chatId)).toBe(site.id);
  });

  it('answers a resend in a later batch with the stored message', async () => {
    const writer = createMessageWriter(repo);
    const a = await buyer();
    const first = await writer.write(message(a, 'resent-later', 'are you there?'));
    const again = await writer.write(message(a, 'resent-later', 'are you there?'));
    expect(again).toMatchObject({ duplicate: true, row: { id: first.row.id } });
    expect(await conversationOf(a.chatId)).toMatchObject({ staff_unread_count: 1 });
  });

  it('still stores and acknowledges the others of a batch in which one message fails', async () => {
    const failures: number[] = [];
    const { repo: r, seen } = counted();
    const writer = createMessageWriter(r, { onBatchError: (_err, size) => failures.push(size) });
    const [a, b] = [await buyer(), await buyer()];
    // A customer that does not exist: its conversation row is refused by the database.
    const ghost = { customerId: 987_654_321, chatId: 'b987654321' };
    const results = await Promise.allSettled([
      writer.write(message(a, 'survivor-a', 'kept')),
      writer.write(message(ghost, 'doomed', 'lost')),
      writer.write(message(b, 'survivor-b', 'kept too')),
      writer.write(message(a, 'survivor-a', 'kept')),
    ]);

    expect(failures).toEqual([4]);
    // The batch, then each message again on its own.
    expect(seen.transactions).toBe(5);
    expect(results.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const [ra, , rb, rAgain] = results.map((x) => (x.status === 'fulfilled' ? x.value : null));
    expect(ra).toMatchObject({ duplicate: false, row: { gid: 'survivor-a' } });
    expect(rb).toMatchObject({ duplicate: false, row: { gid: 'survivor-b' } });
    expect(rAgain).toMatchObject({ duplicate: true, row: { id: ra?.row.id } });
    expect(await storedWith('survivor-a')).toHaveLength(1);
    expect(await storedWith('survivor-b')).toHaveLength(1);
    expect(await storedWith('doomed')).toHaveLength(0);
    expect(await conversationOf(a.chatId)).toMatchObject({ staff_unread_count: 1 });

    // The writer goes on writing after it.
    const next = await writer.write(message(b, 'after-the-failure', 'still here'));
    expect(next.duplicate).toBe(false);
    await writer.idle();
  });
});

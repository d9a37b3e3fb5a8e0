import { CHAT_WRITER_ROLES } from '@vitrine/contract';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/audit';
import type { Database } from '../../db/database';
import { transactional } from '../../db/transactional';

/** A LIKE pattern matching `text` anywhere, with the pattern's own wildcards escaped. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type Side = 'buyer' | 'staff';
export type ConversationFilter = 'mine' | 'unassigned' | 'all';

export const createChatRepository = (db: Kysely<Database>) => transactional(db, chatQueries);
export type ChatRepository = ReturnType<typeof createChatRepository>;

/** A message as stored, with the names its view needs. */
export type MessageRow = Awaited<ReturnType<ReturnType<typeof chatQueries>['messagesByIds']>>[number];
export type ConversationRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof chatQueries>['conversation']>>
>;

function chatQueries(db: Kysely<Database>) {
  const messages = () =>
    db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
      .leftJoin('staff_users as s', 's.id', 'm.staff_id')
      .leftJoin('customers as cu', 'cu.id', 'c.customer_id')
      .select([
        'm.id',
        'm.company_id',
        'm.conversation_id',
        'c.chat_id',
        'c.main_chat_id',
        'm.from_chat_id',
        'm.from_role',
        'm.msg_content',
        'm.status',
        'm.gid',
        'm.created_at',
        's.name as staff_name',
        'cu.customer_name',
        'cu.nickname',
      ]);

  const conversations = () =>
    db
      .selectFrom('chat_conversations as c')
      .leftJoin('customers as cu', 'cu.id', 'c.customer_id')
      .leftJoin('staff_users as s', 's.id', 'c.staff_id')
      .select([
        'c.id',
        'c.company_id',
        'c.chat_id',
        'c.main_chat_id',
        'c.customer_id',
        'c.website_id',
        'c.staff_id',
        's.name as staff_name',
        'c.last_message_id',
        'c.unread_count',
        'c.last_check_time',
        'c.buyer_read_id',
        'c.staff_unread_count',
        'c.staff_last_check_time',
        'c.staff_read_id',
        'c.updated_at',
        'cu.customer_name',
        'cu.nickname',
        'cu.avatar',
        'cu.email',
        'cu.country',
      ]);

  const count = async (q: { executeTakeFirst(): Promise<{ n: number | string | bigint } | undefined> }) =>
    Number((await q.executeTakeFirst())?.n ?? 0);

  /** Messages of the other side after a read mark: what that reader has not read. */
  const unreadAfter = (conversationId: number, from: Side, readId: number) =>
    count(
      db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('conversation_id', '=', conversationId)
        .where('from_role', '=', from)
        .where('id', '>', readId),
    );

  return {
    /**
     * How many message batches may be written at once: PostgreSQL runs transactions side by side
     * on its pool; SQLite has one connection, so a second batch would only queue behind the first
     * instead of gathering the messages that arrive meanwhile.
     */
    writersAtOnce: db.getExecutor().adapter instanceof PostgresAdapter ? 4 : 1,

    audit: (entry: AuditEntry) => writeAudit(db, entry),

    /** An active customer of the company by its chat id. */
    customerByChatId: (companyId: number, chatId: string) =>
      db
        .selectFrom('customers')
        .select(['id', 'customer_name', 'nickname', 'email', 'status'])
        .where('company_id', '=', companyId)
        .where('chat_id', '=', chatId)
        .where('status', '=', 1)
        .executeTakeFirst(),

    customerById: (companyId: number, id: number) =>
      db
        .selectFrom('customers')
        .select(['id', 'chat_id', 'customer_name', 'nickname', 'email', 'status'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    staffMember: (companyId: number, id: number) =>
      db
        .selectFrom('staff_users')
        .select(['id', 'name', 'email', 'role', 'status', 'chat_id'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    conversation: (companyId: number, chatId: string, mainChatId: string) =>
      conversations()
        .where('c.company_id', '=', companyId)
        .where('c.chat_id', '=', chatId)
        .where('c.main_chat_id', '=', mainChatId)
        .executeTakeFirst(),

    conversationById: (companyId: number, id: number) =>
      conversations().where('c.company_id', '=', companyId).where('c.id', '=', id).executeTakeFirst(),

    /**
     * Group commit (decision 0045), in a few statements whatever the batch's size. The
     * conversations of a batch, made when first written to and locked until the transaction
     * ends (in the order given: sorted, so two batches lock alike): messages of a conversation
     * are numbered in commit order, and a reader resuming after an id misses none. Their website
     * is settled by updateConversations.
     */
    lockConversations: async (
      pairs: readonly {
        companyId: number;
        chatId: string;
        mainChatId: string;
        customerId: number;
        websiteId: number;
        now: number;
      }[],
    ) =>
      db
        .insertInto('chat_conversations')
        .values(
          pairs.map((p) => ({
            company_id: p.companyId,
            chat_id: p.chatId,
            main_chat_id: p.mainChatId,
            customer_id: p.customerId,
            website_id: p.websiteId,
            updated_at: p.now,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['company_id', 'chat_id', 'main_chat_id'])
            // Changes nothing, but takes the row's lock (and answers its id).
            .doUpdateSet((eb) => ({ website_id: eb.ref('chat_conversations.website_id') })),
        )
        .returning(['id', 'company_id', 'chat_id', 'main_chat_id'])
        .execute(),

    /**
     * Stores messages, skipping those whose conversation has the gid already (resends): the new
     * rows' ids. Rows are numbered in the order given.
     */
    insertMessages: (
      rows: readonly {
        companyId: number;
        conversationId: number;
        fromChatId: string;
        fromRole: Side;
        staffId: number | null;
        msgContent: string;
        gid: string;
        now: number;
      }[],
    ) =>
      db
        .insertInto('chat_messages')
        .values(
          rows.map((m) => ({
            company_id: m.companyId,
            conversation_id: m.conversationId,
            from_chat_id: m.fromChatId,
            from_role: m.fromRole,
            staff_id: m.staffId,
            msg_content: m.msgContent,
            gid: m.gid,
            status: 0,
            created_at: m.now,
          })),
        )
        .onConflict((oc) => oc.columns(['conversation_id', 'gid']).doNothing())
        .returning(['id', 'conversation_id', 'gid'])
        .execute(),

    /** The stored ids of gids in conversations (what a resend is answered with). */
    messagesByGids: (conversationIds: readonly number[], gids: readonly string[]) =>
      db
        .selectFrom('chat_messages')
        .select(['id', 'conversation_id', 'gid'])
        .where('conversation_id', 'in', [...conversationIds])
        .where('gid', 'in', [...gids])
        .execute(),

    /**
     * After new messages, one statement for all their conversations: the last one is each
     * conversation's last, each side has as many more to read as the other wrote, and the
     * website is the buyer's when the buyer wrote, else staff fill it in while it has none.
     */
    updateConversations: (
      updates: readonly {
        id: number;
        lastId: number;
        summary: string;
        now: number;
        fromBuyer: number;
        fromStaff: number;
        buyerWebsiteId: number | null;
        staffWebsiteId: number | null;
      }[],
    ) =>
      // VALUES columns are column1… on SQLite and PostgreSQL alike; the casts give PostgreSQL
      // their types.
      sql`UPDATE chat_conversations SET
          last_message_id = v.column2,
          last_message = v.column3,
          updated_at = v.column4,
          staff_unread_count = staff_unread_count + v.column5,
          unread_count = unread_count + v.column6,
          website_id = COALESCE(v.column7, website_id, v.column8)
        FROM (VALUES ${sql.join(
          updates.map(
            (u) =>
              sql`(CAST(${u.id} AS bigint), CAST(${u.lastId} AS bigint), CAST(${u.summary} AS text), CAST(${u.now} AS bigint), CAST(${u.fromBuyer} AS integer), CAST(${u.fromStaff} AS integer), CAST(${u.buyerWebsiteId} AS bigint), CAST(${u.staffWebsiteId} AS bigint))`,
          ),
        )}) AS v
        WHERE chat_conversations.id = v.column1`.execute(db),

    messagesByIds: (ids: readonly number[]) =>
      ids.length
        ? messages()
            .where('m.id', 'in', [...ids])
            .orderBy('m.id')
            .execute()
        : Promise.resolve([]),

    /** A page of history, newest first from offset, answered oldest first. */
    page: async (conversationId: number, offset: number, limit: number) => {
      const [rows, total] = await Promise.all([
        messages()
          .where('m.conversation_id', '=', conversationId)
          .orderBy('m.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        count(
          db
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('conversation_id', '=', conversationId),
        ),
      ]);
      return { rows: rows.reverse(), total };
    },

    /** The messages after an id, oldest first: what a reconnecting reader missed. */
    after: (conversationId: number, afterId: number, limit: number) =>
      messages()
        .where('m.conversation_id', '=', conversationId)
        .where('m.id', '>', afterId)
        .orderBy('m.id')
        .limit(limit)
        .execute(),

    /**
     * A side has read up to an id (never back): the other side's messages up to it are read, and
     * the side's unread count is what is left after it.
     */
    markRead: async (conversationId: number, reader: Side, upToId: number, now: number) => {
      const other: Side = reader === 'buyer' ? 'staff' : 'buyer';
      const readColumn = reader === 'buyer' ? 'buyer_read_id' : 'staff_read_id';
      await db
        .updateTable('chat_conversations')
        .set((eb) => ({
          [readColumn]: sql<number>`CASE WHEN ${eb.ref(readColumn)} < ${upToId} THEN ${upToId} ELSE ${eb.ref(readColumn)} END`,
        }))
        .where('id', '=', conversationId)
        .execute();
      const row = await db
        .selectFrom('chat_conversations')
        .select(['buyer_read_id', 'staff_read_id'])
        .where('id', '=', conversationId)
        .executeTakeFirstOrThrow();
      const readId = Number(reader === 'buyer' ? row.buyer_read_id : row.staff_read_id);
      await db
        .updateTable('chat_messages')
        .set({ status: 1 })
        .where('conversation_id', '=', conversationId)
        .where('from_role', '=', other)
        .where('id', '<=', readId)
        .where('status', '=', 0)
        .execute();
      const left = await unreadAfter(conversationId, other, readId);
      await db
        .updateTable('chat_conversations')
        .set(
          reader === 'buyer'
            ? { unread_count: left, last_check_time: now }
            : { staff_unread_count: left, staff_last_check_time: now },
        )
        .where('id', '=', conversationId)
        .execute();
      return readId;
    },

    /** Staff messages a customer has not read, over their conversations with the company. */
    buyerUnread: async (companyId: number, chatId: string) =>
      count(
        db
          .selectFrom('chat_conversations')
          .select((eb) => eb.fn.sum<number>('unread_count').as('n'))
          .where('company_id', '=', companyId)
          .where('chat_id', '=', chatId),
      ),

    list: async (p: {
      companyId: number;
      filter: ConversationFilter;
      staffId: number;
      unreadOnly: boolean;
      search: string;
      limit: number;
      offset: number;
    }) => {
      let q = conversations().where('c.company_id', '=', p.companyId);
      if (p.filter === 'mine') q = q.where('c.staff_id', '=', p.staffId);
      if (p.filter === 'unassigned') q = q.where('c.staff_id', 'is', null);
      if (p.unreadOnly) q = q.where('c.staff_unread_count', '>', 0);
      if (p.search) {
        const like = containing(p.search);
        q = q.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['cu.customer_name']), 'like', like),
            eb(eb.fn('lower', ['cu.nickname']), 'like', like),
            eb(eb.fn('lower', ['cu.email']), 'like', like),
          ]),
        );
      }
      const [rows, totals] = await Promise.all([
        q.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc').limit(p.limit).offset(p.offset).execute(),
        q
          .clearSelect()
          .select((eb) => [
            eb.fn.countAll<number>().as('n'),
            eb.fn.sum<number>('c.staff_unread_count').as('unread'),
          ])
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(totals?.n ?? 0), unread: Number(totals?.unread ?? 0) };
    },

    assign: (companyId: number, id: number, staffId: number | null) =>
      db
        .updateTable('chat_conversations')
        .set({ staff_id: staffId })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute(),

    /**
     * Offline mail (decision 0037): conversations whose reader has left the last message unread
     * since `before`, not mailed about since `before` nor since that message.
     */
    waitingFor: (reader: Side, before: number, limit: number) => {
      const q = db
        .selectFrom('chat_conversations as c')
        .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
        .select([
          'c.id',
          'c.company_id',
          'c.website_id',
          'c.chat_id',
          'c.last_message',
          'c.updated_at',
          'c.unread_count',
          'c.staff_unread_count',
          'cu.customer_name',
          'cu.email',
        ])
        .where('c.updated_at', '<=', before);
      return (
        reader === 'buyer'
          ? q
              .where('c.unread_count', '>', 0)
              .where('cu.email', '!=', '')
              .where((eb) =>
                eb.or([
                  eb('c.buyer_mailed_at', 'is', null),
                  eb.and([
                    eb('c.buyer_mailed_at', '<=', before),
                    eb('c.buyer_mailed_at', '<', eb.ref('c.updated_at')),
                  ]),
                ]),
              )
          : q
              .where('c.staff_unread_count', '>', 0)
              .where((eb) =>
                eb.or([
                  eb('c.staff_mailed_at', 'is', null),
                  eb.and([
                    eb('c.staff_mailed_at', '<=', before),
                    eb('c.staff_mailed_at', '<', eb.ref('c.updated_at')),
                  ]),
                ]),
              )
      )
        .orderBy('c.updated_at')
        .limit(limit)
        .execute();
    },

    /**
     * Claims a conversation's mail: only the instance whose update finds it still unmailed within
     * the quiet period sends, so several instances never mail twice.
     */
    claimMail: async (id: number, reader: Side, before: number, now: number) => {
      const column = reader === 'buyer' ? 'buyer_mailed_at' : 'staff_mailed_at';
      const r = await db
        .updateTable('chat_conversations')
        .set({ [column]: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<=', before)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Where a website is reached: its first domain, if it has one, and its site code. */
    websiteAddress: async (websiteId: number) => {
      const site = await db
        .selectFrom('websites')
        .select('code')
        .where('id', '=', websiteId)
        .executeTakeFirst();
      const domain = await db
        .selectFrom('website_domains')
        .select('domain')
        .where('website_id', '=', websiteId)
        .orderBy('id')
        .executeTakeFirst();
      return site ? { code: site.code, domain: domain?.domain ?? null } : null;
    },

    /** Whom a conversation can be assigned to: the company's active owners and service staff. */
    chatStaff: (companyId: number) =>
      db
        .selectFrom('staff_users')
        .select(['id', 'name', 'role'])
        .where('company_id', '=', companyId)
        .where('status', '=', 1)
        .where('role', 'in', [...CHAT_WRITER_ROLES])
        .orderBy('name')
        .orderBy('id')
        .execute(),

    /** Who receives a company's digest: its active owners and service staff with an email. */
    chatStaffEmails: async (companyId: number) =>
      (
        await db
          .selectFrom('staff_users')
          .select('email')
          .where('company_id', '=', companyId)
          .where('status', '=', 1)
          .where('role', 'in', ['owner', 'service'])
          .where('email', '!=', '')
          .execute()
      ).map((r) => r.email),
  };
}

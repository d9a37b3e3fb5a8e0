/*
 * FROZEN once shipped. Customer-service chat (decisions 0036, 0037). The conversation and message
 * tables of 0001 kept one side's read state; a conversation has two readers (the buyer and the
 * company's staff), so each side gets its own read mark, and the conversation keeps its last
 * message and what was mailed when. Every customer and staff member gets a chat id (new ones get
 * one when created), and a customer's counterpart (chat_customer_id) is the company's service.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const conv = () => db.schema.alterTable('chat_conversations');
  // The website the buyer last wrote from (its prices and numbers show the buyer's cart to staff).
  await conv().addColumn('website_id', 'bigint').execute();
  await conv().addColumn('last_message_id', 'bigint').execute();
  // unread_count and last_check_time of 0001 are the buyer's; these are the staff's.
  await conv()
    .addColumn('buyer_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await conv()
    .addColumn('staff_unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await conv().addColumn('staff_last_check_time', 'bigint').execute();
  await conv()
    .addColumn('staff_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // When an offline buyer was last mailed about a staff answer, and when staff's digest named it.
  await conv().addColumn('buyer_mailed_at', 'bigint').execute();
  await conv().addColumn('staff_mailed_at', 'bigint').execute();
  await db.schema
    .createIndex('chat_conversations_company_updated')
    .on('chat_conversations')
    .columns(['company_id', 'updated_at'])
    .execute();

  const msg = () => db.schema.alterTable('chat_messages');
  await msg()
    .addColumn('from_role', 'text', (c) => c.notNull().defaultTo('buyer'))
    .execute();
  await msg().addColumn('staff_id', 'bigint').execute();
  await db.schema
    .createIndex('chat_messages_conversation_id')
    .on('chat_messages')
    .columns(['conversation_id', 'id'])
    .execute();

  // Ids made from row ids are unique without a lookup; new rows get random ones (the services).
  await sql`UPDATE customers SET chat_id = 'b' || CAST(id AS TEXT) WHERE chat_id IS NULL`.execute(db);
  await sql`UPDATE staff_users SET chat_id = 's' || CAST(id AS TEXT) WHERE chat_id IS NULL`.execute(db);
  await sql`UPDATE customers SET chat_customer_id = 'cs' || CAST(company_id AS TEXT)`.execute(db);
  await db.schema
    .createIndex('customers_chat_id')
    .on('customers')
    .columns(['company_id', 'chat_id'])
    .execute();
}

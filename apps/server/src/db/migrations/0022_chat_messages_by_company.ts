/*
 * FROZEN once shipped. Housekeeping looks each hour for the chat pictures and files a company's
 * recent messages name (decision 0073: a company's messages of the last 30 days); chat_messages
 * had indexes by conversation only, so every company's look read the whole table, on SQLite on
 * the thread that answers buyers. An index by company and time reads only those messages.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('chat_messages_by_company')
    .on('chat_messages')
    .columns(['company_id', 'created_at'])
    .execute();
}

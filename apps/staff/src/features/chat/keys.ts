/** Query keys of the console's chat. */
export const chatKeys = {
  all: ['chat'] as const,
  list: (filter: string) => ['chat', 'conversations', filter] as const,
  unread: ['chat', 'unread'] as const,
  staff: ['chat', 'staff'] as const,
  messages: (chatId: string) => ['chat', 'messages', chatId] as const,
  context: (chatId: string) => ['chat', 'context', chatId] as const,
};

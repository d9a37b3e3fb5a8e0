/**
 * Chat ids (decision 0036). A customer's and a staff member's come from their row ids ('b12',
 * 's3'), the company's customer service from the company's ('cs1'): unique without a lookup, and
 * never a way in, since the socket and the calls check the session, not the id. The demo seed
 * names its own.
 */
export const customerChatId = (customerId: number): string => `b${customerId}`;
export const staffChatId = (staffId: number): string => `s${staffId}`;
/** The company's side of every buyer's conversation: main_chat_id, the buyer's chat_customer_id. */
export const companyChatId = (companyId: number): string => `cs${companyId}`;

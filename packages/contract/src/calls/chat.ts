import { z } from 'zod';
import { CHAT_MEDIA_TYPES } from '../constants';
import { baseRequest, zeroOne } from '../envelope';
import { cartLine, cartTotals } from './cart';
import { KEYWORD_MAX_LENGTH } from './catalog';
import { ORDER_STATUSES } from './orders';
import { sampleSummary } from './samples';

/**
 * Customer-service chat (spec sections 2, 3, 4, 5, 7, 8, 9; docs/decisions/0036 and 0037).
 *
 * Who is who:
 * - `chat_id` names a buyer's conversation side: every customer (login_type 1) has one, in the
 *   session's user info. Visitors have none and cannot chat.
 * - `main_chat_id` names the company's customer service, the other side of every buyer's
 *   conversation; a buyer finds it as `chat_customer_id` in the user info. A conversation is the
 *   pair (chat_id, main_chat_id) within one company.
 * - Staff have a `chat_id` of their own, the `from_chat_id` of the messages they write.
 *
 * Buyers and staff read history and counts with the /api calls below and talk over the chat
 * socket (`CHAT_SOCKET_PATH`), which they join with a short-lived signature (`chat_user_sig`,
 * renewed by create_user_sig or staff_create_chat_sig). An expired or invalid signature is
 * refused with code 70001 (ErrorCode.CHAT_SIGNATURE_INVALID): the client asks for a new one and
 * logs in again.
 */

export const CHAT_LIMITS = {
  /** Messages per history page (get_message_record, staff_get_messages). */
  PAGE_SIZE: 15,
  /** The buyer widget shows 'see more' from this many messages on. */
  SEE_MORE_AT: 20,
  /** The widget loads history this long after opening. */
  HISTORY_DELAY_MS: 1000,
  /** Longest text element, in characters. */
  TEXT_MAX_CHARS: 5000,
  /** Elements in one message. */
  MAX_ELEMENTS: 10,
  /** Products shared in one sharePro card. */
  SHARE_MAX_PRODUCTS: 20,
  /** Largest socket frame the server reads; a longer one is refused with -413. */
  MAX_FRAME_BYTES: 64 * 1024,
  /** Messages (sends) one connection may make per window; more are refused with -429. */
  RATE_MAX_SENDS: 20,
  RATE_WINDOW_MS: 10_000,
  /** A signature is good this long; the connection is closed with 70001 when it runs out. */
  SIGNATURE_TTL_MS: 30 * 60 * 1000,
  /** The client pings this often; the server closes a connection silent for HEARTBEAT_TIMEOUT_MS. */
  HEARTBEAT_MS: 25_000,
  HEARTBEAT_TIMEOUT_MS: 60_000,
  /** The most missed messages one resume replays; a client further behind reloads history. */
  RESUME_MAX: 200,
  /** Pictures: sent as they are under this size (or any GIF), else compressed to IMAGE_MAX_SIDE. */
  IMAGE_AS_IS_MAX_BYTES: 2 * 1024 * 1024,
  IMAGE_MAX_SIDE: 1500,
  /** Shared product pictures are shown this wide, in pixels. */
  SHARE_PICTURE_PX: 60,
  /** A video's poster is its frame at this second, this many pixels wide. */
  VIDEO_SNAPSHOT_AT_S: 1,
  VIDEO_POSTER_WIDTH: 500,
  /** Entries of the emoji panel. */
  EMOJI_COUNT: 44,
} as const;

/** Staff roles that may write in the chat (send, assign, mark read); sales may read it. */
export const CHAT_WRITER_ROLES = ['owner', 'service'] as const;

/** Where the chat socket listens (a WebSocket; `wss://` behind TLS). */
export const CHAT_SOCKET_PATH = '/chat/socket';

/** Ids of conversation sides: letters, digits, '_' and '-'. */
export const chatId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .describe("A conversation side: a buyer's chat_id, or the company's main_chat_id");

/** The client's own id for a message it sends: a resend with the same gid is stored once. */
export const messageGid = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .describe("The sender's own id for the message (e.g. a UUID); a resend with the same gid is stored once");

const url = z.string().trim().min(1).max(1000);
const epochMs = z.number().int().describe('Epoch milliseconds');

// --- the message model ----------------------------------------------------------------------

/** A product shared as a card: it opens the product details in a new tab. */
export const sharedProduct = z.object({
  ToyId: z.number().int().positive(),
  ToyName: z.string().max(500),
  Picture: z.string().max(1000).describe('Picture URL, shown 60 px wide'),
  Price: z
    .string()
    .max(64)
    .describe("The price as the sender's page showed it (per show_price); empty when hidden"),
  ToyNumber: z.string().max(100),
  ArticleNumber: z.string().max(100),
});
export type SharedProduct = z.infer<typeof sharedProduct>;

export const textElement = z.object({
  type: z.literal('text'),
  content: z
    .string()
    .max(CHAT_LIMITS.TEXT_MAX_CHARS)
    .refine((s) => s.trim().length > 0, { message: 'empty' })
    .describe('Plain text, stored as sent and never rendered as HTML'),
});

export const imageElement = z.object({
  type: z.literal('image'),
  content: z.object({
    url: url.describe('An uploaded picture (get_temp_auth, purpose im)'),
    width: z.number().int().min(0).max(20_000).default(0),
    height: z.number().int().min(0).max(20_000).default(0),
    size: z.number().int().min(0).default(0).describe('Bytes'),
  }),
});

export const photoContent = z.object({
  description: z.literal('photo'),
  data: z.object({
    url,
    width: z.number().int().min(0).max(20_000).default(0),
    height: z.number().int().min(0).max(20_000).default(0),
  }),
});
export const videoContent = z.object({
  description: z.literal('video'),
  data: z.object({
    url,
    poster: url.describe('The frame at 1 s, 500 px wide'),
    duration: z
      .number()
      .min(0)
      .max(24 * 3600)
      .default(0)
      .describe('Seconds'),
    size: z.number().int().min(0).default(0),
  }),
});
export const audioContent = z.object({
  description: z.literal('audio'),
  data: z.object({
    url,
    duration: z
      .number()
      .min(0)
      .max(24 * 3600)
      .default(0)
      .describe('Seconds'),
    size: z.number().int().min(0).default(0),
  }),
});
export const shareProContent = z.object({
  description: z.literal('sharePro'),
  data: z.array(sharedProduct).min(1).max(CHAT_LIMITS.SHARE_MAX_PRODUCTS),
});

export const customElement = z.object({
  type: z.literal('custom'),
  content: z.discriminatedUnion('description', [photoContent, videoContent, audioContent, shareProContent]),
});

export const messageElement = z.discriminatedUnion('type', [textElement, imageElement, customElement]);
export type MessageElement = z.infer<typeof messageElement>;

/** msg_content: what a message says, as a list of elements (usually one). */
export const msgContent = z.array(messageElement).min(1).max(CHAT_LIMITS.MAX_ELEMENTS);
export type MsgContent = z.infer<typeof msgContent>;

export const MESSAGE_STATUS = { UNREAD: 0, READ: 1 } as const;

/** A stored message, as history and the socket give it. */
export const chatMessage = z.object({
  id: z
    .number()
    .int()
    .describe('Grows with every message; a reconnecting client resumes after the last id it has'),
  chat_id: chatId.describe("The buyer's side of the conversation"),
  main_chat_id: chatId.describe("The company's side of the conversation"),
  from_chat_id: chatId.describe('Who wrote it: the buyer (chat_id) or a staff member'),
  from: z.enum(['buyer', 'staff']),
  from_name: z.string().describe("The writer's display name (staff: their name)"),
  msg_content: msgContent,
  created_time: epochMs,
  status: zeroOne.describe('0 not yet read by the other side, 1 read'),
  gid: messageGid,
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A conversation as the buyer sees it. */
export const chatConversation = z.object({
  chat_id: chatId,
  main_chat_id: chatId,
  last_message: chatMessage.nullable(),
  unread_count: z.number().int().describe('Staff messages the buyer has not read'),
  last_check_time: epochMs.nullable().describe('When the buyer last read it (set_last_time)'),
});
export type ChatConversation = z.infer<typeof chatConversation>;

/** A page of history: newest page at offset 0; each page's list in time order (oldest first). */
export const messagePage = z.object({
  list: z.array(chatMessage),
  total: z.number().int(),
  offset: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean().describe("False when this page reaches the first message ('No more history')"),
});
export type MessagePage = z.infer<typeof messagePage>;

// --- the buyer's calls (spec section 7) ----------------------------------------------------

const pair = { chat_id: chatId, main_chat_id: chatId };

export const getMessageRecordRequest = baseRequest.extend({
  ...pair,
  offset: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(0)
    .describe('Messages to skip, newest first (0, 15, 30, …)'),
});
export const getMessageRecordResponse = messagePage;

export const setLastTimeRequest = baseRequest.extend(pair);
export const setLastTimeResponse = chatConversation;

export const getCountRequest = baseRequest.extend({ chat_id: chatId });
export const getCountResponse = z.object({
  count: z.number().int().describe('Unread staff messages; the badge shows 99+ above 99'),
});

export const createUserSigRequest = baseRequest.extend({ chat_id: chatId });
/** A signature to join the chat socket with; also `chat_user_sig` in the user info. */
export const chatSignature = z.object({
  chat_id: chatId,
  main_chat_id: chatId
    .nullable()
    .describe("The buyer's counterpart (null for staff, who see every conversation)"),
  user_sig: z.string().describe('Send in the socket login; refused with 70001 once expired'),
  expires_at: epochMs,
});
export type ChatSignature = z.infer<typeof chatSignature>;

// --- the staff's calls ----------------------------------------------------------------------

export const CONVERSATION_FILTERS = ['mine', 'unassigned', 'all'] as const;

export const staffConversation = z.object({
  id: z.number().int(),
  chat_id: chatId,
  main_chat_id: chatId,
  customer: z
    .object({
      id: z.number().int(),
      customer_name: z.string(),
      nickname: z.string(),
      avatar: z.string(),
      email: z.string(),
      country: z.string(),
    })
    .nullable()
    .describe('Null when the customer was deleted'),
  staff_id: z.number().int().nullable().describe('The staff member it is assigned to'),
  staff_name: z.string().nullable(),
  last_message: chatMessage.nullable(),
  unread_count: z.number().int().describe('Buyer messages no staff member has read'),
  buyer_unread_count: z.number().int().describe('Staff messages the buyer has not read'),
  last_check_time: epochMs.nullable().describe('When staff last read it'),
  buyer_last_check_time: epochMs.nullable().describe('When the buyer last read it (read receipts)'),
  updated_at: epochMs.describe('Time of the last message'),
});
export type StaffConversation = z.infer<typeof staffConversation>;

export const staffListConversationsRequest = baseRequest.extend({
  filter: z.enum(CONVERSATION_FILTERS).default('all'),
  unread_only: z.boolean().default(false),
  search: z.string().trim().max(100).default('').describe("Part of the buyer's name, nickname or email"),
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(100).default(30),
});
export const staffConversationPage = z.object({
  list: z.array(staffConversation).describe('Latest message first'),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  unread_total: z.number().int().describe('Unread buyer messages over the filter, for the navigation badge'),
});

export const staffGetMessagesRequest = baseRequest.extend({
  chat_id: chatId,
  offset: z.number().int().min(0).max(1_000_000).default(0),
});

export const staffAssignConversationRequest = baseRequest.extend({
  chat_id: chatId,
  staff_id: z.number().int().positive().nullable().describe('Null: unassign'),
});

export const staffMarkReadRequest = baseRequest.extend({ chat_id: chatId });

export const staffListChatStaffRequest = baseRequest;

/** The console's product picker for sharing cards in the chat: a keyword, as get_list's. */
export const staffSearchChatProductsRequest = baseRequest.extend({
  keyword: z.string().trim().max(KEYWORD_MAX_LENGTH).optional().describe('Empty: the newest products'),
});
export const chatStaffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(CHAT_WRITER_ROLES),
});
export type ChatStaffMember = z.infer<typeof chatStaffMember>;
export const chatStaffList = z.object({
  list: z.array(chatStaffMember).describe('Active staff who may answer the chat, by name'),
});

export const staffChatContextRequest = baseRequest.extend({ chat_id: chatId });
export const staffChatContext = z.object({
  conversation: staffConversation,
  cart: z
    .object({ lines: z.array(cartLine), totals: cartTotals })
    .describe("The buyer's cart on the server now"),
  samples: z.array(sampleSummary).describe("The buyer's latest sample lists (at most 10), newest first"),
  orders: z
    .array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        status: z.string(),
        amount: z.number().nullable(),
        currency: z.string(),
        updated_at: epochMs,
      }),
    )
    .nullable()
    .describe("The buyer's latest orders, newest first; null while this server has no orders"),
});
export type StaffChatContext = z.infer<typeof staffChatContext>;

export const staffCreateChatSigRequest = baseRequest;

export const staffChatUploadCredentialRequest = baseRequest.extend({
  content_type: z
    .enum(CHAT_MEDIA_TYPES)
    .describe('Type of the picture, video or audio the browser will send (CHAT_MEDIA)'),
});

// --- the socket protocol --------------------------------------------------------------------
//
// JSON text frames, each one object with a `type`. The client connects to CHAT_SOCKET_PATH and
// sends `login` first; anything else before the server's `ready` is refused. The server checks
// the login as an /api call of its audience (website, token, access: buyers a customer session,
// staff a staff session of the company) and then the signature (70001). Every later frame is
// answered or refused by itself: a refusal is an `error` frame with the code and a tip in the
// login's language, and `fatal: true` when the server closes the connection after it.

const conversationRef = { chat_id: chatId, main_chat_id: chatId };

export const clientLogin = z.object({
  type: z.literal('login'),
  website_id: z.number().int().positive(),
  token: z.string().min(1).max(200).describe('The session token (buyers) or console token (staff)'),
  user_sig: z.string().min(1).max(500),
  lang: baseRequest.shape.lang,
});
export const clientSend = z.object({
  type: z.literal('send'),
  gid: messageGid,
  ...conversationRef,
  msg_content: msgContent,
});
export const clientTyping = z.object({ type: z.literal('typing'), ...conversationRef, typing: z.boolean() });
export const clientRead = z.object({
  type: z.literal('read'),
  ...conversationRef,
  up_to_id: z.number().int().min(0).describe('The newest message id the reader has seen'),
});
export const clientResume = z.object({
  type: z.literal('resume'),
  ...conversationRef,
  after_id: z.number().int().min(0).describe('The last message id the client has (0: none)'),
});
export const clientPing = z.object({ type: z.literal('ping'), t: z.number().optional() });

export const clientFrame = z.discriminatedUnion('type', [
  clientLogin,
  clientSend,
  clientTyping,
  clientRead,
  clientResume,
  clientPing,
]);
export type ClientFrame = z.infer<typeof clientFrame>;
export type ClientFrameInput = z.input<typeof clientFrame>;

export const serverReady = z.object({
  type: z.literal('ready'),
  role: z.enum(['buyer', 'staff']),
  chat_id: chatId,
  main_chat_id: chatId.nullable(),
  expires_at: epochMs.describe('When the signature runs out and the server closes with 70001'),
  heartbeat_ms: z.number().int(),
});
export const serverAck = z.object({
  type: z.literal('ack'),
  gid: messageGid,
  message: chatMessage.describe('As stored: an ack is sent only once the message is saved'),
  duplicate: z.boolean().describe('True when this gid had been stored before (a resend)'),
});
export const serverMessage = z.object({
  type: z.literal('message'),
  message: chatMessage,
  replay: z.boolean().describe('True when sent by a resume, not live'),
});
export const serverRead = z.object({
  type: z.literal('read'),
  ...conversationRef,
  by: z.enum(['buyer', 'staff']),
  up_to_id: z.number().int(),
  last_check_time: epochMs,
});
export const serverTyping = z.object({
  type: z.literal('typing'),
  ...conversationRef,
  from: z.enum(['buyer', 'staff']),
  from_chat_id: chatId,
  typing: z.boolean(),
});
export const serverResumed = z.object({
  type: z.literal('resumed'),
  ...conversationRef,
  last_id: z.number().int().describe('The newest id replayed (the after_id when none)'),
  complete: z.boolean().describe('False when more than RESUME_MAX were missed: reload history'),
});
export const serverConversation = z.object({
  type: z.literal('conversation'),
  conversation: staffConversation.describe(
    'Staff only: a conversation changed (new message, assignment, read)',
  ),
});
/**
 * An order or quotation changed (issue 16): a buyer hears of its own orders only (never of a
 * draft), staff of all the company's. It carries no order data: the client asks the /api again,
 * which answers what the caller may see.
 */
export const serverOrderChanged = z.object({
  type: z.literal('order_changed'),
  order_id: z.number().int().positive(),
  status: z.enum(ORDER_STATUSES),
});
export const serverPong = z.object({ type: z.literal('pong'), t: z.number().optional() });
export const serverError = z.object({
  type: z.literal('error'),
  code: z
    .number()
    .int()
    .describe('70001 signature expired or invalid; -400, -403, -413, -429, -500 as in the /api'),
  tip: z.string(),
  gid: messageGid.optional().describe('The send it refuses, when it refuses one'),
  fatal: z.boolean().describe('The server closes the connection after this frame'),
});

export const serverFrame = z.discriminatedUnion('type', [
  serverReady,
  serverAck,
  serverMessage,
  serverRead,
  serverTyping,
  serverResumed,
  serverConversation,
  serverOrderChanged,
  serverPong,
  serverError,
]);
export type ServerFrame = z.infer<typeof serverFrame>;

/** Close codes of the chat socket (4000-4999 are the application's). */
export const CHAT_CLOSE = {
  /** The signature expired or is invalid (after an error frame with 70001). */
  SIGNATURE: 4001,
  /** The session behind the login ended, or the login was refused. */
  REFUSED: 4003,
  /** No ping within HEARTBEAT_TIMEOUT_MS. */
  HEARTBEAT: 4008,
} as const;

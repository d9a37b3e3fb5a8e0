/**
 * The chat's rules as pure functions (spec sections 3, 5, 8, 9): what a message holds, when a
 * draft may be sent, what Enter does, when history shows 'see more' or 'No more history', how a
 * picture is sent and how text shows its links. No React, no socket: the widget and its store
 * call these, and the tests read them as the spec's sentences.
 */

import type { MessageElement, SharedProduct } from '@vitrine/contract';

export type { SharedProduct };
/** One part of a message's msg_content (text, image, or custom photo/video/audio/sharePro). */
export type ContentItem = MessageElement;
export type CustomKind = Extract<MessageElement, { type: 'custom' }>['content']['description'];

// The numbers below are the contract's CHAT_LIMITS, repeated because importing that module's
// values would bring zod into the browser's chat chunk; chat-rules.test.ts checks they agree.

/** The spec's page of history (get_message_record). */
export const HISTORY_PAGE = 15;
/** 'see more' shows once the conversation holds at least this many messages. */
export const SEE_MORE_FROM = 20;
/** History is fetched this long after the chat opens (spec section 9). */
export const HISTORY_DELAY_MS = 1000;
/** A picture under this size, or any GIF, is sent as it is. */
export const IMAGE_AS_IS_BYTES = 2 * 1024 * 1024;
/** Larger pictures are scaled down to fit this box. */
export const IMAGE_MAX_SIDE = 1500;
/** The video's poster: a frame at this second, this wide. */
export const POSTER_AT_SECONDS = 1;
export const POSTER_WIDTH = 500;
/** Shared products show their picture at this size. */
export const SHARE_PICTURE_PX = 60;

/**
 * The emoji panel's 44 entries (spec section 2). Faces and gestures first, as buyers use them
 * to greet and thank, then trade (box, ship, money) and toys.
 */
export const EMOJI = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😎',
  '🤔',
  '😅',
  '😉',
  '🙂',
  '😢',
  '😭',
  '😡',
  '😮',
  '😴',
  '🤝',
  '👍',
  '👎',
  '👌',
  '👏',
  '🙏',
  '💪',
  '✌️',
  '👋',
  '❤️',
  '💔',
  '🎉',
  '🎁',
  '🔥',
  '⭐',
  '✅',
  '❌',
  '❓',
  '💯',
  '📦',
  '🚢',
  '✈️',
  '💰',
  '📷',
  '🧸',
  '🚗',
  '🎈',
] as const;

/** What the composer's Enter does: send, insert a line break, or nothing of ours. */
export type KeyAction = 'send' | 'newline' | 'none';

/**
 * Enter sends and Ctrl+Enter inserts a line break (spec section 5). Shift+Enter also breaks the
 * line, as in every chat; an Enter that ends an IME composition (Chinese, Japanese, Korean
 * input) only confirms the characters.
 */
export function keyAction(e: {
  key: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
  isComposing?: boolean;
}): KeyAction {
  if (e.key !== 'Enter' || e.isComposing) return 'none';
  if (e.ctrlKey || e.metaKey) return 'newline';
  if (e.shiftKey) return 'none';
  return 'send';
}

/** Inserts a line break at the caret; answers the new text and caret. */
export function insertAt(text: string, start: number, end: number, insert: string) {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}

/** Why a draft may not be sent, or null when it may. */
export type DraftProblem = 'empty' | 'noTarget';

/** An empty message is refused; with no conversation target, 'no sender selected'. */
export function draftProblem(text: string, target: string | null | undefined): DraftProblem | null {
  if (!target) return 'noTarget';
  if (text.trim() === '') return 'empty';
  return null;
}

/** The line above the history: the 'see more' button, 'No more history', or nothing. */
export type HistoryHint = 'seeMore' | 'noMore' | 'none';

/**
 * 'No more history' once the server answered a short page; 'see more' while there may be more
 * and the conversation holds 20 or more messages (spec section 9); below 20, nothing.
 */
export function historyHint(count: number, complete: boolean): HistoryHint {
  if (complete) return count > 0 ? 'noMore' : 'none';
  return count >= SEE_MORE_FROM ? 'seeMore' : 'none';
}

/** How a picture is sent: as it is (under 2 MB, or any GIF) or scaled to fit 1500x1500. */
export function imagePlan(file: { size: number; type: string }): 'asIs' | 'compress' {
  if (file.type === 'image/gif' || file.size < IMAGE_AS_IS_BYTES) return 'asIs';
  return 'compress';
}

/** The size that fits w x h inside the box, never enlarged. */
export function fitInside(w: number, h: number, max = IMAGE_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / w, max / h);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

// Links in message text: shared with the console (web-core), which shows the same messages.
export { linkify, safeHref, type TextPiece } from '@vitrine/web-core/chat-text';

/**
 * The number a shared product shows, per the site's number_type: 1 toy number, 2 none,
 * 3 article number, otherwise the id.
 */
export function shareNumber(p: SharedProduct, numberType: number): string | null {
  // Staff share from the console, where every number is known; buyers from what their page showed.
  if (numberType === 1) return p.ToyNumber || null;
  if (numberType === 2) return null;
  if (numberType === 3) return p.ArticleNumber || null;
  return String(p.ToyId);
}

/** A one-line summary of a message, for the screen-reader announcement of a new one. */
export function summary(items: ContentItem[]): { key: 'text' | CustomKind | 'image'; text?: string } {
  const first = items[0];
  if (!first) return { key: 'text', text: '' };
  if (first.type === 'text') return { key: 'text', text: first.content };
  if (first.type === 'image') return { key: 'image' };
  return { key: first.content.description };
}

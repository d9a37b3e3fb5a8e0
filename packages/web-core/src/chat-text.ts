/**
 * Chat message text as pieces: words as they are, and http(s) links. Both apps render the
 * pieces as text nodes and <a rel="noopener noreferrer"> elements, never as HTML, so a message
 * cannot inject markup and no javascript: or data: address becomes a link.
 */

/** A piece of message text: words as they are, or a link that is safe to open. */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_LIKE = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Closing punctuation after a link belongs to the sentence, not the address. */
const TRAILING = /[.,;:!?)\]}'"»。，、！？）]+$/u;

/** The address only when it is http or https; anything else (javascript:, data:) is not a link. */
export function safeHref(raw: string): string | null {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits message text into words and links. The widget renders the pieces as text nodes and
 * <a> elements, never as HTML: message text cannot inject markup (spec, security rules).
 */
export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_LIKE)) {
    const start = m.index;
    let raw = m[0];
    const tail = TRAILING.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - tail.length);
    const href = raw ? safeHref(raw) : null;
    if (!href) continue;
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) });
    pieces.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

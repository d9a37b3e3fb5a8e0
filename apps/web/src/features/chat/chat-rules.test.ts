import { CHAT_LIMITS, type SharedProduct } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import {
  draftProblem,
  EMOJI,
  fitInside,
  HISTORY_DELAY_MS,
  HISTORY_PAGE,
  historyHint,
  IMAGE_AS_IS_BYTES,
  IMAGE_MAX_SIDE,
  imagePlan,
  insertAt,
  keyAction,
  linkify,
  POSTER_AT_SECONDS,
  POSTER_WIDTH,
  SEE_MORE_FROM,
  SHARE_PICTURE_PX,
  safeHref,
  shareNumber,
} from './chat-rules';

const key = (over: Partial<Parameters<typeof keyAction>[0]> = {}) =>
  keyAction({ key: 'Enter', ctrlKey: false, shiftKey: false, metaKey: false, ...over });

describe('the chat rules', () => {
  it('repeats the contract’s limits exactly', () => {
    expect(HISTORY_PAGE).toBe(CHAT_LIMITS.PAGE_SIZE);
    expect(SEE_MORE_FROM).toBe(CHAT_LIMITS.SEE_MORE_AT);
    expect(HISTORY_DELAY_MS).toBe(CHAT_LIMITS.HISTORY_DELAY_MS);
    expect(IMAGE_AS_IS_BYTES).toBe(CHAT_LIMITS.IMAGE_AS_IS_MAX_BYTES);
    expect(IMAGE_MAX_SIDE).toBe(CHAT_LIMITS.IMAGE_MAX_SIDE);
    expect(SHARE_PICTURE_PX).toBe(CHAT_LIMITS.SHARE_PICTURE_PX);
    expect(POSTER_AT_SECONDS).toBe(CHAT_LIMITS.VIDEO_SNAPSHOT_AT_S);
    expect(POSTER_WIDTH).toBe(CHAT_LIMITS.VIDEO_POSTER_WIDTH);
  });

  it('offers 44 different emoji', () => {
    expect(EMOJI).toHaveLength(CHAT_LIMITS.EMOJI_COUNT);
    expect(new Set(EMOJI).size).toBe(44);
  });

  it('sends on Enter and breaks the line on Ctrl+Enter', () => {
    expect(key()).toBe('send');
    expect(key({ ctrlKey: true })).toBe('newline');
    expect(key({ metaKey: true })).toBe('newline');
    expect(key({ shiftKey: true })).toBe('none');
    expect(key({ key: 'a' })).toBe('none');
  });

  it('lets Enter finish a Chinese or Japanese input composition without sending', () => {
    expect(key({ isComposing: true })).toBe('none');
  });

  it('inserts at the caret, replacing the selection', () => {
    expect(insertAt('hello world', 5, 6, '\n')).toEqual({ text: 'hello\nworld', caret: 6 });
  });

  it('refuses an empty message and a message without a target', () => {
    expect(draftProblem('   \n ', 'service-1')).toBe('empty');
    expect(draftProblem('hi', null)).toBe('noTarget');
    expect(draftProblem('hi', 'service-1')).toBeNull();
  });

  it("shows 'see more' from 20 messages while more remain, and 'No more history' when complete", () => {
    expect(historyHint(19, false)).toBe('none');
    expect(historyHint(20, false)).toBe('seeMore');
    expect(historyHint(3, true)).toBe('noMore');
    expect(historyHint(0, true)).toBe('none');
  });

  it('sends a picture under 2 MB or a GIF as it is, and scales larger ones into 1500x1500', () => {
    expect(imagePlan({ size: 2 * 1024 * 1024 - 1, type: 'image/jpeg' })).toBe('asIs');
    expect(imagePlan({ size: 9e6, type: 'image/gif' })).toBe('asIs');
    expect(imagePlan({ size: 2 * 1024 * 1024, type: 'image/png' })).toBe('compress');
    expect(fitInside(4000, 3000)).toEqual({ width: 1500, height: 1125 });
    expect(fitInside(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('makes links only of http and https addresses, keeping the sentence’s punctuation outside', () => {
    expect(linkify('see https://example.com/a?b=1. thanks')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. thanks' },
    ]);
    expect(linkify('www.toys.test')).toEqual([
      { kind: 'link', text: 'www.toys.test', href: 'https://www.toys.test/' },
    ]);
    expect(linkify('javascript:alert(1) <b>x</b>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <b>x</b>' },
    ]);
    expect(safeHref('data:text/html,hi')).toBeNull();
  });

  it('shows the shared product’s number per the site’s number_type', () => {
    const p: SharedProduct = {
      ToyId: 5,
      ToyName: 'Drone',
      Picture: '',
      Price: '',
      ToyNumber: 'ST-1',
      ArticleNumber: 'A-9',
    };
    expect(shareNumber(p, 1)).toBe('ST-1');
    expect(shareNumber(p, 2)).toBeNull();
    expect(shareNumber(p, 3)).toBe('A-9');
    expect(shareNumber(p, 0)).toBe('5');
  });
});

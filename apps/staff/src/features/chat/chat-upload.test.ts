import { CHAT_MEDIA } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { pictureProblem } from './chat-upload';

describe('a picture staff attach to a message', () => {
  it('is sent when it is a JPG, PNG, GIF or WebP within the size cap', () => {
    for (const type of CHAT_MEDIA.IMAGE_TYPES) expect(pictureProblem(new Blob(['x'], { type }))).toBeNull();
  });

  it('is refused before any upload when of another type or too large', () => {
    expect(pictureProblem(new Blob(['<html>'], { type: 'text/html' }))).toBe('type');
    expect(pictureProblem(new Blob(['x'], { type: 'video/mp4' }))).toBe('type');
    const large = new Blob([new Uint8Array(CHAT_MEDIA.IMAGE_MAX_BYTES + 1)], { type: 'image/png' });
    expect(pictureProblem(large)).toBe('tooLarge');
  });
});

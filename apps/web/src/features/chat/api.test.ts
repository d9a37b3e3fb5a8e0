import { describe, expect, it } from 'vitest';
import { chatMediaType } from './api';

describe('the type a chat file is uploaded as', () => {
  it("is the browser's own type when the chat takes it, without its parameters", () => {
    expect(chatMediaType('image/gif')).toBe('image/gif');
    expect(chatMediaType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(chatMediaType('video/quicktime')).toBe('video/quicktime');
  });

  it('reads the other names browsers give the same kinds of file', () => {
    expect(chatMediaType('audio/x-m4a')).toBe('audio/mp4');
    expect(chatMediaType('audio/x-wav')).toBe('audio/wav');
    expect(chatMediaType('audio/mp3')).toBe('audio/mpeg');
  });

  it('is none for a file the chat does not take', () => {
    expect(chatMediaType('text/html')).toBeNull();
    expect(chatMediaType('')).toBeNull();
    expect(chatMediaType('video/x-msvideo')).toBeNull();
  });
});

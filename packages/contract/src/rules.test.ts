import { describe, expect, it } from 'vitest';
import { cartonVolume, displayedNumber, isExpired } from './rules';

const live = { removed_time: null, stop_time: null, is_set_hide: 0, is_website_hide: 0 };

describe('product expiry by toy_type', () => {
  it('keeps a product with no signal live for every type', () => {
    for (const type of [1, 2, 3]) expect(isExpired(live, type)).toBe(false);
  });

  it('expires type 1 on removed_time or stop_time, not on hide flags', () => {
    expect(isExpired({ ...live, removed_time: 5 }, 1)).toBe(true);
    expect(isExpired({ ...live, stop_time: 5 }, 1)).toBe(true);
    expect(isExpired({ ...live, is_set_hide: 1, is_website_hide: 1 }, 1)).toBe(false);
  });

  it('expires type 2 on is_set_hide or removed_time, not on stop_time', () => {
    expect(isExpired({ ...live, is_set_hide: 1 }, 2)).toBe(true);
    expect(isExpired({ ...live, removed_time: 5 }, 2)).toBe(true);
    expect(isExpired({ ...live, stop_time: 5 }, 2)).toBe(false);
  });

  it('expires type 3 on a removed_time that is not the zero date, or is_website_hide', () => {
    expect(isExpired({ ...live, removed_time: 0 }, 3)).toBe(false);
    expect(isExpired({ ...live, removed_time: 5 }, 3)).toBe(true);
    expect(isExpired({ ...live, is_website_hide: 1 }, 3)).toBe(true);
    expect(isExpired({ ...live, is_set_hide: 1 }, 3)).toBe(false);
  });
});

describe('carton volume', () => {
  it('is length × width × height in cubic metres and cubic feet', () => {
    expect(cartonVolume(78, 45, 62)).toEqual({ cbm: 0.2176, cuft: 7.69 });
  });
});

describe('the displayed product number', () => {
  const p = { id: 42, toy_number: 'ST-1001', article_number: 'A1234' };
  it('follows number_type', () => {
    expect(displayedNumber(p, 1)).toBe('ST-1001');
    expect(displayedNumber(p, 2)).toBeNull();
    expect(displayedNumber(p, 3)).toBe('A1234');
    expect(displayedNumber(p, 0)).toBe('42');
    expect(displayedNumber(p, 9)).toBe('42');
  });
  it('falls back to the id when the chosen number is empty', () => {
    expect(displayedNumber({ ...p, article_number: '' }, 3)).toBe('42');
  });
});

import { describe, expect, it } from 'vitest';
import { periodDays, presetPeriod } from './period';

describe('the analytics period', () => {
  it('ends a preset today and counts today among its days', () => {
    expect(presetPeriod('last7', new Date(2026, 10, 27, 15))).toEqual({
      from: '2026-11-21',
      to: '2026-11-27',
    });
    expect(presetPeriod('last30', new Date(2026, 2, 1))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('refuses a period that runs backwards or is longer than the server takes', () => {
    expect(periodDays('2026-11-01', '2026-11-30')).toBe(30);
    expect(periodDays('2026-11-30', '2026-11-01')).toBeNull();
    expect(periodDays('2025-01-01', '2026-11-30')).toBeNull();
    expect(periodDays('', '2026-11-30')).toBeNull();
  });
});

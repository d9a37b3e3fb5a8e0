import { describe, expect, it } from 'vitest';
import { splitDeposit } from '@vitrine/contract';
import { lineTotalMinor, minorToMajorText, parseMajor } from './money';

describe('typed prices as minor units', () => {
  it('reads dollars and cents as cents without a float in between', () => {
    expect(parseMajor('12.34', 2)).toEqual({ ok: true, minor: 1234 });
    expect(parseMajor('0.1', 2)).toEqual({ ok: true, minor: 10 });
    expect(parseMajor('1,234.5', 2)).toEqual({ ok: true, minor: 123450 });
    expect(parseMajor('12,5', 2)).toEqual({ ok: true, minor: 1250 });
    expect(parseMajor(' 7 ', 2)).toEqual({ ok: true, minor: 700 });
  });

  it('reads yen as whole yen, and refuses a fraction of one', () => {
    expect(parseMajor('1250', 0)).toEqual({ ok: true, minor: 1250 });
    expect(parseMajor('1250.00', 0)).toEqual({ ok: true, minor: 1250 });
    expect(parseMajor('12.5', 0)).toEqual({ ok: false, reason: 'decimals' });
  });

  it('refuses more decimals than the currency has, letters, signs and nothing', () => {
    expect(parseMajor('1.234', 2)).toEqual({ ok: false, reason: 'decimals' });
    expect(parseMajor('abc', 2)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseMajor('-3', 2)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseMajor('', 2)).toEqual({ ok: false, reason: 'empty' });
    expect(parseMajor('99999999999999999', 2)).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('shows minor units back as the major units an input holds', () => {
    expect(minorToMajorText(1234, 2)).toBe('12.34');
    expect(minorToMajorText(5, 2)).toBe('0.05');
    expect(minorToMajorText(1250, 0)).toBe('1250');
    expect(parseMajor(minorToMajorText(1999, 2), 2)).toEqual({ ok: true, minor: 1999 });
  });

  it("multiplies, and splits with the contract's rule, in whole minor units that add up", () => {
    expect(lineTotalMinor(1234, 3)).toBe(3702);
    const { deposit, balance } = splitDeposit(10001, 30);
    expect(deposit).toBe(3000);
    expect(deposit + balance).toBe(10001);
    expect(splitDeposit(999, 50)).toEqual({ deposit: 500, balance: 499 });
  });
});

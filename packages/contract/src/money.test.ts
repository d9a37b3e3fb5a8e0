import { describe, expect, it } from 'vitest';
import { ORDER_CURRENCIES } from './constants';
import { CURRENCY_MINOR_UNITS, formatMinor, minorToDecimal, splitDeposit, toMinor } from './money';

describe('money in minor units', () => {
  it('knows the exponent of each of the 26 order currencies: JPY none, the others cents', () => {
    expect(Object.keys(CURRENCY_MINOR_UNITS).sort()).toEqual([...ORDER_CURRENCIES].sort());
    expect(ORDER_CURRENCIES.filter((c) => CURRENCY_MINOR_UNITS[c] === 0)).toEqual(['JPY']);
  });

  it('turns decimal amounts into minor units without float error, rounding half away from zero', () => {
    expect(toMinor(12.34, 'USD')).toBe(1234);
    expect(toMinor('1.005', 'USD')).toBe(101);
    expect(toMinor(1.005, 'USD')).toBe(101);
    expect(toMinor(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinor(1234.5, 'JPY')).toBe(1235);
    expect(toMinor('980', 'JPY')).toBe(980);
    expect(() => toMinor('12,34', 'USD')).toThrow(RangeError);
  });

  it('writes minor units back with the currency digits and formats them per locale', () => {
    expect(minorToDecimal(1234, 'USD')).toBe('12.34');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(1234, 'JPY')).toBe('1234');
    expect(formatMinor(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMinor(123456, 'JPY', 'en-US')).toBe('¥123,456');
  });

  it('splits a deposit so that deposit and balance add up to the amount exactly', () => {
    expect(splitDeposit(10_001, 30)).toEqual({ deposit: 3000, balance: 7001 });
    expect(splitDeposit(5, 50)).toEqual({ deposit: 3, balance: 2 });
    for (const amount of [0, 1, 99, 123_457, 9_999_999_999])
      for (const percent of [0, 1, 30, 33, 50, 99, 100]) {
        const { deposit, balance } = splitDeposit(amount, percent);
        expect(deposit + balance).toBe(amount);
        expect(Number.isInteger(deposit)).toBe(true);
      }
  });
});

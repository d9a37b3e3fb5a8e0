import { LANGUAGES } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { cbmToCuft, createFormat } from './format';
import { lang } from './test/lang';

const en = lang('en');
const de = lang('de');
const zh = lang('zh');
const ar = lang('ar');
const th = lang('th');

let current = en;
const { formatDate, formatMoney, formatNumber, formatVolume, localeOf } = createFormat(() => current);

// Intl puts narrow and right-to-left marks around some parts; compare the visible text.
const visible = (s: string) =>
  s
    .replace(/[\u200e\u200f\u061c\u202f\u00a0]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('localeOf', () => {
  it("uses the language's locale tag with the Gregorian calendar and Western digits", () => {
    expect(localeOf(en)).toBe('en-US-u-ca-gregory-nu-latn');
    expect(localeOf(ar)).toBe('ar-SA-u-ca-gregory-nu-latn');
  });

  it('is the tag Intl itself makes of each language with those two choices', () => {
    for (const language of LANGUAGES) {
      const made = new Intl.Locale(language.locale, { calendar: 'gregory', numberingSystem: 'latn' });
      expect(localeOf(language)).toBe(made.toString());
    }
  });
});

describe('the current language', () => {
  it('is read at each call unless the call names one', () => {
    current = de;
    try {
      expect(localeOf()).toBe('de-DE-u-ca-gregory-nu-latn');
      expect(formatNumber(1234.5)).toBe('1.234,5');
      expect(formatNumber(1234.5, { lang: en })).toBe('1,234.5');
      expect(formatMoney(5.24, 'USD', { lang: ar })).toContain('\u2066US$\u2069');
    } finally {
      current = en;
    }
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });
});

describe('formatNumber', () => {
  it('groups and separates per language', () => {
    expect(formatNumber(1234567.891, { lang: en })).toBe('1,234,567.891');
    expect(formatNumber(1234567.891, { lang: de })).toBe('1.234.567,891');
  });

  it('writes Arabic with Western digits', () => {
    expect(formatNumber(1234.5, { lang: ar })).toMatch(/^1[^0-9]234[^0-9]5$/);
  });

  it('takes numeric strings and respects the fraction digits asked for', () => {
    expect(formatNumber('12.5', { lang: en, minimumFractionDigits: 2 })).toBe('12.50');
    expect(formatNumber(1 / 3, { lang: en, maximumFractionDigits: 1 })).toBe('0.3');
  });

  it('gives empty text for no value and leaves other text alone', () => {
    expect(formatNumber(null, { lang: en })).toBe('');
    expect(formatNumber('', { lang: en })).toBe('');
    expect(formatNumber('n/a', { lang: en })).toBe('n/a');
  });
});

describe('formatMoney', () => {
  it('writes the currency per language', () => {
    expect(formatMoney(1234.5, 'USD', { lang: en })).toBe('$1,234.50');
    expect(visible(formatMoney(1234.5, 'EUR', { lang: de }))).toBe('1.234,50 €');
    expect(formatMoney(8, 'usd', { lang: en })).toBe('$8.00');
  });

  it('keeps a currency symbol in one piece in right-to-left text', () => {
    const text = formatMoney(5.24, 'USD', { lang: ar });
    expect(text).toContain('\u2066US$\u2069');
    expect(visible(text.replace(/[\u2066\u2069]/g, ''))).toBe('5.24 US$');
  });

  it('keeps a currency symbol that is not a code in front', () => {
    expect(formatMoney(3, '$', { lang: en })).toBe('$ 3.00');
    expect(formatMoney(3, '', { lang: en })).toBe('3.00');
  });
});

describe('formatVolume', () => {
  it('rounds cbm to 3 and cuft to 2 decimals, with the unit', () => {
    expect(formatVolume(0.12564, 'cbm', { lang: en })).toBe('0.126 cbm');
    expect(formatVolume(cbmToCuft(0.12564), 'cuft', { lang: en })).toBe('4.44 cuft');
    expect(formatVolume(1.5, 'cbm', { lang: de })).toBe('1,5 cbm');
    expect(formatVolume(undefined, 'cbm', { lang: en })).toBe('');
  });
});

describe('formatDate', () => {
  const march5 = new Date(2024, 2, 5, 14, 30);

  it('writes dates per language', () => {
    expect(formatDate(march5, { lang: en })).toBe('Mar 5, 2024');
    expect(formatDate(march5, { lang: zh })).toBe('2024年3月5日');
    expect(formatDate(march5, { lang: de })).toBe('05.03.2024');
  });

  it('uses Gregorian years in Thai', () => {
    expect(formatDate(march5, { lang: th })).toContain('2024');
  });

  it("reads the server's date strings as local time, and epoch seconds or milliseconds", () => {
    expect(formatDate('2024-03-05', { lang: en })).toBe('Mar 5, 2024');
    expect(formatDate('2024-03-05 14:30:00', { lang: en, withTime: true })).toMatch(/^Mar 5, 2024.*2:30/);
    expect(formatDate(march5.getTime(), { lang: en })).toBe('Mar 5, 2024');
    expect(formatDate(Math.floor(march5.getTime() / 1000), { lang: en })).toBe('Mar 5, 2024');
  });

  it('gives empty text for no date and leaves other text alone', () => {
    expect(formatDate(null, { lang: en })).toBe('');
    expect(formatDate('soon', { lang: en })).toBe('soon');
  });
});

import { languageByKey, type Language } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { createFormat } from './format';
import { formatMinorMoney } from './money';

const lang = (key: string): Language => {
  const l = languageByKey(key);
  if (!l) throw new Error(key);
  return l;
};
const format = createFormat(() => lang('en'));

describe('amounts in minor units', () => {
  it('write cents as dollars with two decimals', () => {
    expect(formatMinorMoney(format, 123456, 'USD')).toBe('$1,234.56');
    expect(formatMinorMoney(format, 5, 'USD')).toBe('$0.05');
  });

  it('write yen as they are, JPY having no minor unit', () => {
    expect(formatMinorMoney(format, 1234, 'JPY')).toBe('¥1,234');
  });

  it('follow the language asked for', () => {
    expect(formatMinorMoney(format, 123456, 'EUR', { lang: lang('de') })).toBe('1.234,56\u00a0€');
    expect(formatMinorMoney(format, 123456, 'USD', { lang: lang('zh') })).toBe('US$1,234.56');
  });

  it('keep the currency symbol of a right-to-left language in one piece', () => {
    expect(formatMinorMoney(format, 100, 'USD', { lang: lang('ar') })).toContain('\u2066');
  });

  it('name the offshore yuan by its code', () => {
    expect(formatMinorMoney(format, 100, 'CNH')).toContain('CNH');
  });
});

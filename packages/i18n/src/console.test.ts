import { describe, expect, it } from 'vitest';
import { type Language, languageByKey } from '@vitrine/contract';
import { CONSOLE_MESSAGES, consoleKeys, consoleTranslator } from './console';
import { lookup, placeholders } from './index';

const lang = (key: string): Language => {
  const l = languageByKey(key);
  if (!l) throw new Error(key);
  return l;
};

describe("the console's messages", () => {
  it('has every English key in Chinese, and no other', () => {
    expect(consoleKeys('zh')).toEqual(consoleKeys('en'));
  });

  it('keeps every placeholder of the English text in Chinese', () => {
    for (const key of consoleKeys('en')) {
      expect({ key, vars: placeholders(lookup(CONSOLE_MESSAGES.zh, key) ?? '') }).toEqual({
        key,
        vars: placeholders(lookup(CONSOLE_MESSAGES.en, key) ?? ''),
      });
    }
  });

  it('answers Chinese in Chinese, any other language in English, and shared tips in the language asked', () => {
    const zh = consoleTranslator(lang('zh'));
    const ar = consoleTranslator(lang('ar'));
    expect(zh('server.wrongLogin')).toBe('邮箱或密码错误');
    expect(ar('server.wrongLogin')).toBe('Wrong email or password');
    expect(ar('api.sessionInvalid')).not.toBe(consoleTranslator(lang('en'))('api.sessionInvalid'));
  });
});

import { LANGUAGES } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { ALL_MESSAGES } from './all';
import { keysOf, lookup, placeholders } from './index';

const english = ALL_MESSAGES.en;
const englishKeys = keysOf(english).sort();

describe.each(LANGUAGES.filter((l) => l.key !== 'en'))('the $label locale', (lang) => {
  const messages = ALL_MESSAGES[lang.key];

  it('has exactly the keys of English', () => {
    expect(keysOf(messages).sort()).toEqual(englishKeys);
  });

  it('keeps every placeholder of the English text', () => {
    for (const key of englishKeys) {
      expect({ key, vars: placeholders(lookup(messages, key) ?? '') }).toEqual({
        key,
        vars: placeholders(lookup(english, key) ?? ''),
      });
    }
  });

  it('is translated, not an English copy', () => {
    const same = englishKeys.filter((k) => lookup(messages, k) === lookup(english, k));
    // A few technical strings may legitimately read the same in some languages.
    expect(same.length).toBeLessThan(englishKeys.length / 5);
  });
});

/**
 * Fragments that continue another message or show an example, not messages of their own: they
 * keep their case.
 */
const FRAGMENTS = new Set(['validation.body', 'web.login.phonePlaceholder', 'web.imageSearch.drop']);

describe.each(LANGUAGES)('the $label locale, in sentence case', (lang) => {
  it('starts every message with a capital where its script has them', () => {
    const messages = ALL_MESSAGES[lang.key];
    const lowercase = keysOf(messages).filter((key) => {
      const first = (lookup(messages, key) ?? '').charAt(0);
      return !FRAGMENTS.has(key) && first !== first.toUpperCase();
    });
    expect(lowercase).toEqual([]);
  });
});

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

import { LANGUAGES } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { keysOf, lookup, placeholders } from './index';
import { loadOrderMessages } from './orders';

const english = await loadOrderMessages('en');
const englishKeys = keysOf(english).sort();

describe.each(LANGUAGES.filter((l) => l.key !== 'en'))('the $label order messages', async (lang) => {
  const messages = await loadOrderMessages(lang.key);

  it('have exactly the keys of English', () => {
    expect(keysOf(messages).sort()).toEqual(englishKeys);
  });

  it('keep every placeholder of the English text', () => {
    for (const key of englishKeys) {
      expect({ key, vars: placeholders(lookup(messages, key) ?? '') }).toEqual({
        key,
        vars: placeholders(lookup(english, key) ?? ''),
      });
    }
  });

  it('are translated, not an English copy', () => {
    const same = englishKeys.filter((k) => lookup(messages, k) === lookup(english, k));
    expect(same.length).toBeLessThan(englishKeys.length / 5);
  });
});

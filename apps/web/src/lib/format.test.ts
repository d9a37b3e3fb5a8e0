import '../test/dom';
import { languageByKey } from '@vitrine/contract';
import { expect, it } from 'vitest';
import { formatNumber } from './format';
import { setLanguage } from './i18n';
import * as storage from './storage';

// How each value is written is @vitrine/web-core's (format.test there); here, in which language.
it('formats in the stored choice until a locale is on screen, then in the language on screen', async () => {
  const [de, en] = [languageByKey('de'), languageByKey('en')];
  if (!de || !en) throw new Error('languages missing');
  storage.setLanguage(de);
  expect(formatNumber(1234.5)).toBe('1.234,5');
  await setLanguage(en);
  expect(formatNumber(1234.5)).toBe('1,234.5');
});

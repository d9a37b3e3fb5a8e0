import type { Language } from '@vitrine/contract';
import { loadMessages } from '@vitrine/i18n';
import { createAppI18n } from '@vitrine/web-core';
import { initReactI18next } from 'react-i18next';
import * as storage from './storage';

const app = createAppI18n({
  load: loadMessages,
  plugins: [initReactI18next],
  options: { react: { useSuspense: false } },
});

/** The app's i18next instance: one locale in memory at a time, loaded on demand. */
export const i18n = app.i18n;

/** The language on screen (undefined before the first locale has loaded). */
export const activeLanguage = app.activeLanguage;

/**
 * Shows the interface in `lang` (the last of overlapping calls wins); `remember` stores it as
 * the buyer's choice.
 */
export function setLanguage(lang: Language, { remember = false } = {}): Promise<void> {
  if (remember) storage.setLanguage(lang);
  return app.setLanguage(lang);
}

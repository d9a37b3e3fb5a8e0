import type { Language } from '@vitrine/contract';
import { loadMessages } from '@vitrine/i18n';
import { createAppI18n } from '@vitrine/web-core';
import { initReactI18next } from 'react-i18next';
import * as storage from './storage';

const app = createAppI18n({
  load: loadMessages,
  // The sixteen languages' later chunks are named in a chunk of their own, also loaded late.
  loadLate: (lang) => import('./late-messages').then((m) => m.loadLateMessages(lang)),
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

/**
 * Resolves once the messages of the later pages (the cart, the sample records, the company's
 * pages, the login link's question) are in, in the language on screen and the next ones: they
 * are not part of a first load (LATE_WEB_GROUPS).
 */
export const ensureLateMessages = app.ensureLate;

/** A later page's code, arriving together with the later messages it shows. */
export function withLateMessages<M>(page: Promise<M>): Promise<M> {
  return Promise.all([page, ensureLateMessages()]).then(([module]) => module);
}

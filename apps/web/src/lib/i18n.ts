import type { Language } from '@vitrine/contract';
import { loadMessages } from '@vitrine/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage } from './language';
import * as storage from './storage';

/** The app's i18next instance: one locale in memory at a time, loaded on demand. */
export const i18n = i18next.createInstance();
i18n.use(initReactI18next);

const NS = 'translation';

let active: Language | undefined;
let pending = 0;

/** The language on screen (undefined before the first locale has loaded). */
export function activeLanguage(): Language | undefined {
  return active;
}

/**
 * Shows the interface in `lang`: loads its locale (a chunk of its own), swaps it in and drops
 * the previous one, then updates <html lang/dir>. When calls overlap, the last one wins.
 * `remember` stores it as the buyer's choice.
 */
export async function setLanguage(lang: Language, { remember = false } = {}): Promise<void> {
  const ticket = ++pending;
  if (remember) storage.setLanguage(lang);
  const messages = active?.key === lang.key ? null : await loadMessages(lang.key);
  if (ticket !== pending) return;
  const previous = active;
  if (!i18n.isInitialized) {
    await i18n.init({
      lng: lang.key,
      resources: messages ? { [lang.key]: { [NS]: messages } } : {},
      fallbackLng: false,
      ns: [NS],
      defaultNS: NS,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    if (messages) i18n.addResourceBundle(lang.key, NS, messages, true, true);
    await i18n.changeLanguage(lang.key);
  }
  active = lang;
  if (previous && previous.key !== lang.key) i18n.removeResourceBundle(previous.key, NS);
  applyDocumentLanguage(lang);
}

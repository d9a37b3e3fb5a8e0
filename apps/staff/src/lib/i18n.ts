import { type LangKey, type Language, languageByKey } from '@vitrine/contract';
import { createAppI18n } from '@vitrine/web-core';
import { initReactI18next } from 'react-i18next';

/**
 * The console speaks Chinese and English (packages/i18n/console): Chinese by default, English
 * when the browser prefers it or the staff member switched to it (remembered). One language's
 * messages are loaded at a time, by web-core's i18n set-up.
 */
export type ConsoleLanguage = 'zh' | 'en';

const LANG_KEY = 'vitrine-staff:lang';

const loaders: Record<ConsoleLanguage, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import('@vitrine/i18n/console/zh.json'),
  en: () => import('@vitrine/i18n/console/en.json'),
};

const app = createAppI18n({
  load: async (key: LangKey) => (await loaders[key === 'en' ? 'en' : 'zh']()).default,
  plugins: [initReactI18next],
  options: { react: { useSuspense: false } },
});

export const i18n = app.i18n;
export const activeLanguage = app.activeLanguage;

export function preferredLanguage(): ConsoleLanguage {
  try {
    const stored = window.localStorage.getItem(LANG_KEY);
    if (stored === 'zh' || stored === 'en') return stored;
  } catch {
    // No storage: the browser decides.
  }
  const browser = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase();
  return browser.startsWith('en') ? 'en' : 'zh';
}

/** The contract's language for the console's: what the body's `lang` says. */
export const contractLanguage = (lang: ConsoleLanguage): Language => languageByKey(lang) as Language;

export async function setLanguage(lang: ConsoleLanguage, remember = false): Promise<void> {
  await app.setLanguage(contractLanguage(lang));
  if (remember) {
    try {
      window.localStorage.setItem(LANG_KEY, lang);
    } catch {
      // Not remembered; still switched.
    }
  }
}

export const currentLanguage = (): ConsoleLanguage => (activeLanguage()?.key === 'en' ? 'en' : 'zh');

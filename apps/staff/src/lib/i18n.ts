import { type Language, languageByKey } from '@vitrine/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The console speaks Chinese and English (packages/i18n/console): Chinese by default, English
 * when the browser prefers it or the staff member switched to it (remembered). One language's
 * messages are loaded at a time.
 */
export type ConsoleLanguage = 'zh' | 'en';

const LANG_KEY = 'vitrine-staff:lang';

const loaders: Record<ConsoleLanguage, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import('@vitrine/i18n/console/zh.json'),
  en: () => import('@vitrine/i18n/console/en.json'),
};

export const i18n = i18next.createInstance();
i18n.use(initReactI18next);

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

export async function setLanguage(lang: ConsoleLanguage, remember = false): Promise<void> {
  const messages = (await loaders[lang]()).default;
  if (!i18n.isInitialized) {
    await i18n.init({
      lng: lang,
      resources: { [lang]: { translation: messages } },
      fallbackLng: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    if (!i18n.hasResourceBundle(lang, 'translation')) i18n.addResourceBundle(lang, 'translation', messages);
    await i18n.changeLanguage(lang);
  }
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  if (remember) {
    try {
      window.localStorage.setItem(LANG_KEY, lang);
    } catch {
      // Not remembered; still switched.
    }
  }
}

export const currentLanguage = (): ConsoleLanguage => (i18n.language === 'en' ? 'en' : 'zh');

/** The contract's language for the console's: what the body's `lang` says. */
export const contractLanguage = (lang: ConsoleLanguage = currentLanguage()): Language =>
  languageByKey(lang) as Language;

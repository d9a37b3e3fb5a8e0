import type { LangKey, Language } from '@vitrine/contract';
import i18next, { type i18n as I18n, type InitOptions, type Module, type ResourceKey } from 'i18next';
import { applyDocumentLanguage } from './language';

export interface AppI18nConfig {
  /** The messages of one language, loaded on demand (a chunk of its own per language). */
  load(lang: LangKey): Promise<ResourceKey>;
  /** i18next plugins, such as react-i18next's initReactI18next. */
  plugins?: readonly Module[];
  /** More of i18next's options (react-i18next's `react` among them). */
  options?: InitOptions;
  /** Puts the language on the page once it is on screen; defaults to <html lang dir>. */
  apply?(lang: Language): void;
}

export interface AppI18n {
  /** The app's i18next instance (for I18nextProvider and t() outside React). */
  i18n: I18n;
  /** The language on screen (undefined before the first locale has loaded). */
  activeLanguage(): Language | undefined;
  /**
   * Shows the interface in `lang`: loads its messages, swaps them in and drops the previous
   * language's, then applies it to the page. When calls overlap, the last one wins.
   */
  setLanguage(lang: Language): Promise<void>;
}

const NS = 'translation';

/**
 * An i18next instance with one locale in memory at a time: sixteen languages' messages would
 * otherwise all download and stay. Each app passes its own loader, so the staff console loads
 * its own messages.
 */
export function createAppI18n({
  load,
  plugins = [],
  options = {},
  apply = (lang) => applyDocumentLanguage(lang),
}: AppI18nConfig): AppI18n {
  const i18n = i18next.createInstance();
  for (const plugin of plugins) i18n.use(plugin);

  let active: Language | undefined;
  let pending = 0;

  async function setLanguage(lang: Language): Promise<void> {
    const ticket = ++pending;
    const messages = active?.key === lang.key ? null : await load(lang.key);
    if (ticket !== pending) return;
    const previous = active;
    if (!i18n.isInitialized) {
      await i18n.init({
        ...options,
        lng: lang.key,
        resources: messages ? { [lang.key]: { [NS]: messages } } : {},
        fallbackLng: false,
        ns: [NS],
        defaultNS: NS,
        interpolation: { escapeValue: false },
      });
    } else {
      if (messages) i18n.addResourceBundle(lang.key, NS, messages, true, true);
      // Active before i18next tells its listeners: a screen re-rendered by the change asks the
      // server in the language it now shows, not the one it left.
      active = lang;
      await i18n.changeLanguage(lang.key);
    }
    active = lang;
    if (previous && previous.key !== lang.key) i18n.removeResourceBundle(previous.key, NS);
    apply(lang);
  }

  return { i18n, activeLanguage: () => active, setLanguage };
}

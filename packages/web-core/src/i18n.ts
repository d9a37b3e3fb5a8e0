import type { LangKey, Language } from '@vitrine/contract';
import i18next, { type i18n as I18n, type InitOptions, type Module, type ResourceKey } from 'i18next';
import { applyDocumentLanguage } from './language';

export interface AppI18nConfig {
  /** The messages of one language, loaded on demand (a chunk of its own per language). */
  load(lang: LangKey): Promise<ResourceKey>;
  /**
   * The messages only later pages show, in a chunk of their own per language (not part of a
   * first load); merged into the language's messages once a page asks for them (ensureLate).
   */
  loadLate?(lang: LangKey): Promise<ResourceKey>;
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
  /**
   * Resolves once the later pages' messages (loadLate) of the language on screen are in, and
   * keeps them in through language changes from then on.
   */
  ensureLate(): Promise<void>;
}

const NS = 'translation';

/**
 * An i18next instance with one locale in memory at a time: sixteen languages' messages would
 * otherwise all download and stay. Each app passes its own loader, so the staff console loads
 * its own messages.
 */
export function createAppI18n({
  load,
  loadLate,
  plugins = [],
  options = {},
  apply = (lang) => applyDocumentLanguage(lang),
}: AppI18nConfig): AppI18n {
  const i18n = i18next.createInstance();
  for (const plugin of plugins) i18n.use(plugin);

  let active: Language | undefined;
  let pending = 0;
  /** Whether a page has asked for the later messages, and the language they are merged in for. */
  let lateWanted = false;
  let lateIn: LangKey | undefined;
  let firstApplied: () => void = () => undefined;
  const applied = new Promise<void>((resolve) => (firstApplied = resolve));

  /** A language's messages, with the later pages' ones merged in once any page wanted them. */
  async function loadAll(key: LangKey): Promise<{ messages: ResourceKey; withLate: boolean }> {
    if (!lateWanted || !loadLate) return { messages: await load(key), withLate: false };
    const [main, late] = await Promise.all([load(key), loadLate(key)]);
    return { messages: mergeDeep(main, late), withLate: true };
  }

  async function setLanguage(lang: Language): Promise<void> {
    const ticket = ++pending;
    const loaded = active?.key === lang.key ? null : await loadAll(lang.key);
    const messages = loaded?.messages ?? null;
    if (ticket !== pending) return;
    if (loaded) lateIn = loaded.withLate ? lang.key : undefined;
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
    firstApplied();
  }

  async function ensureLate(): Promise<void> {
    if (!loadLate) return;
    lateWanted = true;
    if (!active) await applied;
    const lang = active;
    if (!lang || lateIn === lang.key) return;
    const late = await loadLate(lang.key);
    // The language changed meanwhile: its own load took the later messages (lateWanted), or will.
    if (active?.key !== lang.key) return ensureLate();
    i18n.addResourceBundle(lang.key, NS, late, true, true);
    lateIn = lang.key;
  }

  return { i18n, activeLanguage: () => active, setLanguage, ensureLate };
}

/** `late` laid over `base`, object by object (a locale's groups and their sub-groups). */
function mergeDeep(base: ResourceKey, late: ResourceKey): ResourceKey {
  if (typeof base !== 'object' || typeof late !== 'object' || base === null || late === null) return late;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(late as Record<string, unknown>)) {
    const under = out[key];
    out[key] =
      typeof under === 'object' && under !== null && typeof value === 'object' && value !== null
        ? mergeDeep(under as ResourceKey, value as ResourceKey)
        : value;
  }
  return out as ResourceKey;
}

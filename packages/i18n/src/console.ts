import type { Language } from '@vitrine/contract';
import type consoleEn from '../console/en.json';
import en from '../console/en.json';
import zh from '../console/zh.json';
import { translator } from './all';
import { interpolate, keysOf, lookup, type MessageKey, type Vars } from './index';

/**
 * The exporter's console speaks Chinese and English (its staff work in Chinese); any other
 * language falls back to English. Its messages live apart from the buyers' 16 locales, so the
 * buyer app never downloads them and the buyers' completeness rule does not apply to them.
 */
export type ConsoleMessages = typeof consoleEn;

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = T extends string
  ? never
  : { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];
export type ConsoleKey = Paths<ConsoleMessages>;

export const CONSOLE_MESSAGES = { en, zh } as const;
export type ConsoleLang = keyof typeof CONSOLE_MESSAGES;

/** The console's language for a language of the 16: Chinese stays Chinese, everything else is English. */
export const consoleLang = (lang: Language): ConsoleLang => (lang.key === 'zh' ? 'zh' : 'en');

/** Tips of staff calls: the console's messages, then the shared tips (api.*, validation.*). */
export type StaffTranslate = (key: ConsoleKey | MessageKey, vars?: Vars) => string;

export function consoleTranslator(lang: Language): StaffTranslate {
  const messages = CONSOLE_MESSAGES[consoleLang(lang)];
  const shared = translator(lang);
  return (key, vars) => {
    const own = lookup(messages, key) ?? lookup(CONSOLE_MESSAGES.en, key);
    return own === undefined ? shared(key as MessageKey, vars) : interpolate(own, vars);
  };
}

export const consoleKeys = (lang: ConsoleLang): string[] => keysOf(CONSOLE_MESSAGES[lang]).sort();

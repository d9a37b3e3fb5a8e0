import { DEFAULT_LANGUAGE, type Language, languageByCode, LANGUAGES } from '@vitrine/contract';
import * as storage from './storage';

/*
 * Which language to show and putting it on the page, without i18next: the head script
 * (app/boot.ts) runs this before the app's code has downloaded.
 */

/** Browser language tags that name one of our languages under another spelling. */
const ALIASES: Record<string, Language['key']> = { iw: 'he', in: 'id', tl: 'fil' };

/** The first of the browser's preferred languages that the showroom speaks. */
export function browserLanguage(
  tags: readonly string[] = navigator.languages ?? [navigator.language],
): Language | undefined {
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (!tag) continue;
    const primary = tag.split('-')[0] ?? '';
    const key = ALIASES[primary] ?? primary;
    const found =
      LANGUAGES.find((l) => l.locale.toLowerCase() === tag) ?? LANGUAGES.find((l) => l.key === key);
    if (found) return found;
  }
  return undefined;
}

/** The language to show: the stored choice, else the website's default, else the browser's, else English. */
export function resolveLanguage(websiteDefaultLang?: number | null): Language {
  return storage.getLanguage() ?? languageByCode(websiteDefaultLang) ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

/** Puts the language on the page: <html lang> and dir (right-to-left for Arabic and Hebrew). */
export function applyDocumentLanguage(lang: Language, root: HTMLElement = document.documentElement): void {
  root.lang = lang.htmlLang;
  root.dir = lang.rtl ? 'rtl' : 'ltr';
}

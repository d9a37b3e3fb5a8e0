import { type Language, LANGUAGES } from '@vitrine/contract';

/*
 * Finding the browser's language and putting one on the page, without i18next: the buyer app's
 * head script runs these before the app's code has downloaded.
 */

/** Browser language tags that name one of our languages under another spelling. */
const ALIASES: Record<string, Language['key']> = { iw: 'he', in: 'id', tl: 'fil' };

/** The first of the browser's preferred languages that the apps speak. */
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

/** Puts the language on the page: <html lang> and dir (right-to-left for Arabic and Hebrew). */
export function applyDocumentLanguage(lang: Language, root: HTMLElement = document.documentElement): void {
  root.lang = lang.htmlLang;
  root.dir = lang.rtl ? 'rtl' : 'ltr';
}

import { DEFAULT_LANGUAGE, type Language, languageByCode } from '@vitrine/contract';
import { browserLanguage } from '@vitrine/web-core/language';
import * as storage from './storage';

/*
 * Which language to show, without i18next: the head script (boot/) runs this before the app's
 * code has downloaded.
 */

/** The language to show: the stored choice, else the website's default, else the browser's, else English. */
export function resolveLanguage(websiteDefaultLang?: number | null): Language {
  return storage.getLanguage() ?? languageByCode(websiteDefaultLang) ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

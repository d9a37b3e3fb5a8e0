import { DEFAULT_LANGUAGE, type LangKey, type Language } from '@vitrine/contract';
import ar from '../locales/ar.json';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fil from '../locales/fil.json';
import fr from '../locales/fr.json';
import he from '../locales/he.json';
import id from '../locales/id.json';
import ja from '../locales/ja.json';
import ko from '../locales/ko.json';
import pl from '../locales/pl.json';
import pt from '../locales/pt.json';
import ru from '../locales/ru.json';
import th from '../locales/th.json';
import vi from '../locales/vi.json';
import zh from '../locales/zh.json';
import { interpolate, lookup, type MessageKey, type Messages, type Vars } from './index';

/** All 16 locales, loaded at once: for the server and for tests. */
export const ALL_MESSAGES: Record<LangKey, Messages> = {
  zh,
  en,
  es,
  ru,
  ar,
  he,
  pl,
  fr,
  id,
  ja,
  ko,
  th,
  pt,
  vi,
  fil,
  de,
};

export type Translate = (key: MessageKey, vars?: Vars) => string;

/** A translator for one language, falling back to English for a missing key. */
export function translator(lang: Language = DEFAULT_LANGUAGE): Translate {
  const messages = ALL_MESSAGES[lang.key];
  return (key, vars) => interpolate(lookup(messages, key) ?? lookup(ALL_MESSAGES.en, key) ?? key, vars);
}

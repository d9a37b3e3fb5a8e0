import { type Language, languageByKey } from '@vitrine/contract';

/** The language of a key, for tests: an unknown key fails the test at once. */
export function lang(key: string): Language {
  const l = languageByKey(key);
  if (!l) throw new Error(`no language ${key}`);
  return l;
}

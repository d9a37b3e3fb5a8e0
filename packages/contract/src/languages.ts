/**
 * The 16 languages of the showroom, by the index the specification gives them.
 * `suffix` is the column suffix of multilingual product fields (name, name_en, …);
 * Chinese is the base column with no suffix. `code` is the 8-digit lang code the
 * client sends in the body: 11201000 + index + 1.
 */
export const LANGUAGES = [
  { index: 0, key: 'zh', locale: 'zh-CN', htmlLang: 'zh-CN', suffix: '', label: '中文', rtl: false },
  { index: 1, key: 'en', locale: 'en-US', htmlLang: 'en', suffix: '_en', label: 'English', rtl: false },
  { index: 2, key: 'es', locale: 'es-ES', htmlLang: 'es', suffix: '_es', label: 'Español', rtl: false },
  { index: 3, key: 'ru', locale: 'ru-RU', htmlLang: 'ru', suffix: '_ru', label: 'Русский', rtl: false },
  { index: 4, key: 'ar', locale: 'ar-SA', htmlLang: 'ar', suffix: '_ar', label: 'العربية', rtl: true },
  { index: 5, key: 'he', locale: 'he-HE', htmlLang: 'he', suffix: '_he', label: 'עברית', rtl: true },
  { index: 6, key: 'pl', locale: 'pl-PL', htmlLang: 'pl', suffix: '_pl', label: 'Polski', rtl: false },
  { index: 7, key: 'fr', locale: 'fr-FR', htmlLang: 'fr', suffix: '_fr', label: 'Français', rtl: false },
  {
    index: 8,
    key: 'id',
    locale: 'id-ID',
    htmlLang: 'id',
    suffix: '_bid',
    label: 'Bahasa Indonesia',
    rtl: false,
  },
  { index: 9, key: 'ja', locale: 'ja-JP', htmlLang: 'ja', suffix: '_ja', label: '日本語', rtl: false },
  { index: 10, key: 'ko', locale: 'ko-KR', htmlLang: 'ko', suffix: '_ko', label: '한국어', rtl: false },
  { index: 11, key: 'th', locale: 'th-TH', htmlLang: 'th', suffix: '_th', label: 'ไทย', rtl: false },
  { index: 12, key: 'pt', locale: 'pt-BR', htmlLang: 'pt', suffix: '_pt', label: 'Português', rtl: false },
  { index: 13, key: 'vi', locale: 'vi-VN', htmlLang: 'vi', suffix: '_vi', label: 'Tiếng Việt', rtl: false },
  { index: 14, key: 'fil', locale: 'fil-PH', htmlLang: 'fil', suffix: '_fil', label: 'Filipino', rtl: false },
  { index: 15, key: 'de', locale: 'de-DE', htmlLang: 'de', suffix: '_de', label: 'Deutsch', rtl: false },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LangKey = Language['key'];
export type LangSuffix = Language['suffix'];

export const LANG_KEYS = LANGUAGES.map((l) => l.key) as unknown as readonly [LangKey, ...LangKey[]];

/** Text in every language, keyed by LangKey. */
export type Text16 = Record<LangKey, string>;

const LANG_CODE_BASE = 11201000;
export const langCodeOf = (lang: Language): number => LANG_CODE_BASE + lang.index + 1;
export const MIN_LANG_CODE = LANG_CODE_BASE + 1;
export const MAX_LANG_CODE = LANG_CODE_BASE + LANGUAGES.length;

export const DEFAULT_LANGUAGE: Language = LANGUAGES[1];

export function languageByCode(code: number | string | undefined | null): Language | undefined {
  const n = typeof code === 'string' ? Number(code) : code;
  if (typeof n !== 'number' || !Number.isInteger(n)) return undefined;
  return LANGUAGES[n - LANG_CODE_BASE - 1];
}

export function languageByKey(key: string | undefined | null): Language | undefined {
  return LANGUAGES.find((l) => l.key === key);
}

/** The spec's "English mode": every language but Chinese shows English-side names. */
export const isEnglishMode = (lang: Language): boolean => lang.index !== 0;

/**
 * The languages an exporter's own text (news, about us, privacy notice) is looked for in, after
 * the one asked for: English, then Chinese, then any other it is written in, in the order above
 * (decision 0048). The buyer app says so when the text shown is not in the language asked for.
 */
export const TEXT_FALLBACK: readonly LangKey[] = ['en', 'zh'];

/** The language to show an exporter's text in, of those it is written in; undefined when none. */
export function pickWrittenLanguage<K extends string>(
  written: readonly K[],
  requested: LangKey,
): K | undefined {
  const has = (key: string) => written.find((w) => w === key);
  for (const key of [requested, ...TEXT_FALLBACK]) {
    const found = has(key);
    if (found !== undefined) return found;
  }
  for (const l of LANGUAGES) {
    const found = has(l.key);
    if (found !== undefined) return found;
  }
  return written[0];
}

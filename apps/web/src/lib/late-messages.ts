import type { LangKey } from '@vitrine/contract';
import type { ResourceKey } from 'i18next';

/**
 * The later pages' messages of each language (LATE_WEB_GROUPS of @vitrine/i18n), a chunk of
 * their own per language: the build's locale plugin answers `<lang>.json?late` with those
 * groups only and leaves them out of `<lang>.json` (vite.config.ts). Tests, which run without
 * that plugin, get the whole locale here, which merges to the same messages.
 */
const LATE: Record<LangKey, () => Promise<{ default: ResourceKey }>> = {
  zh: () => import('@vitrine/i18n/locales/zh.json?late'),
  en: () => import('@vitrine/i18n/locales/en.json?late'),
  es: () => import('@vitrine/i18n/locales/es.json?late'),
  ru: () => import('@vitrine/i18n/locales/ru.json?late'),
  ar: () => import('@vitrine/i18n/locales/ar.json?late'),
  he: () => import('@vitrine/i18n/locales/he.json?late'),
  pl: () => import('@vitrine/i18n/locales/pl.json?late'),
  fr: () => import('@vitrine/i18n/locales/fr.json?late'),
  id: () => import('@vitrine/i18n/locales/id.json?late'),
  ja: () => import('@vitrine/i18n/locales/ja.json?late'),
  ko: () => import('@vitrine/i18n/locales/ko.json?late'),
  th: () => import('@vitrine/i18n/locales/th.json?late'),
  pt: () => import('@vitrine/i18n/locales/pt.json?late'),
  vi: () => import('@vitrine/i18n/locales/vi.json?late'),
  fil: () => import('@vitrine/i18n/locales/fil.json?late'),
  de: () => import('@vitrine/i18n/locales/de.json?late'),
};

export function loadLateMessages(lang: LangKey): Promise<ResourceKey> {
  return LATE[lang]().then((m) => m.default);
}

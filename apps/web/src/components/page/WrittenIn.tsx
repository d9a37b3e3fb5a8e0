import { languageByKey } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/layout/useShowroom';
import classes from './page.module.css';

/**
 * The attributes of an exporter's text written in `lang` (a language key; empty when written for
 * every language): its language and direction, so that a screen reader reads English as English
 * and an English text on a Hebrew page runs left to right.
 */
export function writtenIn(lang: string): { lang?: string; dir?: 'ltr' | 'rtl' } {
  const l = languageByKey(lang);
  return l ? { lang: l.htmlLang, dir: l.rtl ? 'rtl' : 'ltr' } : {};
}

/**
 * "Shown in English": said when an exporter's text (news, about us) is shown in another language
 * than the interface's, because the exporter did not write it in the buyer's (decision 0048).
 * Nothing when it is in the buyer's language, or written for every language.
 */
export function ShownInNote({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const written = languageByKey(lang);
  if (!written || written.key === current.key) return null;
  let name: string = written.label;
  try {
    // The language's name in the interface's language ("אנגלית" on a Hebrew page).
    name = new Intl.DisplayNames([current.htmlLang], { type: 'language' }).of(written.htmlLang) ?? name;
  } catch {
    // A browser without the language's names: its own name for itself, as the language list shows it.
  }
  return <p className={classes.shownIn}>{t('web.content.shownIn', { language: name })}</p>;
}

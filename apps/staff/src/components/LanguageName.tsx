import { languageByKey } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';

/**
 * A buyer's language by its own name (English, العربية: what the buyer picked in the
 * showroom), marked with its language and direction; the name in the console's language is the
 * tooltip. An unknown key shows as given.
 */
export function LanguageName({ lang }: { lang: string }) {
  const { i18n } = useTranslation();
  const language = languageByKey(lang);
  if (!language) return <>{lang}</>;
  let inConsole: string | undefined;
  try {
    inConsole = new Intl.DisplayNames([i18n.language === 'en' ? 'en' : 'zh-CN'], { type: 'language' }).of(
      language.key,
    );
  } catch {
    inConsole = undefined;
  }
  return (
    <span
      lang={language.htmlLang}
      dir={language.rtl ? 'rtl' : 'ltr'}
      title={inConsole && inConsole !== language.label ? inConsole : undefined}
    >
      {language.label}
    </span>
  );
}

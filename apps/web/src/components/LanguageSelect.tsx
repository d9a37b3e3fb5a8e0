import { languageByKey, LANGUAGES } from '@vitrine/contract';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n';
import classes from './LanguageSelect.module.css';
import { SelectField } from './SelectField';

function GlobeIcon() {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </svg>
  );
}

interface LanguageSelectProps {
  /**
   * 'onColor' (default): a light field for coloured backdrops (login, header bars in the theme
   * colour); 'plain': a bordered field with the theme's focus ring, for white headers and drawers.
   */
  tone?: 'onColor' | 'plain';
  /** Fills the width of its container (phone drawer). */
  fullWidth?: boolean;
}

/**
 * The 16 languages, each named in itself. Choosing one switches text and direction at once
 * and remembers the choice. A native select: keyboard, screen readers and phones handle it well.
 */
export function LanguageSelect({ tone = 'onColor', fullWidth = false }: LanguageSelectProps = {}) {
  const { t, i18n } = useTranslation();
  // The choice shows at once, even while its locale is still loading.
  const [choice, setChoice] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const lang = languageByKey(event.currentTarget.value);
    if (!lang) return;
    setChoice(lang.key);
    void setLanguage(lang, { remember: true }).finally(() => setChoice(null));
  };

  return (
    <SelectField
      aria-label={t('web.language')}
      value={choice ?? i18n.language}
      onChange={onChange}
      leftSection={<GlobeIcon />}
      inputClassName={tone === 'plain' ? classes.plainInput : classes.input}
      className={fullWidth ? classes.fullWidth : undefined}
      round
    >
      {LANGUAGES.map((l) => (
        <option key={l.key} value={l.key} lang={l.htmlLang} dir={l.rtl ? 'rtl' : 'ltr'}>
          {l.label}
        </option>
      ))}
    </SelectField>
  );
}

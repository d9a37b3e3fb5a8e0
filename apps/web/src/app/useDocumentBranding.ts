import { DEFAULT_LANGUAGE, languageByKey, type WebsiteInfo } from '@vitrine/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { companyName } from '../lib/company';

const DEFAULT_ICON = '/pc/favicon.svg';

/** The tab shows the company: its name as the title (English name in English mode), its logo as the icon. */
export function useDocumentBranding(site: WebsiteInfo | null, fallbackTitle: string | null = null) {
  const { i18n } = useTranslation();
  const lang = languageByKey(i18n.language) ?? DEFAULT_LANGUAGE;
  const title = fallbackTitle ?? (site ? companyName(site, lang) : null);
  const icon = (!fallbackTitle && site?.company_logo) || DEFAULT_ICON;

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.removeAttribute('type');
    link.href = icon;
  }, [icon]);
}

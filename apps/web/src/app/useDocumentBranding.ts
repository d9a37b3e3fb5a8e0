import { DEFAULT_LANGUAGE, languageByKey, type WebsiteInfo } from '@vitrine/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { logoSources } from '../components/CompanyLogo';
import { companyName } from '../lib/company';

const DEFAULT_ICON = '/pc/favicon.svg';

/**
 * The tab shows the company: its name as the title (English name in English mode), its logo as
 * the icon. `navigationKey` (the location's key) puts them back after each navigation, should a
 * page have changed them.
 */
export function useDocumentBranding(
  site: WebsiteInfo | null,
  fallbackTitle: string | null = null,
  navigationKey?: string,
) {
  const { i18n } = useTranslation();
  const lang = languageByKey(i18n.language) ?? DEFAULT_LANGUAGE;
  const title = fallbackTitle ?? (site ? companyName(site, lang) : null);
  // The logo's small width, which the header's logo has already fetched.
  const icon = (!fallbackTitle && logoSources(site?.company_logo)[0]) || DEFAULT_ICON;

  useEffect(() => {
    if (title) document.title = title;
  }, [title, navigationKey]);

  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.removeAttribute('type');
    if (link.getAttribute('href') !== icon) link.href = icon;
  }, [icon, navigationKey]);
}

import type { WebsiteInfo } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { companyName } from '../../lib/company';
import { useLanguage } from './useShowroom';
import classes from './WelcomeBanner.module.css';

/** The optional welcome banner on /home (is_default_banner 1), in the theme colour. */
export function WelcomeBanner({ site }: { site: WebsiteInfo }) {
  const { t } = useTranslation();
  const name = companyName(site, useLanguage());
  return (
    <section className={classes.banner} aria-label={t('web.home.welcomeBanner')} data-testid="welcome-banner">
      <div className={classes.inner}>
        <p className={classes.kicker}>{t('web.home.welcomeBanner')}</p>
        <p className={classes.title} dir="auto">
          {name}
        </p>
        <p className={classes.text}>{t('web.home.welcomeText')}</p>
      </div>
      <svg className={classes.art} aria-hidden="true" viewBox="0 0 240 160" fill="none">
        <rect x="18" y="70" width="64" height="64" rx="10" fill="currentColor" opacity="0.22" />
        <path d="M18 92h64M50 70v64" stroke="currentColor" strokeWidth="4" opacity="0.35" />
        <circle cx="138" cy="104" r="30" fill="currentColor" opacity="0.18" />
        <path d="M138 74a30 30 0 0 1 0 60M108 104h60" stroke="currentColor" strokeWidth="4" opacity="0.32" />
        <path d="M184 134l22-58 22 58z" fill="currentColor" opacity="0.2" />
        <circle cx="206" cy="38" r="10" fill="currentColor" opacity="0.3" />
        <circle cx="96" cy="30" r="6" fill="currentColor" opacity="0.3" />
      </svg>
    </section>
  );
}

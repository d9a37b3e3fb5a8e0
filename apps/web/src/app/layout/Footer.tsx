import type { SessionUser, WebsiteInfo } from '@vitrine/contract';
import { type ComponentType, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompanyLogo } from '../../components/CompanyLogo';
import { companyName, initialsOf } from '../../lib/company';
import { PATHS } from '../../lib/paths';
import { templateStyleOf } from '../../lib/theme';
import { useNearViewport } from '../../lib/useNearViewport';
import classes from './Footer.module.css';
import { navItems } from './nav-items';
import { useLanguage } from './useShowroom';

type ContactDetailsProps = { site: WebsiteInfo; titleId: string };

/** How near the viewport the footer must come before its contact details are fetched. */
const NEAR = '600px';

/**
 * The contact details, with their code and their contact_us call, once the footer comes near
 * the viewport: on most pages it starts far below the first screen, and neither belongs in the
 * first load. Until then (and if the code fails to arrive) the rest of the footer stands alone.
 */
function ContactColumn(props: ContactDetailsProps) {
  const [slot, near] = useNearViewport<HTMLDivElement>(NEAR);
  const [details, setDetails] = useState<{ Component: ComponentType<ContactDetailsProps> } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!near) return;
    let live = true;
    import('./FooterContacts').then(
      (m) => live && setDetails({ Component: m.default }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [near]);

  if (failed) return null;
  if (details) return <details.Component {...props} />;
  // Keeps the column's place, so nothing moves when the details arrive.
  return <div ref={slot} className={`${classes.column} ${classes.contactSlot}`} aria-hidden="true" />;
}

/**
 * The page footer: logo and company name, the same links as the tabs, and, when the contact
 * function is on, the company's contact details. Looks follow template_style (data-style).
 */
export function Footer({ site, user }: { site: WebsiteInfo; user: SessionUser | null }) {
  const { t } = useTranslation();
  const style = templateStyleOf(site.template_style);
  const name = companyName(site, useLanguage());
  const items = navItems(site, user);
  const contactTitleId = useId();
  const navTitleId = useId();
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer} data-style={style}>
      <div className={classes.inner}>
        <div className={classes.brand}>
          <CompanyLogo src={site.company_logo} initials={initialsOf(name)} className={classes.logo} />
          <p className={classes.name} dir="auto">
            {name}
          </p>
        </div>
        <nav className={classes.column} aria-labelledby={navTitleId}>
          <h2 id={navTitleId} className={classes.columnTitle}>
            {t('web.footer.navigation')}
          </h2>
          <ul className={classes.links}>
            {items.map((item) => (
              <li key={item.key}>
                <Link to={item.to} className={classes.link}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {site.show_function.contact === 1 ? <ContactColumn site={site} titleId={contactTitleId} /> : null}
      </div>
      <div className={classes.bottom}>
        <p className={classes.copyright}>
          <span>
            <bdi>
              © {year} {name}
            </bdi>{' '}
            {t('web.footer.rightsReserved')}
          </span>
          {site.show_privacy === 1 ? (
            <a href={PATHS.privacy} target="_blank" rel="noopener" className={classes.link}>
              {t('web.footer.privacy')}
              <span className={classes.visuallyHidden}> {t('web.footer.newTab')}</span>
            </a>
          ) : null}
        </p>
      </div>
    </footer>
  );
}

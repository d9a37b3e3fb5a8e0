import { Skeleton } from '@mantine/core';
import type { CompanyContact, WebsiteInfo } from '@vitrine/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContactKind, contactHref, filledFields } from './contact-links';
import classes from './Footer.module.css';
import { useContacts } from './useContacts';
import { useLanguage } from './useShowroom';

function ContactValue({ kind, value, ltr }: { kind: ContactKind; value: string; ltr?: boolean }) {
  const { t } = useTranslation();
  const href = contactHref(kind, value);
  const dir = ltr ? 'ltr' : 'auto';
  if (!href) {
    return (
      <span dir={dir} className={classes.value}>
        {value}
      </span>
    );
  }
  const external = kind === 'whatsapp' || kind === 'facebook';
  return (
    <a
      href={href}
      dir={dir}
      className={classes.link}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {value}
      {external ? <span className={classes.visuallyHidden}> {t('web.footer.newTab')}</span> : null}
    </a>
  );
}

function ContactRecord({ contact }: { contact: CompanyContact }) {
  const { t } = useTranslation();
  const rows = filledFields(contact);
  if (rows.length === 0) return null;
  return (
    <dl className={classes.contactList}>
      {rows.map((row) => (
        <div key={row.key} className={classes.contactRow} data-field={row.key}>
          <dt className={classes.term}>{t(row.label)}</dt>
          <dd className={classes.detail}>
            <ContactValue kind={row.kind} value={row.value} ltr={row.ltr} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The footer's contact column; Footer.tsx loads this module once the footer nears the viewport. */
export default function ContactDetails({ site, titleId }: { site: WebsiteInfo; titleId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const state = useContacts(site.id, lang.key, true);
  let body: ReactNode;
  if (state.status === 'loading') {
    body = (
      <div className={classes.skeleton} aria-busy="true">
        <span className={classes.visuallyHidden}>{t('web.loading')}</span>
        {[70, 55, 62, 48].map((w) => (
          <Skeleton key={w} height={12} width={`${w}%`} radius="sm" mb={10} />
        ))}
      </div>
    );
  } else if (state.status === 'ready') {
    const records = state.data.contacts.filter((c) => filledFields(c).length > 0);
    if (records.length === 0) return null;
    body = records.map((c, i) => <ContactRecord key={i} contact={c} />);
  } else {
    // Not loaded: the rest of the footer stands on its own.
    return null;
  }
  return (
    <section className={classes.column} aria-labelledby={titleId}>
      <h2 id={titleId} className={classes.columnTitle}>
        {t('web.nav.contact')}
      </h2>
      {body}
    </section>
  );
}

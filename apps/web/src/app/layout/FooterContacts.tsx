import { Skeleton } from '@mantine/core';
import type { CompanyContact, WebsiteInfo } from '@vitrine/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contactHref, type LinkKind } from './contact-links';
import classes from './Footer.module.css';
import { useContacts } from './useContacts';
import { useLanguage } from './useShowroom';

type FieldKey =
  | 'company_contact'
  | 'company_mobilephone'
  | 'company_telephone'
  | 'company_email'
  | 'company_wechat'
  | 'company_whatsapp'
  | 'company_facebook'
  | 'company_fax'
  | 'company_qq'
  | 'address';

type LabelKey =
  | 'web.footer.contactPerson'
  | 'web.footer.mobile'
  | 'web.footer.phone'
  | 'web.footer.email'
  | 'web.footer.wechat'
  | 'web.footer.whatsapp'
  | 'web.footer.facebook'
  | 'web.footer.fax'
  | 'web.footer.qq'
  | 'web.footer.address';

/** The contact fields of spec section 2, in order; `address` is chosen by the server. */
const FIELDS: readonly { key: FieldKey; label: LabelKey; kind: LinkKind; ltr?: boolean }[] = [
  { key: 'company_contact', label: 'web.footer.contactPerson', kind: 'text' },
  { key: 'company_mobilephone', label: 'web.footer.mobile', kind: 'tel', ltr: true },
  { key: 'company_telephone', label: 'web.footer.phone', kind: 'tel', ltr: true },
  { key: 'company_email', label: 'web.footer.email', kind: 'mail', ltr: true },
  { key: 'company_wechat', label: 'web.footer.wechat', kind: 'text', ltr: true },
  { key: 'company_whatsapp', label: 'web.footer.whatsapp', kind: 'whatsapp', ltr: true },
  { key: 'company_facebook', label: 'web.footer.facebook', kind: 'facebook', ltr: true },
  { key: 'company_fax', label: 'web.footer.fax', kind: 'text', ltr: true },
  { key: 'company_qq', label: 'web.footer.qq', kind: 'text', ltr: true },
  { key: 'address', label: 'web.footer.address', kind: 'text' },
];

function ContactValue({ kind, value, ltr }: { kind: LinkKind; value: string; ltr?: boolean }) {
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
  const rows = FIELDS.map((f) => ({ ...f, value: (contact[f.key] ?? '').trim() })).filter((f) => f.value);
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
    const records = state.data.contacts.filter((c) => FIELDS.some((f) => (c[f.key] ?? '').trim() !== ''));
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

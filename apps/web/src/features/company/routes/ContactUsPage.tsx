import { Skeleton } from '@mantine/core';
import type { CompanyContact } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContactKind, contactHref, filledFields } from '../../../app/layout/contact-links';
import { useContacts } from '../../../app/layout/useContacts';
import { useLanguage, useSite } from '../../../app/layout/useShowroom';
import { CopyValueButton } from '../components/CopyValueButton';
import { LocationIcon } from '../../../components/icons';
import '../components/mantine-styles';
import pageClasses from '../../../components/page/page.module.css';
import { LoadFailed, LoadingNote, NothingHere } from '../../../components/page/StatePanels';
import classes from './ContactUsPage.module.css';

function Value({ kind, value, ltr, label }: { kind: ContactKind; value: string; ltr?: true; label: string }) {
  const { t } = useTranslation();
  const href = kind === 'text' || kind === 'copy' ? null : contactHref(kind, value);
  const text = ltr ? <bdi dir="ltr">{value}</bdi> : <span dir="auto">{value}</span>;
  if (kind === 'copy') {
    return (
      <span className={classes.withAction}>
        <span className={classes.valueText}>{text}</span>
        <CopyValueButton value={value} label={label} />
      </span>
    );
  }
  if (!href) return <span className={classes.valueText}>{text}</span>;
  const external = kind === 'whatsapp' || kind === 'facebook';
  return (
    <a
      href={href}
      className={classes.link}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {text}
      {external ? <span className={pageClasses.visuallyHidden}> {t('web.footer.newTab')}</span> : null}
    </a>
  );
}

function ContactCard({ contact }: { contact: CompanyContact }) {
  const { t } = useTranslation();
  const fields = filledFields(contact);
  const person = fields.find((f) => f.key === 'company_contact');
  const address = fields.find((f) => f.key === 'address');
  const rest = fields.filter((f) => f.key !== 'company_contact' && f.key !== 'address');
  return (
    <section className={classes.card} aria-label={person?.value ?? t('web.pages.contactUs')}>
      {person ? (
        <div className={classes.person}>
          <span className={classes.avatar} aria-hidden="true">
            {[...person.value][0]?.toUpperCase()}
          </span>
          <div>
            <p className={classes.personLabel}>{t(person.label)}</p>
            <p className={classes.personName} dir="auto">
              {person.value}
            </p>
          </div>
        </div>
      ) : null}
      {rest.length > 0 ? (
        <dl className={classes.fields}>
          {rest.map((f) => (
            <div key={f.key} className={classes.field} data-field={f.key}>
              <dt className={classes.term}>{t(f.label)}</dt>
              <dd className={classes.detail}>
                <Value kind={f.kind} value={f.value} ltr={f.ltr} label={t(f.label)} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {address ? (
        <div className={classes.address} data-field="address">
          <LocationIcon className={classes.addressIcon} />
          <div>
            <p className={classes.term}>{t(address.label)}</p>
            <p className={classes.addressText} dir="auto">
              {address.value}
            </p>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function ContactSkeleton() {
  return (
    <div className={classes.card} aria-busy="true">
      <LoadingNote />
      <div className={classes.person}>
        <Skeleton circle height={48} />
        <Skeleton height={18} width="40%" radius="sm" />
      </div>
      {[60, 48, 70, 52, 44].map((w, i) => (
        <Skeleton key={i} height={14} width={`${w}%`} radius="sm" mb={16} />
      ))}
    </div>
  );
}

function ContactBody({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const site = useSite();
  const lang = useLanguage();
  const state = useContacts(site?.id ?? 0, lang.key, site !== null);
  if (state.status === 'failed') return <LoadFailed onRetry={onRetry} />;
  if (state.status !== 'ready') return <ContactSkeleton />;
  const records = state.data.contacts.filter((c) => filledFields(c).length > 0);
  if (records.length === 0) return <NothingHere>{t('web.company.contactEmpty')}</NothingHere>;
  return (
    <div className={classes.grid}>
      {records.map((c, i) => (
        <ContactCard key={i} contact={c} />
      ))}
    </div>
  );
}

/** /contactUs: every contact field that has a value (only when show_function.contact is on). */
export default function ContactUsPage() {
  const { t } = useTranslation();
  // A new attempt mounts the body again: useContacts keeps no failure and fetches anew.
  const [attempt, setAttempt] = useState(0);
  return (
    <div className={pageClasses.page}>
      <header className={pageClasses.header}>
        <h1 className={pageClasses.title}>{t('web.pages.contactUs')}</h1>
        <p className={pageClasses.lead}>{t('web.company.contactLead')}</p>
      </header>
      <ContactBody key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
    </div>
  );
}

import { Skeleton } from '@mantine/core';
import type { CallResponse } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { ProductPicture } from '../../../components/product';
import { formatDate } from '../../../lib/format';
import { useApiQuery } from '../../../lib/query';
import classes from './CertificateList.module.css';
import { DocumentIcon, FactoryIcon } from '../../../components/icons';
import './mantine-styles';
import pageClasses from '../../../components/page/page.module.css';
import { LoadFailed, LoadingNote, NothingHere } from '../../../components/page/StatePanels';

export type CertificateKind = 'certificate' | 'inspection';
type Certificate = CallResponse<'get_certification'>[number];

/** True once a certificate's validity date has passed (no date: valid without end). */
export const isExpired = (validUntil: number | null, now: number = Date.now()): boolean =>
  validUntil !== null && validUntil < now;

/** The machine-readable day of a <time> element (YYYY-MM-DD). */
const isoDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

function CertificateCard({ item, now }: { item: Certificate; now: number }) {
  const { t } = useTranslation();
  const expired = isExpired(item.valid_until, now);
  const Icon = item.kind === 'inspection' ? FactoryIcon : DocumentIcon;
  const rows: { key: string; label: string; value: string; ltr?: boolean }[] = [
    { key: 'issuer', label: t('web.company.cert.issuer'), value: item.issuer },
    { key: 'number', label: t('web.company.cert.number'), value: item.number, ltr: true },
    ...(item.kind === 'inspection'
      ? [{ key: 'factory', label: t('web.company.cert.factory'), value: item.factory }]
      : []),
  ].filter((r) => r.value.trim() !== '');

  return (
    <li className={classes.card} data-expired={expired || undefined}>
      <div className={classes.media}>
        {item.picture ? (
          <a
            href={item.picture}
            target="_blank"
            rel="noopener noreferrer"
            className={classes.mediaLink}
            aria-label={`${t('web.company.cert.viewPicture', { name: item.name })} ${t('web.footer.newTab')}`}
          >
            <ProductPicture src={item.picture} alt="" ratio={4 / 3} fit="contain" />
          </a>
        ) : (
          <span className={classes.documentIcon}>
            <Icon width="100%" height="100%" />
          </span>
        )}
      </div>
      {item.pictures.length > 1 ? (
        <ul className={classes.pages}>
          {item.pictures.map((url, i) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.pageLink}
                aria-label={`${t('web.company.cert.viewPicture', {
                  name: `${item.name} (${i + 1}/${item.pictures.length})`,
                })} ${t('web.footer.newTab')}`}
              >
                <img src={url} alt="" width={48} height={48} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={classes.body}>
        <h2 className={classes.name}>
          <bdi>{item.name}</bdi>
        </h2>
        <dl className={classes.rows}>
          {rows.map((r) => (
            <div key={r.key} className={classes.row}>
              <dt>{r.label}</dt>
              <dd dir={r.ltr ? undefined : 'auto'}>{r.ltr ? <bdi dir="ltr">{r.value}</bdi> : r.value}</dd>
            </div>
          ))}
          {/* The start beside the end, when staff stated one (null: not stated, nothing shown). */}
          {item.valid_from === null ? null : (
            <div className={classes.row}>
              <dt>{t('web.company.cert.validFrom')}</dt>
              <dd>
                <time dateTime={isoDay(item.valid_from)}>{formatDate(item.valid_from)}</time>
              </dd>
            </div>
          )}
          <div className={classes.row}>
            <dt>{t('web.company.cert.validUntil')}</dt>
            <dd>
              {item.valid_until === null ? (
                t('web.company.cert.noExpiry')
              ) : (
                <>
                  <time dateTime={isoDay(item.valid_until)}>{formatDate(item.valid_until)}</time>
                  {expired ? <span className={classes.expired}>{t('web.company.cert.expired')}</span> : null}
                </>
              )}
            </dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true">
      <LoadingNote />
      <ul className={classes.grid} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className={classes.card}>
            <Skeleton className={classes.media} radius={0} />
            <div className={classes.body}>
              <Skeleton height={18} width="70%" radius="sm" mb={16} />
              <Skeleton height={12} width="50%" radius="sm" mb={10} />
              <Skeleton height={12} width="60%" radius="sm" mb={10} />
              <Skeleton height={12} width="40%" radius="sm" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

const OTHER: Record<
  CertificateKind,
  { to: string; label: 'web.pages.certificates' | 'web.pages.inspection' }
> = {
  certificate: { to: PATHS.inspection, label: 'web.pages.inspection' },
  inspection: { to: PATHS.certificates, label: 'web.pages.certificates' },
};

/**
 * The certificates (certificate authentication) or the factory inspections (inspection
 * qualification) of the company: picture or a document icon (a document of several pages adds
 * each page's thumbnail), name, issuer, number, validity ('expired' once past: buyers still see
 * it, decision 0066) and, for inspections, the factory.
 */
export function CertificatePage({ kind }: { kind: CertificateKind }) {
  const { t } = useTranslation();
  const query = useApiQuery('get_certification', { kind });
  // Expiry is judged against the time the page opened (stable across re-renders).
  const [now] = useState(() => Date.now());
  const title = kind === 'certificate' ? t('web.pages.certificates') : t('web.pages.inspection');
  const other = OTHER[kind];

  let body;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.isError && !query.data) body = <LoadFailed onRetry={() => void query.refetch()} />;
  else {
    const items = (query.data ?? []).filter((c) => c.kind === kind);
    body =
      items.length === 0 ? (
        <NothingHere icon={kind === 'inspection' ? <FactoryIcon width="100%" height="100%" /> : undefined}>
          {kind === 'certificate'
            ? t('web.company.cert.emptyCertificates')
            : t('web.company.cert.emptyInspections')}
        </NothingHere>
      ) : (
        <ul className={classes.grid}>
          {items.map((item) => (
            <CertificateCard key={item.id} item={item} now={now} />
          ))}
        </ul>
      );
  }

  return (
    <div className={pageClasses.page}>
      <header className={`${pageClasses.header} ${classes.header}`}>
        <div>
          <h1 className={pageClasses.title}>{title}</h1>
          <p className={pageClasses.lead}>
            {kind === 'certificate'
              ? t('web.company.cert.leadCertificates')
              : t('web.company.cert.leadInspections')}
          </p>
        </div>
        <Link to={other.to} className={classes.otherLink}>
          {t(other.label)}
        </Link>
      </header>
      {body}
    </div>
  );
}

import { Anchor, Skeleton } from '@mantine/core';
import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withLateMessages } from '../../../lib/i18n';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { LoadFailed, LoadingNote } from '../../../components/page/StatePanels';
import { callApiWithTip } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useApiQuery } from '../../../lib/query';
import { CartLines } from '../components/CartLines';
import { CartSummary } from '../components/CartSummary';
import { ExportButton } from '../components/ExportButton';
import '../components/mantine-styles';
import classes from '../components/cart.module.css';

// Its code and messages arrive when pressed for, never with /home's first load (decision 0061).
const LinesheetButton = lazy(() => withLateMessages(import('../../../components/linesheet/LinesheetButton')));

/** One sample record: its number, time and contact details, totals, and the lines as submitted. */
export default function SampleRecordDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Math.floor(Number(params.get('id')));
  const valid = Number.isSafeInteger(id) && id > 0;
  // A visitor's records are the session's (the key the server issued at login): no key is sent.
  const detail = useApiQuery('get_choose_detail', { id: valid ? id : 1 }, { enabled: valid });
  const lines = useApiQuery('get_choose_toy_list', { id: valid ? id : 1 }, { enabled: valid });

  const back = (
    <Anchor component={Link} to={PATHS.sampleRecords} size="sm">
      {t('web.records.back')}
    </Anchor>
  );
  if (!valid || (detail.isError && !detail.data))
    return (
      <div className={classes.page}>
        {back}
        <LoadFailed
          message={t('cart.recordNotFound')}
          onRetry={valid ? () => void detail.refetch() : undefined}
        />
      </div>
    );
  const r = detail.data;
  if (!r)
    return (
      <div className={classes.page} aria-busy="true">
        <LoadingNote />
        <Skeleton height={32} width="40%" />
        <Skeleton height={220} />
      </div>
    );
  const facts: [string, ReactNode][] = [
    [t('web.records.createdAt'), formatDate(r.created_at, { withTime: true })],
    [t('cart.form.companyName'), r.company_name],
    [t('cart.form.contact'), r.contact],
    [t('cart.form.email'), r.email],
  ];
  if (r.phone) facts.push([t('cart.form.phone'), r.phone]);
  // The remark keeps the buyer's line breaks (as text: no user text is rendered as HTML).
  if (r.remark)
    facts.push([
      t('cart.form.remark'),
      r.remark.split(/\r?\n/).map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      )),
    ]);

  return (
    <div className={classes.page}>
      {back}
      <div className={classes.head}>
        <h1 className={classes.title}>{t('web.records.detailTitle', { number: r.number })}</h1>
        <div className={classes.headActions}>
          <ExportButton run={() => callApiWithTip('export_choose', { id: r.id }, { silent: true })} />
          <Suspense fallback={null}>
            <LinesheetButton selection={() => ({ kind: 'record', id: r.id })} />
          </Suspense>
        </div>
      </div>
      <dl className={classes.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd dir="auto">{value}</dd>
          </div>
        ))}
      </dl>
      <div className={classes.layout}>
        <section aria-labelledby="record-lines">
          <h2 id="record-lines" className={classes.summaryTitle}>
            {t('web.records.lines')}
          </h2>
          {lines.data ? (
            <CartLines lines={lines.data.list} />
          ) : lines.isError ? (
            <LoadFailed onRetry={() => void lines.refetch()} />
          ) : (
            <Skeleton height={200} />
          )}
        </section>
        <aside className={classes.aside}>
          <CartSummary totals={r.totals} />
        </aside>
      </div>
    </div>
  );
}

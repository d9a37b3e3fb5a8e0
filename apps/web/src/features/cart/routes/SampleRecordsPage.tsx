import { Button, Group, Modal, Skeleton } from '@mantine/core';
import type { SampleSummary } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { DocumentIcon } from '../../../components/icons';
import { Pager } from '../../../components/page/Pager';
import { LoadFailed, LoadingNote, NothingHere } from '../../../components/page/StatePanels';
import { callApiWithTip, isApiError } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { queryClient, useApiQuery } from '../../../lib/query';
import { showErrorToast, showToast } from '../../../lib/toast';
import { pageCount, usePastTheEnd } from '../../../lib/usePastTheEnd';
import classes from '../components/cart.module.css';
import { RECORDS_PAGE_SIZE } from '../components/records';

function Record({ record, onDelete }: { record: SampleSummary; onDelete(r: SampleSummary): void }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t('web.records.createdAt'), formatDate(record.created_at, { withTime: true })],
    [t('web.records.products'), formatNumber(record.product_count)],
    [t('web.records.company'), record.company_name],
    [t('web.records.contact'), record.contact],
    [t('web.records.email'), record.email],
  ];
  if (record.remark) facts.push([t('web.records.remark'), record.remark]);
  return (
    <li className={classes.record} data-testid="sample-record">
      <div className={classes.recordHead}>
        <h2 className={classes.recordNumber}>
          <span className={classes.note}>{t('web.records.number')}: </span>
          <bdi>{record.number}</bdi>
        </h2>
        <div className={classes.recordActions}>
          <Button
            component={Link}
            to={`${PATHS.sampleRecordDetails}?id=${record.id}`}
            size="xs"
            variant="light"
          >
            {t('web.records.view')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(record)}>
            {t('web.records.delete')}
          </Button>
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
    </li>
  );
}

/** The buyer's sample records, newest first: number, time, products, remark and contact details. */
export default function SampleRecordsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const query = useApiQuery('get_choose_list', { page, page_size: RECORDS_PAGE_SIZE });
  const [deleting, setDeleting] = useState<SampleSummary | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (r: SampleSummary) => {
    setBusy(true);
    try {
      await callApiWithTip('delete_choose', { ids: [r.id] }, { silent: true });
      showToast(t('web.records.deleted'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['get_choose_list'] });
    } catch (e) {
      showErrorToast(isApiError(e) && e.tip ? e.tip : t('web.errors.pageFailed'));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const goToPage = (p: number, replace = false) => setParams(p > 1 ? { page: String(p) } : {}, { replace });
  // Deleting the last record of the last page leaves that page empty: the page before it shows.
  const pastTheEnd = usePastTheEnd(query.isPlaceholderData ? undefined : query.data, RECORDS_PAGE_SIZE, (p) =>
    goToPage(p, true),
  );

  const data = query.data;
  let body;
  if (query.isPending || pastTheEnd)
    body = (
      <div aria-busy="true">
        <LoadingNote />
        <div className={classes.records} aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={110} radius="md" />
          ))}
        </div>
      </div>
    );
  else if (query.isError && !data) body = <LoadFailed onRetry={() => void query.refetch()} />;
  else if (!data || data.list.length === 0)
    body = (
      <div>
        <NothingHere icon={<DocumentIcon width="100%" height="100%" />}>
          <strong>{t('web.records.emptyTitle')}</strong>
          <br />
          {t('web.records.emptyText')}
        </NothingHere>
        <Group justify="center">
          <Button component={Link} to={PATHS.chooseCar}>
            {t('web.records.toCart')}
          </Button>
        </Group>
      </div>
    );
  else
    body = (
      <>
        <ol className={classes.records} aria-busy={query.isPlaceholderData || undefined}>
          {data.list.map((r) => (
            <Record key={r.id} record={r} onDelete={setDeleting} />
          ))}
        </ol>
        <Pager page={page} pages={pageCount(data.total, RECORDS_PAGE_SIZE)} onChange={(p) => goToPage(p)} />
      </>
    );

  return (
    <div className={classes.page}>
      <div className={classes.head}>
        <h1 className={classes.title}>{t('web.records.title')}</h1>
        <Button component={Link} to={PATHS.chooseCar} variant="subtle">
          {t('web.records.toCart')}
        </Button>
      </div>
      {body}
      {deleting ? (
        <Modal opened onClose={() => setDeleting(null)} title={t('web.records.delete')} centered>
          <p>{t('web.records.deleteConfirm', { number: deleting.number })}</p>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)} disabled={busy}>
              {t('web.cart.cancel')}
            </Button>
            <Button color="red" onClick={() => void remove(deleting)} loading={busy}>
              {t('web.records.delete')}
            </Button>
          </Group>
        </Modal>
      ) : null}
    </div>
  );
}

import '../components/mantine-styles';
import { Button, SegmentedControl } from '@mantine/core';
import type { OrderListFilter, OrderStatus } from '@vitrine/contract';
import { Link, useSearchParams } from 'react-router';
import { DocumentIcon } from '../../../components/icons';
import { Pager } from '../../../components/page/Pager';
import { NothingHere } from '../../../components/page/StatePanels';
import { PATHS } from '../../../lib/paths';
import { pageCount, usePastTheEnd } from '../../../lib/usePastTheEnd';
import { ORDER_PAGE_SIZE, useOrderList } from '../api';
import classes from '../components/account.module.css';
import { OrderItem } from '../components/OrderItem';
import { Failed, Loading, ORDER_FILTERS, StatusBadge, STATUSES } from '../components/parts';
import { useOrdersT } from '../orders-i18n';
import { useOrderChanges } from '../live';

const FILTER_LABEL = {
  all: 'list.all',
  confirmed: 'list.confirmed',
  to_be_confirmed: 'list.toConfirm',
} as const;

const statusOf = (value: string | null): OrderStatus | undefined =>
  (STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : undefined;

const filterOf = (value: string | null): OrderListFilter =>
  (ORDER_FILTERS as readonly string[]).includes(value ?? '') ? (value as OrderListFilter) : 'all';

/**
 * The order list (spec section 2: all orders, to be confirmed, confirmed): the buyer's
 * quotations and orders, newest first, the filter and page in the address.
 */
export default function OrderListPage() {
  const { t, ready } = useOrdersT();
  useOrderChanges();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('filter'));
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const status = statusOf(params.get('status'));
  const query = useOrderList(filter, page, status);

  // A new filter drops the status the personal center's count narrowed the list to.
  const go = (next: { filter?: OrderListFilter; page?: number }, replace = false) => {
    const f = next.filter ?? filter;
    const p = next.page ?? 1;
    const s = next.filter ? undefined : status;
    setParams(
      {
        ...(f !== 'all' ? { filter: f } : {}),
        ...(s ? { status: s } : {}),
        ...(p > 1 ? { page: String(p) } : {}),
      },
      { replace },
    );
  };
  const pastTheEnd = usePastTheEnd(query.isPlaceholderData ? undefined : query.data, ORDER_PAGE_SIZE, (p) =>
    go({ page: p }, true),
  );

  let body;
  if (!ready || query.isPending || pastTheEnd) body = <Loading t={t} />;
  else if (query.isError && !query.data) body = <Failed t={t} onRetry={() => void query.refetch()} />;
  else if (!query.data || query.data.list.length === 0)
    body = (
      <NothingHere icon={<DocumentIcon width="100%" height="100%" />}>
        <span data-testid="orders-empty">{t('list.empty')}</span>
      </NothingHere>
    );
  else
    body = (
      <>
        <ol className={classes.orders} aria-busy={query.isPlaceholderData || undefined}>
          {query.data.list.map((o) => (
            <OrderItem key={o.id} order={o} t={t} />
          ))}
        </ol>
        <Pager
          page={page}
          pages={pageCount(query.data.total, ORDER_PAGE_SIZE)}
          onChange={(p) => go({ page: p })}
        />
      </>
    );

  return (
    <div className={classes.page}>
      <div className={classes.head}>
        <h1 className={classes.title}>{ready ? t('list.title') : '\u00a0'}</h1>
        {ready ? (
          <Button component={Link} to={PATHS.personalCenter} variant="subtle">
            {t('center.title')}
          </Button>
        ) : null}
      </div>
      {ready ? (
        <SegmentedControl
          aria-label={t('list.filters')}
          value={filter}
          onChange={(v) => go({ filter: filterOf(v) })}
          data={ORDER_FILTERS.map((f) => ({ value: f, label: t(FILTER_LABEL[f]) }))}
          fullWidth
          maw={36 * 16}
        />
      ) : null}
      {ready && status ? (
        <div className={classes.orderHead}>
          <StatusBadge status={status} t={t} />
          <Button size="compact-xs" variant="subtle" onClick={() => go({ filter })}>
            {t('list.all')}
          </Button>
        </div>
      ) : null}
      {body}
    </div>
  );
}

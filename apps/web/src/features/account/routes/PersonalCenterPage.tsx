import '../components/mantine-styles';
import { Button } from '@mantine/core';
import { CONFIRMED_ORDER_STATUSES, LIMITS } from '@vitrine/contract';
import { Link } from 'react-router';
import { useSite, useUser } from '../../../app/layout/useShowroom';
import { pictureSources } from '../../../components/product/picture';
import { formatNumber } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useApiQuery } from '../../../lib/query';
import { useOrderCounts, useOrderList } from '../api';
import classes from '../components/account.module.css';
import { OrderItem } from '../components/OrderItem';
import { Failed, Loading } from '../components/parts';
import { type OrdersT, useOrdersT } from '../orders-i18n';
import { useOrderChanges } from '../live';

/** A count capped as badges are (spec section 9: 99+). */
const capped = (n: number) => (n > LIMITS.BADGE_CAP ? `${LIMITS.BADGE_CAP}+` : formatNumber(n));

function Count({
  to,
  label,
  value,
  attention,
}: {
  to: string;
  label: string;
  value: number;
  attention?: boolean;
}) {
  return (
    <li>
      <Link
        to={to}
        className={classes.count}
        data-attention={(attention && value > 0) || undefined}
        data-testid="center-count"
      >
        <span className={classes.countValue}>{capped(value)}</span>
        <span className={classes.countLabel}>{label}</span>
      </Link>
    </li>
  );
}

function Profile({ t }: { t: OrdersT }) {
  const user = useUser();
  const site = useSite();
  const name = user?.nickname || user?.customer_name || '';
  const avatar = pictureSources(user?.avatar)?.src;
  return (
    <section className={`${classes.card} ${classes.profile}`} aria-label={t('center.title')}>
      {avatar ? (
        <img className={classes.avatar} src={avatar} alt="" />
      ) : (
        <span className={classes.avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div>
        <strong>{t('center.welcome', { name })}</strong>
        {user?.customer_name && user.customer_name !== name ? (
          <div className={classes.muted}>
            <bdi>{user.customer_name}</bdi>
          </div>
        ) : null}
        {site ? (
          <div className={classes.muted}>
            <bdi>{site.company_name_en || site.company_name}</bdi>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/**
 * /personalCenter: the customer's profile, counts that each lead to their list (quotations to
 * confirm, orders per status, sample records), and the latest orders. Counts are asked again
 * when the buyer comes back to the window, so a status the exporter changed shows.
 */
export default function PersonalCenterPage() {
  const { t, ready } = useOrdersT();
  useOrderChanges();
  const counts = useOrderCounts();
  const recent = useOrderList('all', 1, undefined, 5);
  const samples = useApiQuery('get_choose_list', { page: 1, page_size: 1 });

  let countsBody;
  if (!ready || counts.isPending) countsBody = <Loading t={t} rows={1} />;
  else if (counts.isError && !counts.data)
    countsBody = <Failed t={t} onRetry={() => void counts.refetch()} />;
  else if (counts.data) {
    const c = counts.data;
    countsBody = (
      <>
        <ul className={classes.counts}>
          <Count to={PATHS.quoteAckForm} label={t('center.toConfirm')} value={c.to_confirm} attention />
          <Count to={PATHS.sampleRecords} label={t('center.samples')} value={samples.data?.total ?? 0} />
        </ul>
        <h2 className={classes.sectionTitle} style={{ marginBlockStart: '1rem' }}>
          {t('center.ordersByStatus')}
        </h2>
        <ul className={classes.counts}>
          {CONFIRMED_ORDER_STATUSES.map((s) => (
            <Count
              key={s}
              to={`${PATHS.orderList}?filter=confirmed&status=${s}`}
              label={t(`status.${s}`)}
              value={c.by_status[s] ?? 0}
              attention={s === 'pending_payment' || s === 'pending_final_payment'}
            />
          ))}
        </ul>
      </>
    );
  }

  let recentBody;
  if (!ready || recent.isPending) recentBody = <Loading t={t} rows={2} />;
  else if (recent.isError && !recent.data)
    recentBody = <Failed t={t} onRetry={() => void recent.refetch()} />;
  else if (!recent.data?.list.length) recentBody = <p className={classes.muted}>{t('center.noRecent')}</p>;
  else
    recentBody = (
      <ol className={classes.orders}>
        {recent.data.list.map((o) => (
          <OrderItem key={o.id} order={o} t={t} />
        ))}
      </ol>
    );

  return (
    <div className={classes.page}>
      <div className={classes.head}>
        <h1 className={classes.title}>{ready ? t('center.title') : '\u00a0'}</h1>
        {ready ? (
          <div className={classes.toolbarEnd}>
            <Button component={Link} to={PATHS.orderList} variant="light">
              {t('center.allOrders')}
            </Button>
            <Button component={Link} to={PATHS.inventory} variant="subtle">
              {t('center.inventory')}
            </Button>
          </div>
        ) : null}
      </div>
      {ready ? <Profile t={t} /> : null}
      <section aria-label={t('center.ordersByStatus')}>{countsBody}</section>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title" className={classes.sectionTitle}>
          {ready ? t('center.recent') : ''}
        </h2>
        {recentBody}
      </section>
    </div>
  );
}

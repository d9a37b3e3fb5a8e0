import '../components/mantine-styles';
import { Badge, Button, Group } from '@mantine/core';
import type { OrderDetail, OrderVoucher, PaymentPart } from '@vitrine/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NothingHere } from '../../../components/page/StatePanels';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { showErrorToast } from '../../../lib/toast';
import { proformaOf, useOrderDetail, useOrderLines } from '../api';
import classes from '../components/account.module.css';
import { LinesTable } from '../components/LinesTable';
import { Failed, Facts, Loading, StatusBadge, Totals } from '../components/parts';
import { VoucherUpload } from '../components/VoucherUpload';
import { formatMinor } from '../money';
import { type OrdersT, useOrdersT } from '../orders-i18n';
import { useOrderChanges } from '../live';

const VOUCHER_STATE = {
  pending: ['detail.pending', 'orange'],
  confirmed: ['detail.accepted', 'teal'],
  rejected: ['detail.rejected', 'red'],
} as const;

const partLabel = (part: PaymentPart, t: OrdersT) =>
  t(part === 'deposit' ? 'detail.deposit' : 'detail.balance');

function Voucher({ voucher, t }: { voucher: OrderVoucher; t: OrdersT }) {
  const [label, color] = VOUCHER_STATE[voucher.status];
  return (
    <li className={classes.voucher} data-testid="voucher">
      <a href={voucher.url} target="_blank" rel="noreferrer">
        <img
          src={voucher.url}
          alt={t('detail.voucherOf', { part: partLabel(voucher.part, t) })}
          loading="lazy"
        />
      </a>
      <div>
        <strong>{t('detail.voucherOf', { part: partLabel(voucher.part, t) })}</strong>{' '}
        <Badge size="sm" radius="sm" variant="light" color={color} data-testid="voucher-state">
          {t(label)}
        </Badge>
        <div className={classes.muted}>
          {formatMinor(voucher.amount, voucher.currency)} ·{' '}
          {formatDate(voucher.submitted_at, { withTime: true })}
        </div>
        {voucher.status === 'rejected' && voucher.reason ? (
          <div className={classes.error} dir="auto">
            {t('detail.reason', { reason: voucher.reason })}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The proforma invoice: a PDF the server makes once the quotation is confirmed. */
function Proforma({ order, t }: { order: OrderDetail; t: OrdersT }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const pdf = await proformaOf(order.id);
      const a = document.createElement('a');
      a.href = pdf.url;
      a.download = pdf.filename;
      a.rel = 'noopener';
      document.body.append(a);
      a.click();
      a.remove();
    } catch (e) {
      showErrorToast(isApiError(e) && e.tip ? e.tip : t('loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={classes.card} aria-labelledby="pi-title">
      <h2 id="pi-title" className={classes.sectionTitle}>
        {t('detail.proforma')}
      </h2>
      {order.proforma.available ? (
        <Group gap="sm">
          <bdi>{order.proforma.pi_number}</bdi>
          <Button
            size="xs"
            variant="light"
            loading={busy}
            onClick={() => void download()}
            data-testid="proforma-download"
          >
            {t('detail.download')}
          </Button>
        </Group>
      ) : (
        <p className={classes.muted}>{t('detail.proformaLater')}</p>
      )}
    </section>
  );
}

function Order({ id, t }: { id: number; t: OrdersT }) {
  const detail = useOrderDetail(id);
  const lines = useOrderLines(id);

  if (detail.isPending) return <Loading t={t} />;
  if (detail.isError && !detail.data) {
    // An order of another buyer, or none, answers a refusal: say the order is not there.
    if (isApiError(detail.error))
      return (
        <NothingHere>
          <span data-testid="order-missing">{t('detail.notFound')}</span>
        </NothingHere>
      );
    return <Failed t={t} onRetry={() => void detail.refetch()} />;
  }
  const order = detail.data;
  if (!order) return null;
  const c = order.currency;
  const due = order.payment_due;
  const canSend =
    due !== null &&
    order.actions.includes(due === 'deposit' ? 'submit_deposit_voucher' : 'submit_balance_voucher') &&
    !order.vouchers.some((v) => v.part === due && v.status === 'pending');

  return (
    <>
      <section className={classes.card} aria-labelledby="order-number">
        <div className={classes.orderHead}>
          <h2 id="order-number" className={classes.orderNumber}>
            <span className={classes.muted}>{t('list.number')}: </span>
            <bdi>{order.order_number}</bdi>
          </h2>
          <StatusBadge status={order.status} t={t} />
          {order.status === 'quoted' ? (
            <div className={classes.orderEnd}>
              <Button component={Link} to={`${PATHS.quoteAckForm}?id=${order.id}`} size="xs">
                {t('list.confirm')}
              </Button>
            </div>
          ) : null}
        </div>
        <Facts
          items={[
            [t('detail.created'), formatDate(order.created_at, { withTime: true })],
            [t('detail.updated'), formatDate(order.updated_at, { withTime: true })],
            [t('detail.modified'), formatDate(order.modified_at, { withTime: true })],
            [
              t('detail.shipDate'),
              order.estimated_ship_date ? formatDate(order.estimated_ship_date) : t('detail.notSet'),
            ],
          ]}
        />
      </section>

      <div className={classes.detailGrid}>
        <div className={classes.page} style={{ paddingBlock: 0 }}>
          <section className={classes.card} aria-labelledby="amounts-title">
            <h2 id="amounts-title" className={classes.sectionTitle}>
              {t('detail.amounts')}
            </h2>
            <Facts
              items={[
                [t('detail.orderAmount'), formatMinor(order.order_amount, c)],
                [
                  `${t('detail.deposit')} (${formatNumber(order.deposit_percent)}%)`,
                  formatMinor(order.deposit_amount, c),
                ],
                [t('detail.balance'), formatMinor(order.balance_amount, c)],
                [t('detail.currency'), `${c}${order.trade_term ? ` · ${order.trade_term}` : ''}`],
              ]}
            />
            {order.account_info ? (
              <>
                <h3 className={classes.muted} style={{ marginBlock: '0.75rem 0.25rem' }}>
                  {t('detail.account')}
                </h3>
                <pre className={classes.account} dir="auto">
                  {order.account_info}
                </pre>
              </>
            ) : null}
            {canSend && due ? (
              <div style={{ marginBlockStart: '1rem' }}>
                <VoucherUpload orderId={order.id} part={due} t={t} />
              </div>
            ) : null}
          </section>

          {order.remark ? (
            <section className={classes.card} aria-labelledby="remark-title">
              <h2 id="remark-title" className={classes.sectionTitle}>
                {t('detail.remarks')}
              </h2>
              <p className={classes.account} dir="auto">
                {order.remark}
              </p>
            </section>
          ) : null}
        </div>

        <aside className={classes.page} style={{ paddingBlock: 0 }}>
          <Proforma order={order} t={t} />

          <section className={classes.card} aria-labelledby="vouchers-title">
            <h2 id="vouchers-title" className={classes.sectionTitle}>
              {t('detail.vouchers')}
            </h2>
            {order.vouchers.length ? (
              <ul className={classes.vouchers}>
                {order.vouchers.map((v) => (
                  <Voucher key={v.id} voucher={v} t={t} />
                ))}
              </ul>
            ) : (
              <p className={classes.muted}>{t('detail.noVouchers')}</p>
            )}
          </section>

          <section className={classes.card} aria-labelledby="files-title">
            <h2 id="files-title" className={classes.sectionTitle}>
              {t('detail.attachments')}
            </h2>
            {order.attachments.length ? (
              <ul className={classes.files}>
                {order.attachments.map((a) => (
                  <li key={a.id}>
                    <a href={a.url} target="_blank" rel="noreferrer" dir="auto">
                      {a.file_name}
                    </a>{' '}
                    <span className={classes.muted}>{formatDate(a.created_at)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={classes.muted}>{t('detail.noAttachments')}</p>
            )}
          </section>

          <section className={classes.card} aria-labelledby="history-title">
            <h2 id="history-title" className={classes.sectionTitle}>
              {t('detail.history')}
            </h2>
            <ol className={classes.history} data-testid="history">
              {order.history.map((h) => (
                <li key={h.id}>
                  <strong>{t(`status.${h.to_status}`)}</strong>
                  <span className={classes.muted}>
                    {formatDate(h.created_at, { withTime: true })}
                    {h.actor_name ? ` · ${t('detail.by', { actor: h.actor_name })}` : ''}
                  </span>
                  {h.note ? (
                    <span className={classes.muted} dir="auto">
                      {h.note}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>

      <section aria-labelledby="lines-title">
        <h2 id="lines-title" className={classes.sectionTitle}>
          {t('detail.lines')}
        </h2>
        {lines.isPending ? (
          <Loading t={t} rows={2} />
        ) : lines.data ? (
          <div className={classes.page} style={{ paddingBlock: 0 }}>
            <LinesTable lines={lines.data.list} currency={c} t={t} caption={t('detail.lines')} />
            <Totals t={t} totals={lines.data.totals} />
          </div>
        ) : (
          <Failed t={t} onRetry={() => void lines.refetch()} />
        )}
      </section>
    </>
  );
}

/** /orderDetails?id=: one order with its amounts, lines, vouchers, proforma invoice and history. */
export default function OrderDetailsPage() {
  const { t, ready } = useOrdersT();
  useOrderChanges();
  const [params] = useSearchParams();
  const n = Math.floor(Number(params.get('id')));
  const id = Number.isSafeInteger(n) && n > 0 ? n : null;

  return (
    <div className={classes.page}>
      <div className={classes.head}>
        <h1 className={classes.title}>{ready ? t('detail.heading') : '\u00a0'}</h1>
        {ready ? (
          <Button component={Link} to={PATHS.orderList} variant="subtle">
            {t('detail.backToList')}
          </Button>
        ) : null}
      </div>
      {!ready ? (
        <Loading t={t} />
      ) : id === null ? (
        <NothingHere>
          <span data-testid="order-missing">{t('detail.notFound')}</span>
        </NothingHere>
      ) : (
        <Order key={id} id={id} t={t} />
      )}
    </div>
  );
}

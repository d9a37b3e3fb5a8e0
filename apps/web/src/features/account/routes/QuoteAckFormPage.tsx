import '../components/mantine-styles';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import type { OrderLine } from '@vitrine/contract';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DocumentIcon } from '../../../components/icons';
import { NothingHere } from '../../../components/page/StatePanels';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { showErrorToast, showToast } from '../../../lib/toast';
import {
  type BatchAction,
  confirmQuotation,
  updateLines,
  useQuotation,
  useQuotationLines,
  useQuotationList,
} from '../api';
import classes from '../components/account.module.css';
import { LinesTable } from '../components/LinesTable';
import { Failed, Facts, Loading, StatusBadge, Totals } from '../components/parts';
import { formatMinor } from '../money';
import { type OrdersT, useOrdersT } from '../orders-i18n';
import { keepExisting, newIdempotencyKey, parseBoxes, toggleAll, toggleOne } from '../rules';
import { useOrderChanges } from '../live';

const idOf = (value: string | null): number | null => {
  const n = Math.floor(Number(value));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Boxes for every selected line: a whole number from 1, said clearly when it is not. */
function BoxesDialog({
  count,
  busy,
  t,
  onApply,
  onClose,
}: {
  count: number;
  busy: boolean;
  t: OrdersT;
  onApply(boxes: number): void;
  onClose(): void;
}) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const apply = () => {
    const boxes = parseBoxes(value);
    if (boxes === null) setInvalid(true);
    else onApply(boxes);
  };
  return (
    <Modal opened onClose={onClose} title={t('quote.boxesTitle', { count })} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <TextInput
          label={t('line.boxes')}
          // A text field checked on Apply, so a 0 or a fraction typed is said to be wrong rather
          // than quietly corrected (Mantine's NumberInput would also split a chunk the cart shares).
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setInvalid(false);
          }}
          error={invalid ? t('quote.boxesInvalid') : undefined}
          data-autofocus
          data-testid="boxes-input"
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('quote.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('quote.apply')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** The quotations waiting for the buyer, when there is more than one: pick one. */
function QuotationPicker({ current, t }: { current: number; t: OrdersT }) {
  const list = useQuotationList();
  const quotations = list.data?.list ?? [];
  if (quotations.length < 2) return null;
  return (
    <nav aria-label={t('quote.pick')} className={classes.card}>
      <h2 className={classes.sectionTitle}>{t('quote.pick')}</h2>
      <Group gap="xs">
        {quotations.map((q) => (
          <Button
            key={q.id}
            component={Link}
            to={`${PATHS.quoteAckForm}?id=${q.id}`}
            size="xs"
            variant={q.id === current ? 'filled' : 'light'}
            aria-current={q.id === current ? 'page' : undefined}
          >
            <bdi>{q.order_number}</bdi>
          </Button>
        ))}
      </Group>
    </nav>
  );
}

type Dialog = null | 'boxes' | 'delete';

function Quotation({ id, t }: { id: number; t: OrdersT }) {
  const navigate = useNavigate();
  const info = useQuotation(id);
  const linesQuery = useQuotationLines(id);
  const [chosen, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<BatchAction | 'confirm' | null>(null);
  const confirmKey = useRef(newIdempotencyKey());

  const lines: OrderLine[] = useMemo(() => linesQuery.data?.list ?? [], [linesQuery.data]);
  const ids = useMemo(() => lines.map((l) => l.id), [lines]);
  // Lines the buyer deleted (or that went away) are no longer part of the selection.
  const selected = useMemo(() => keepExisting(chosen, ids), [chosen, ids]);

  if (info.isPending || linesQuery.isPending) return <Loading t={t} />;
  if ((info.isError && !info.data) || (linesQuery.isError && !linesQuery.data))
    return (
      <Failed
        t={t}
        onRetry={() => {
          void info.refetch();
          void linesQuery.refetch();
        }}
      />
    );
  const order = info.data;
  const page = linesQuery.data;
  if (!order || !page) return null;

  const toConfirm = lines.filter((l) => l.line_status !== 'confirmed').length;
  const failed = (e: unknown) => showErrorToast(isApiError(e) && e.tip ? e.tip : t('loadFailed'));

  /** Every batch action needs a selection (spec section 5); deleting says so in its own words. */
  const needSelection = (action: BatchAction): boolean => {
    if (selected.size > 0) return false;
    setNotice(t(action === 'delete_lines' ? 'quote.nothingToDelete' : 'quote.needSelection'));
    return true;
  };

  const run = async (action: BatchAction, boxes?: number) => {
    setBusy(action);
    try {
      await updateLines(id, action, [...selected], boxes);
      if (action === 'delete_lines') setSelected(new Set());
      setDialog(null);
      showToast(t('quote.saved'), 'success');
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  };

  const confirmAll = async () => {
    if (toConfirm > 0) {
      setNotice(t('quote.submitNeedsAll', { count: toConfirm }));
      return;
    }
    setBusy('confirm');
    try {
      await confirmQuotation(id, confirmKey.current);
      showToast(t('quote.done'), 'success');
      void navigate(`${PATHS.orderDetails}?id=${id}`);
    } catch (e) {
      failed(e);
      setBusy(null);
    }
  };

  const canEdit = order.status === 'quoted';
  return (
    <>
      <section className={classes.card} aria-labelledby="quote-number">
        <div className={classes.orderHead}>
          <h2 id="quote-number" className={classes.orderNumber}>
            <bdi>{order.order_number}</bdi>
          </h2>
          <StatusBadge status={order.status} t={t} />
          {order.valid_until ? (
            <span className={classes.muted}>
              {t('quote.validUntil', { date: formatDate(order.valid_until) })}
            </span>
          ) : null}
        </div>
        <Facts
          items={[
            [t('detail.currency'), `${order.currency}${order.trade_term ? ` · ${order.trade_term}` : ''}`],
            [t('detail.orderAmount'), formatMinor(order.order_amount, order.currency)],
            [
              `${t('detail.deposit')} (${order.deposit_percent}%)`,
              formatMinor(order.deposit_amount, order.currency),
            ],
            [t('detail.balance'), formatMinor(order.balance_amount, order.currency)],
          ]}
        />
        {order.remark ? (
          <p className={classes.muted} dir="auto">
            {t('detail.remarks')}: {order.remark}
          </p>
        ) : null}
      </section>

      {canEdit ? (
        <div className={classes.toolbar} role="toolbar" aria-label={t('quote.title')}>
          <span className={classes.muted} aria-live="polite" data-testid="selected-count">
            {t('quote.selected', { count: selected.size })}
          </span>
          <div className={classes.toolbarEnd}>
            <Button
              size="xs"
              variant="light"
              loading={busy === 'confirm_lines'}
              onClick={() => !needSelection('confirm_lines') && void run('confirm_lines')}
            >
              {t('quote.batchConfirm')}
            </Button>
            <Button
              size="xs"
              variant="light"
              onClick={() => !needSelection('set_boxes') && setDialog('boxes')}
            >
              {t('quote.batchBoxes')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => !needSelection('delete_lines') && setDialog('delete')}
            >
              {t('quote.batchDelete')}
            </Button>
          </div>
        </div>
      ) : null}
      {notice ? (
        <p role="alert" className={classes.error} data-testid="quote-notice">
          {notice}
        </p>
      ) : null}

      <LinesTable
        lines={lines}
        currency={order.currency}
        t={t}
        caption={t('detail.lines')}
        select={
          canEdit
            ? {
                selected,
                onToggle: (lineId) => {
                  setNotice('');
                  setSelected(toggleOne(selected, lineId));
                },
                onToggleAll: () => {
                  setNotice('');
                  setSelected(toggleAll(selected, ids));
                },
              }
            : undefined
        }
      />
      <Totals t={t} totals={page.totals} />

      {canEdit ? (
        <Group justify="flex-end">
          <Button
            size="md"
            onClick={() => void confirmAll()}
            loading={busy === 'confirm'}
            disabled={lines.length === 0}
          >
            {t('quote.submit')}
          </Button>
        </Group>
      ) : null}

      {dialog === 'boxes' ? (
        <BoxesDialog
          count={selected.size}
          busy={busy === 'set_boxes'}
          t={t}
          onApply={(boxes) => void run('set_boxes', boxes)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'delete' ? (
        <Modal opened onClose={() => setDialog(null)} title={t('quote.batchDelete')} centered>
          <p>{t('quote.deleteConfirm', { count: selected.size })}</p>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)} disabled={busy === 'delete_lines'}>
              {t('quote.cancel')}
            </Button>
            <Button color="red" loading={busy === 'delete_lines'} onClick={() => void run('delete_lines')}>
              {t('quote.batchDelete')}
            </Button>
          </Group>
        </Modal>
      ) : null}
    </>
  );
}

/**
 * /quoteAckForm: the buyer goes through a quotation the exporter sent (the one in ?id=, else the
 * newest), confirms, changes the boxes of, or deletes selected lines, and confirms the quotation,
 * which becomes an order. 'No quotation' when none waits.
 */
export default function QuoteAckFormPage() {
  const { t, ready } = useOrdersT();
  useOrderChanges();
  const [params] = useSearchParams();
  const asked = idOf(params.get('id'));
  const list = useQuotationList();
  const id = asked ?? list.data?.list[0]?.id ?? null;

  let body;
  if (!ready || (asked === null && list.isPending)) body = <Loading t={t} />;
  else if (asked === null && list.isError && !list.data)
    body = <Failed t={t} onRetry={() => void list.refetch()} />;
  else if (id === null)
    body = (
      <div>
        <NothingHere icon={<DocumentIcon width="100%" height="100%" />}>
          <strong>{t('quote.none')}</strong>
          <br />
          {t('quote.noneText')}
        </NothingHere>
        <Group justify="center" mt="md">
          <Button component={Link} to={PATHS.orderList} variant="light">
            {t('center.allOrders')}
          </Button>
        </Group>
      </div>
    );
  else
    body = (
      <>
        <QuotationPicker current={id} t={t} />
        <Quotation key={id} id={id} t={t} />
      </>
    );

  return (
    <div className={classes.page}>
      <div className={classes.head}>
        <h1 className={classes.title}>{ready ? t('quote.title') : '\u00a0'}</h1>
        {ready ? (
          <Button component={Link} to={PATHS.personalCenter} variant="subtle">
            {t('center.title')}
          </Button>
        ) : null}
      </div>
      {body}
    </div>
  );
}

import { Badge, Button, Skeleton } from '@mantine/core';
import type { OrderLine, OrderListFilter, OrderStatus } from '@vitrine/contract';
import type { ReactNode } from 'react';
import { NothingHere } from '../../../components/page/StatePanels';
import { formatNumber } from '../../../lib/format';
import { formatMinor } from '../money';
import type { OrdersT } from '../orders-i18n';
import classes from './account.module.css';

const STATUS_COLOR: Record<OrderStatus, string> = {
  draft: 'gray',
  quoted: 'blue',
  pending_payment: 'orange',
  paid: 'teal',
  pending_final_payment: 'orange',
  pending_shipment: 'cyan',
  shipped: 'green',
  closed: 'gray',
  cancelled: 'red',
};

/** Every status (the record's keys are checked against the contract's type). */
export const STATUSES = Object.keys(STATUS_COLOR) as OrderStatus[];

/**
 * The order list's filters (spec section 4). The contract's ORDER_LIST_FILTERS lives beside its
 * zod schemas, which importing it would bring into the browser; rules.test checks they agree.
 */
export const ORDER_FILTERS = [
  'all',
  'confirmed',
  'to_be_confirmed',
] as const satisfies readonly OrderListFilter[];

/** An order's status as a coloured word (never the colour alone). */
export function StatusBadge({ status, t }: { status: OrderStatus; t: OrdersT }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="sm" data-testid="order-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A region that is loading: a note for screen readers and a few grey blocks. */
export function Loading({ t, rows = 3, height = 80 }: { t: OrdersT; rows?: number; height?: number }) {
  return (
    <div aria-busy="true" className={classes.page}>
      <span role="status" className={classes.muted}>
        {t('loading')}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A region that could not be loaded, with a way to try again. */
export function Failed({ t, onRetry }: { t: OrdersT; onRetry(): void }) {
  return (
    <NothingHere>
      <span role="alert">{t('loadFailed')}</span>
      <br />
      <Button variant="light" mt="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </NothingHere>
  );
}

/** Label and value pairs (a definition list). */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={classes.facts}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface LineTotals {
  products: number;
  boxes: number;
  quantity: number;
  amount: number;
  currency: string;
}

/** The totals of a quotation or order: products, boxes, procurement quantity and amount. */
export function Totals({ totals, t }: { totals: LineTotals; t: OrdersT }) {
  const items: [string, string, string][] = [
    ['products', t('totals.products'), formatNumber(totals.products)],
    ['boxes', t('totals.boxes'), formatNumber(totals.boxes)],
    ['quantity', t('totals.quantity'), formatNumber(totals.quantity)],
    ['amount', t('totals.amount'), formatMinor(totals.amount, totals.currency)],
  ];
  return (
    <dl className={classes.totals} aria-live="polite" data-testid="order-totals">
      {items.map(([key, label, value]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-testid={`total-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The purchase quantity with its unit: '240 PCS'. */
export const quantityOf = (line: OrderLine) =>
  `${formatNumber(line.purchase_quantity)} ${line.purchase_unit}`;

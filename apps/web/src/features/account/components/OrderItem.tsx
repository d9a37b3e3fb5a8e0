import { Button } from '@mantine/core';
import type { OrderSummary } from '@vitrine/contract';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { formatMinor } from '../money';
import type { OrdersT } from '../orders-i18n';
import classes from './account.module.css';
import { Facts, StatusBadge } from './parts';

/** Where an order leads: a quotation to its confirmation, anything else to its details. */
export const orderHref = (o: Pick<OrderSummary, 'id' | 'status'>) =>
  `${o.status === 'quoted' ? PATHS.quoteAckForm : PATHS.orderDetails}?id=${o.id}`;

/** One quotation or order of a list: number, status, dates, amount, products and boxes. */
export function OrderItem({ order, t }: { order: OrderSummary; t: OrdersT }) {
  const quoted = order.status === 'quoted';
  return (
    <li className={classes.order} data-testid="order-item">
      <div className={classes.orderHead}>
        <h2 className={classes.orderNumber}>
          <span className={classes.muted}>{t('list.number')}: </span>
          <bdi>{order.order_number}</bdi>
        </h2>
        <StatusBadge status={order.status} t={t} />
        <div className={classes.orderEnd}>
          <Button component={Link} to={orderHref(order)} size="xs" variant={quoted ? 'filled' : 'light'}>
            {t(quoted ? 'list.confirm' : 'list.view')}
          </Button>
        </div>
      </div>
      <Facts
        items={[
          [t('list.created'), formatDate(order.created_at)],
          [t('list.amount'), formatMinor(order.order_amount, order.currency)],
          [t('list.products'), formatNumber(order.total_products)],
          [t('totals.boxes'), formatNumber(order.total_boxes)],
        ]}
      />
    </li>
  );
}

import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { ORDER_STATUSES, type OrderStatus, STAFF_ORDER_VIEWS } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable } from '../../components/ServerTable';
import { call } from '../../lib/api';
import { formatAmount, formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { useSearchBox, useServerTable } from '../../lib/useServerTable';
import { STATUS_COLOR, ordersKey } from './keys';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const DEFAULTS = { view: 'all', status: '', q: '' };

/** The address's view and status, each kept only when it is one the server knows. */
function readFilters(values: typeof DEFAULTS) {
  const view = (STAFF_ORDER_VIEWS as readonly string[]).includes(values.view)
    ? (values.view as (typeof STAFF_ORDER_VIEWS)[number])
    : 'all';
  const status = (ORDER_STATUSES as readonly string[]).includes(values.status)
    ? (values.status as OrderStatus)
    : undefined;
  return { view, status };
}

/** Quotations and orders, filtered and paged by the server. */
export function OrdersPage() {
  const { t } = useTranslation();
  const table = useServerTable({
    key: ordersKey,
    defaults: DEFAULTS,
    filters: (v) => {
      const { view, status } = readFilters(v);
      return { view, search: v.q, ...(status ? { status } : {}) };
    },
    fetch: (request) => call('staff_list_orders', request),
  });
  const { values, setFilters, list } = table;
  const { view, status } = readFilters(values);
  const search = useSearchBox(values.q, (q) => setFilters({ q }));
  const clearFilters = () => {
    search.clear();
    setFilters(DEFAULTS);
  };
  const filtered = Boolean(view !== 'all' || status || values.q);

  return (
    <>
      <PageHeader title={t('ui.orders.listTitle')} />
      <Paper p="md" withBorder mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t('ui.orders.view')}
            value={view}
            onChange={(v) => setFilters({ view: v })}
            data={STAFF_ORDER_VIEWS.map((v) => ({ value: v, label: t(`ui.orders.views.${v}`) }))}
          />
          <NativeSelect
            label={t('ui.common.status')}
            value={status ?? ''}
            onChange={(e) => setFilters({ status: e.currentTarget.value })}
            data={[
              { value: '', label: t('ui.common.all') },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`ui.orders.status.${s}`) })),
            ]}
          />
          <TextInput
            label={t('ui.orders.searchLabel')}
            type="search"
            value={search.text}
            onChange={(e) => search.change(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          {filtered && (
            <Button variant="subtle" onClick={clearFilters}>
              {t('ui.common.clearFilters')}
            </Button>
          )}
        </Group>
      </Paper>
      <ServerTable
        table={table}
        minWidth={640}
        filtered={filtered}
        empty={t('ui.orders.empty')}
        tableProps={{ highlightOnHover: true }}
        head={
          <>
            <Table.Th>{t('ui.orders.number')}</Table.Th>
            <Table.Th>{t('ui.orders.buyer')}</Table.Th>
            <Table.Th visibleFrom="md">{t('ui.orders.created')}</Table.Th>
            <Table.Th ta="right" style={NOWRAP} visibleFrom="md">
              {t('ui.quote.totalProducts')}
            </Table.Th>
            <Table.Th ta="right" style={NOWRAP}>
              {t('ui.quote.grandTotal')}
            </Table.Th>
            <Table.Th visibleFrom="lg">{t('ui.quote.shipDate')}</Table.Th>
            <Table.Th>{t('ui.common.status')}</Table.Th>
          </>
        }
      >
        {list.data?.list.map((o) => (
          <Table.Tr key={o.id} fw={o.pending_vouchers > 0 ? 600 : undefined}>
            <Table.Td>
              <Anchor
                component={Link}
                to={`/orders/${o.id}`}
                aria-label={t('ui.orders.open', { number: o.order_number })}
              >
                {o.order_number}
              </Anchor>
            </Table.Td>
            <Table.Td>{o.customer_name}</Table.Td>
            <Table.Td visibleFrom="md">{formatDateTime(o.created_at)}</Table.Td>
            <Table.Td ta="right" visibleFrom="md">
              {formatNumber(o.total_products)}
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {formatAmount(o.order_amount, o.currency)}
              {o.trade_term && (
                <Text span size="xs" c="dimmed" fw={400}>
                  {` ${o.trade_term}`}
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="lg">{formatDate(o.estimated_ship_date)}</Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Badge color={STATUS_COLOR[o.status]} variant="light">
                  {t(`ui.orders.status.${o.status}`)}
                </Badge>
                {o.pending_vouchers > 0 && (
                  <Badge color="red" variant="filled" size="sm">
                    {t('ui.orders.vouchersWaiting', { count: o.pending_vouchers })}
                  </Badge>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ServerTable>
    </>
  );
}

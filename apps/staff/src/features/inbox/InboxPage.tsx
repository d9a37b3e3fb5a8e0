import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Email } from '../../components/Email';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable } from '../../components/ServerTable';
import { call } from '../../lib/api';
import { dayEnd, dayStart, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { useSearchBox, useServerTable } from '../../lib/useServerTable';
import { samplesKey } from './keys';

/** Short headings of number columns stay on one line (产品数 was split as 产品 / 数). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const DEFAULTS = { status: 'all', from: '', to: '', q: '', customer: '', name: '' };

/** Submitted sample lists, filtered and paged by the server. */
export function InboxPage() {
  const { t } = useTranslation();
  const table = useServerTable({
    key: samplesKey,
    defaults: DEFAULTS,
    filters: (v) => {
      const customerId = Number(v.customer) || undefined;
      return {
        status: v.status as 'all' | 'new' | 'seen',
        search: v.q,
        ...(customerId ? { customer_id: customerId } : {}),
        ...(dayStart(v.from) !== undefined ? { date_from: dayStart(v.from) } : {}),
        ...(dayEnd(v.to) !== undefined ? { date_to: dayEnd(v.to) } : {}),
      };
    },
    fetch: (request) => call('staff_list_samples', request),
  });
  const { values, setFilters, list } = table;
  const customerId = Number(values.customer) || undefined;
  const search = useSearchBox(values.q, (q) => setFilters({ q }));
  const clearFilters = () => {
    search.clear();
    setFilters(DEFAULTS);
  };
  const filtered = Boolean(values.status !== 'all' || values.q || values.from || values.to || customerId);

  return (
    <>
      <PageHeader title={t('ui.inbox.title')} />
      <Paper p="md" withBorder mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t('ui.common.status')}
            value={values.status}
            onChange={(status) => setFilters({ status })}
            data={[
              { value: 'all', label: t('ui.common.all') },
              { value: 'new', label: t('ui.inbox.new') },
              { value: 'seen', label: t('ui.inbox.seen') },
            ]}
          />
          <TextInput
            label={t('ui.inbox.searchLabel')}
            type="search"
            value={search.text}
            onChange={(e) => search.change(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <TextInput
            label={t('ui.inbox.dateFrom')}
            type="date"
            value={values.from}
            max={values.to || undefined}
            onChange={(e) => setFilters({ from: e.currentTarget.value })}
          />
          <TextInput
            label={t('ui.inbox.dateTo')}
            type="date"
            value={values.to}
            min={values.from || undefined}
            onChange={(e) => setFilters({ to: e.currentTarget.value })}
          />
          {filtered && (
            <Button variant="subtle" onClick={clearFilters}>
              {t('ui.common.clearFilters')}
            </Button>
          )}
        </Group>
        {customerId && (
          <Group mt="sm" gap="xs">
            <Badge size="lg" variant="light">
              {t('ui.inbox.customerFilter', { name: values.name || `#${customerId}` })}
            </Badge>
            <Button size="compact-sm" variant="subtle" onClick={() => setFilters({ customer: '', name: '' })}>
              {t('ui.inbox.clearCustomer')}
            </Button>
          </Group>
        )}
      </Paper>
      {/* Narrower screens drop the contact, email and cartons columns (the email moves under the
         buyer), so number, buyer, total and status stay in view on a tablet. */}
      <ServerTable
        table={table}
        minWidth={600}
        filtered={filtered}
        tableProps={{ highlightOnHover: true }}
        head={
          <>
            <Table.Th>{t('ui.inbox.number')}</Table.Th>
            <Table.Th>{t('ui.inbox.submitted')}</Table.Th>
            <Table.Th>{t('ui.inbox.buyer')}</Table.Th>
            <Table.Th visibleFrom="md">{t('ui.inbox.contact')}</Table.Th>
            <Table.Th visibleFrom="xl">{t('ui.inbox.email')}</Table.Th>
            <Table.Th ta="right" style={NOWRAP}>
              {t('ui.inbox.products')}
            </Table.Th>
            <Table.Th ta="right" visibleFrom="md" style={NOWRAP}>
              {t('ui.inbox.cartons')}
            </Table.Th>
            <Table.Th ta="right">{t('ui.inbox.total')}</Table.Th>
            <Table.Th>{t('ui.common.status')}</Table.Th>
          </>
        }
      >
        {list.data?.list.map((s) => (
          <Table.Tr key={s.id} fw={s.status === 'new' ? 600 : undefined}>
            <Table.Td>
              <Anchor
                component={Link}
                to={`/inbox/${s.id}`}
                aria-label={t('ui.inbox.open', { number: s.number })}
              >
                {s.number}
              </Anchor>
            </Table.Td>
            <Table.Td>{formatDateTime(s.created_at)}</Table.Td>
            <Table.Td>
              {s.customer_name || t('ui.inbox.visitor')}
              {s.company_name && (
                <Text size="xs" c="dimmed" fw={400}>
                  {s.company_name}
                </Text>
              )}
              {s.email && (
                <Text size="xs" c="dimmed" fw={400} hiddenFrom="xl">
                  <Email address={s.email} />
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="md">{s.contact}</Table.Td>
            <Table.Td visibleFrom="xl">
              <Email address={s.email} />
            </Table.Td>
            <Table.Td ta="right">{formatNumber(s.product_count)}</Table.Td>
            <Table.Td ta="right" visibleFrom="md">
              {formatNumber(s.totals.ctn)}
            </Table.Td>
            <Table.Td ta="right">{formatMoney(s.totals.price, s.totals.money_unit)}</Table.Td>
            <Table.Td>
              <Badge color={s.status === 'new' ? 'red' : 'gray'} variant="light">
                {t(s.status === 'new' ? 'ui.inbox.new' : 'ui.inbox.seen')}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </ServerTable>
    </>
  );
}

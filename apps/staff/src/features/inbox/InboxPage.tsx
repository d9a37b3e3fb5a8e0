import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Email } from '../../components/Email';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { QueryState } from '../../components/QueryState';
import { call } from '../../lib/api';
import { dayEnd, dayStart, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { useUrlFilters } from '../../lib/useParams';
import { samplesKey } from './keys';

const PAGE_SIZE = 20;
/** Short headings of number columns stay on one line (产品数 was split as 产品 / 数). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const DEFAULTS = { status: 'all', from: '', to: '', q: '', customer: '', name: '' };

/** Submitted sample lists, filtered and paged by the server. */
export function InboxPage() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useUrlFilters(DEFAULTS);
  const [search, setSearch] = useState(values.q);
  // Typing searches after a pause; clearing the filters cancels a search still waiting.
  const pushSearch = useDebouncedCallback((q: string) => setFilters({ q: q.trim() }), 300);
  const clearFilters = () => {
    pushSearch.cancel();
    setSearch('');
    setFilters(DEFAULTS);
  };

  const customerId = Number(values.customer) || undefined;
  const request = {
    page,
    page_size: PAGE_SIZE,
    status: values.status as 'all' | 'new' | 'seen',
    search: values.q,
    ...(customerId ? { customer_id: customerId } : {}),
    ...(dayStart(values.from) !== undefined ? { date_from: dayStart(values.from) } : {}),
    ...(dayEnd(values.to) !== undefined ? { date_to: dayEnd(values.to) } : {}),
  };
  const list = useQuery({
    queryKey: [...samplesKey, request],
    queryFn: () => call('staff_list_samples', request),
    placeholderData: keepPreviousData,
  });
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
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
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
      <Paper withBorder>
        <QueryState
          isPending={list.isPending}
          error={list.error}
          retry={() => void list.refetch()}
          empty={list.data?.list.length === 0 && (filtered ? t('ui.common.noMatch') : t('ui.common.empty'))}
        >
          {/* Narrower screens drop the contact, email and cartons columns (the email moves under the
              buyer), so number, buyer, total and status stay in view on a tablet. */}
          <Table.ScrollContainer minWidth={600}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
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
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </QueryState>
      </Paper>
      {list.data && list.data.total > 0 && (
        <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onChange={setPage} />
      )}
    </>
  );
}

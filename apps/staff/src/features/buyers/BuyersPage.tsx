import { Anchor, Button, Group, Menu, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CUSTOMER_SORTS, type StaffCustomer } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountCells, useStatusChange } from '../../components/AccountStatus';
import { Email } from '../../components/Email';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable } from '../../components/ServerTable';
import { type Secret, SecretModal } from '../../components/SecretModal';
import { useConfirm } from '../../components/confirm';
import { call, callWithTip } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';
import { notifyError, notifySuccess, tipOf } from '../../lib/notify';
import { useSearchBox, useServerTable } from '../../lib/useServerTable';
import { CustomerForm, type CustomerFields } from './CustomerForm';

const DEFAULTS = { q: '', status: 'all', sort: 'newest' };
const KEY = ['customers'] as const;
const SORT_LABELS: Record<(typeof CUSTOMER_SORTS)[number], string> = {
  newest: 'ui.buyers.sortNewest',
  oldest: 'ui.buyers.sortOldest',
  name: 'ui.buyers.sortName',
  last_login: 'ui.buyers.sortLastLogin',
};

/** Buyers' accounts: search, filter, sort and page on the server; create, edit, reset, disable. */
export function BuyersPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const table = useServerTable({
    key: KEY,
    defaults: DEFAULTS,
    filters: (v) => ({
      search: v.q,
      sort: v.sort as (typeof CUSTOMER_SORTS)[number],
      ...(v.status === '1' || v.status === '0' ? { status: Number(v.status) as 0 | 1 } : {}),
    }),
    fetch: (request) => call('staff_list_customers', request),
  });
  const { values, setFilters, list } = table;
  const search = useSearchBox(values.q, (q) => setFilters({ q }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const [editing, setEditing] = useState<StaffCustomer | 'new' | null>(null);
  const [problem, setProblem] = useState('');
  const [secret, setSecret] = useState<Secret | null>(null);

  const save = useMutation({
    mutationFn: async (fields: CustomerFields) => {
      const { password, ...rest } = fields;
      if (editing && editing !== 'new')
        return callWithTip('staff_update_customer', { id: editing.id, ...rest });
      return callWithTip('staff_create_customer', { ...rest, ...(password ? { password } : {}) });
    },
    onSuccess: ({ data, tip }, fields) => {
      notifySuccess(tip);
      setEditing(null);
      void refresh();
      if ('password' in data && !fields.password)
        setSecret({
          label: t('ui.buyers.passwordFor', { name: data.customer.customer_name }),
          value: data.password,
        });
    },
    onError: (e) => setProblem(tipOf(e)),
  });

  const resetPassword = async (c: StaffCustomer) => {
    const ok = await confirm({
      title: t('ui.buyers.resetPassword'),
      message: t('ui.buyers.resetConfirm', { name: c.customer_name }),
      danger: true,
    });
    if (!ok) return;
    try {
      const { data, tip } = await callWithTip('staff_reset_customer_password', { id: c.id });
      notifySuccess(tip);
      setSecret({ label: t('ui.buyers.passwordFor', { name: c.customer_name }), value: data.password });
    } catch (e) {
      notifyError(e);
    }
  };

  // Shown once, as a whole address to copy: only its hash is kept, and it works once (decision 0044).
  const makeLoginLink = async (c: StaffCustomer) => {
    try {
      const { data, tip } = await callWithTip('staff_create_login_link', { id: c.id });
      notifySuccess(tip);
      setSecret({
        label: t('ui.buyers.loginLinkFor', { name: c.customer_name }),
        value: new URL(data.path, window.location.origin).href,
      });
    } catch (e) {
      notifyError(e);
    }
  };

  const changeStatus = useStatusChange('buyers', refresh);
  const setStatus = (c: StaffCustomer) =>
    changeStatus({ status: c.status, name: c.customer_name }, (status) =>
      callWithTip('staff_set_customer_status', { id: c.id, status }),
    );

  const openForm = (c: StaffCustomer | 'new') => {
    setProblem('');
    setEditing(c);
  };

  return (
    <>
      <PageHeader title={t('ui.buyers.title')}>
        <Button onClick={() => openForm('new')}>{t('ui.buyers.new')}</Button>
      </PageHeader>
      <Paper p="md" withBorder mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('ui.buyers.searchLabel')}
            type="search"
            value={search.text}
            onChange={(e) => search.change(e.currentTarget.value)}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            label={t('ui.common.status')}
            value={values.status}
            onChange={(status) => setFilters({ status: status ?? 'all' })}
            data={[
              { value: 'all', label: t('ui.common.all') },
              { value: '1', label: t('ui.common.active') },
              { value: '0', label: t('ui.common.disabled') },
            ]}
            allowDeselect={false}
            w={140}
          />
          <Select
            label={t('ui.common.sort')}
            value={values.sort}
            onChange={(sort) => setFilters({ sort: sort ?? 'newest' })}
            data={CUSTOMER_SORTS.map((s) => ({ value: s, label: t(SORT_LABELS[s]) }))}
            allowDeselect={false}
            w={170}
          />
        </Group>
      </Paper>
      {/* Narrower screens drop the country, then the phone and email columns (the email moves
         under the name), so the status and the actions stay in view on a tablet. */}
      <ServerTable
        table={table}
        minWidth={600}
        filtered={Boolean(values.q || values.status !== 'all')}
        tableProps={{ highlightOnHover: true }}
        head={
          <>
            <Table.Th>{t('ui.buyers.name')}</Table.Th>
            <Table.Th visibleFrom="md">{t('ui.buyers.email')}</Table.Th>
            <Table.Th visibleFrom="md">{t('ui.buyers.phone')}</Table.Th>
            <Table.Th visibleFrom="xl">{t('ui.buyers.country')}</Table.Th>
            <Table.Th ta="right">{t('ui.buyers.samples')}</Table.Th>
            <Table.Th>{t('ui.buyers.lastLogin')}</Table.Th>
            <Table.Th>{t('ui.common.status')}</Table.Th>
            <Table.Th>{t('ui.common.actions')}</Table.Th>
          </>
        }
      >
        {list.data?.list.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>
              {c.customer_name}
              {c.nickname && (
                <Text size="xs" c="dimmed">
                  {c.nickname}
                </Text>
              )}
              {c.email && (
                <Text size="xs" c="dimmed" hiddenFrom="md">
                  <Email address={c.email} />
                </Text>
              )}
            </Table.Td>
            <Table.Td visibleFrom="md">
              <Email address={c.email} />
            </Table.Td>
            <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
              {c.phone}
            </Table.Td>
            <Table.Td visibleFrom="xl">{c.country}</Table.Td>
            <Table.Td ta="right">
              <Anchor
                component={Link}
                to={`/inbox?customer=${c.id}&name=${encodeURIComponent(c.customer_name)}`}
                aria-label={t('ui.buyers.viewSamples', { name: c.customer_name })}
              >
                {formatNumber(c.sample_count)}
              </Anchor>
            </Table.Td>
            <Table.Td>{c.last_login_at ? formatDateTime(c.last_login_at) : t('ui.common.never')}</Table.Td>
            <AccountCells
              status={c.status}
              name={c.customer_name}
              onEdit={() => openForm(c)}
              onStatus={() => void setStatus(c)}
            >
              <Menu.Item
                component={Link}
                to={`/inbox?customer=${c.id}&name=${encodeURIComponent(c.customer_name)}`}
              >
                {t('ui.buyers.samples')}
              </Menu.Item>
              <Menu.Item onClick={() => void resetPassword(c)}>{t('ui.buyers.resetPassword')}</Menu.Item>
              {c.status === 1 && (
                <Menu.Item onClick={() => void makeLoginLink(c)}>{t('ui.buyers.loginLink')}</Menu.Item>
              )}
            </AccountCells>
          </Table.Tr>
        ))}
      </ServerTable>
      {editing && (
        <CustomerForm
          key={editing === 'new' ? 'new' : editing.id}
          customer={editing === 'new' ? null : editing}
          opened
          busy={save.isPending}
          problem={problem}
          onClose={() => setEditing(null)}
          onSubmit={(fields) => save.mutate(fields)}
        />
      )}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}

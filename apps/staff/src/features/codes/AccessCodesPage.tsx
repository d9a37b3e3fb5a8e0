import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffAccessCode } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable } from '../../components/ServerTable';
import { type Secret, SecretModal } from '../../components/SecretModal';
import { useConfirm } from '../../components/confirm';
import { call, callWithTip } from '../../lib/api';
import { dayEnd, formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { notifyError, notifySuccess, tipOf } from '../../lib/notify';
import { useServerTable } from '../../lib/useServerTable';

const KEY = ['access-codes'] as const;
const STATUS_COLORS: Record<StaffAccessCode['status'], string> = {
  active: 'green',
  expired: 'gray',
  used_up: 'orange',
  revoked: 'red',
};

function CreateCodeModal({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(code: string, label: string): void;
}) {
  const { t } = useTranslation();
  const [label, setLabel] = useState('');
  const [expiry, setExpiry] = useState('');
  const [maxUses, setMaxUses] = useState<number | string>('');
  const [problem, setProblem] = useState('');
  const create = useMutation({
    mutationFn: () =>
      callWithTip('staff_create_access_code', {
        label,
        // The code works through the whole of the chosen day.
        expires_at: dayEnd(expiry) ?? null,
        max_uses: typeof maxUses === 'number' ? maxUses : null,
      }),
    onSuccess: ({ data, tip }) => {
      notifySuccess(tip);
      onCreated(data.code, data.access_code.label);
    },
    onError: (e) => setProblem(tipOf(e)),
  });
  return (
    <Modal opened onClose={onClose} title={t('ui.codes.new')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack>
          <TextInput
            label={t('ui.codes.label')}
            value={label}
            maxLength={100}
            onChange={(e) => setLabel(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label={t('ui.codes.expiryDate')}
            type="date"
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value)}
          />
          <NumberInput
            label={t('ui.codes.maxUses')}
            min={1}
            max={100_000}
            allowDecimal={false}
            value={maxUses}
            onChange={setMaxUses}
          />
          <div aria-live="polite">{problem && <Alert color="red">{problem}</Alert>}</div>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ui.common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('ui.common.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Visitor access codes: status, uses, expiry; create (code shown once); revoke. */
export function AccessCodesPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const table = useServerTable({
    key: KEY,
    defaults: { status: 'all' },
    filters: (v) => ({ status: v.status as 'all' | 'active' | 'inactive' }),
    fetch: (request) => call('staff_list_access_codes', request),
  });
  const { values, setFilters, list } = table;
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<Secret | null>(null);

  const revoke = async (c: StaffAccessCode) => {
    const ok = await confirm({
      title: t('ui.codes.revoke'),
      message: t('ui.codes.revokeConfirm', { label: c.label || t('ui.codes.noLabel') }),
      confirmLabel: t('ui.codes.revoke'),
      danger: true,
    });
    if (!ok) return;
    try {
      const { tip } = await callWithTip('staff_revoke_access_code', { id: c.id });
      notifySuccess(tip);
      void queryClient.invalidateQueries({ queryKey: KEY });
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <>
      <PageHeader title={t('ui.codes.title')}>
        <Button onClick={() => setCreating(true)}>{t('ui.codes.new')}</Button>
      </PageHeader>
      <Paper p="md" withBorder mb="md">
        <SegmentedControl
          aria-label={t('ui.common.status')}
          value={values.status}
          onChange={(status) => setFilters({ status })}
          data={[
            { value: 'all', label: t('ui.common.all') },
            { value: 'active', label: t('ui.codes.filterActive') },
            { value: 'inactive', label: t('ui.codes.filterInactive') },
          ]}
        />
      </Paper>
      <ServerTable
        table={table}
        minWidth={560}
        head={
          <>
            <Table.Th>{t('ui.codes.label')}</Table.Th>
            <Table.Th>{t('ui.common.status')}</Table.Th>
            <Table.Th ta="right">{t('ui.codes.uses')}</Table.Th>
            <Table.Th>{t('ui.codes.expires')}</Table.Th>
            <Table.Th visibleFrom="md">{t('ui.codes.created')}</Table.Th>
            <Table.Th>{t('ui.common.actions')}</Table.Th>
          </>
        }
      >
        {list.data?.list.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>{c.label || t('ui.codes.noLabel')}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[c.status]} variant="light">
                {t(`ui.codes.st_${c.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">
              {formatNumber(c.use_count)} /{' '}
              {c.max_uses === null ? t('ui.codes.unlimited') : formatNumber(c.max_uses)}
            </Table.Td>
            <Table.Td>
              {c.expires_at === null ? t('ui.codes.noExpiry') : formatDate(c.expires_at - 1)}
            </Table.Td>
            <Table.Td visibleFrom="md">{formatDateTime(c.created_at)}</Table.Td>
            <Table.Td>
              {c.status !== 'revoked' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => void revoke(c)}
                  aria-label={`${t('ui.codes.revoke')}: ${c.label || t('ui.codes.noLabel')}`}
                >
                  {t('ui.codes.revoke')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </ServerTable>
      {creating && (
        <CreateCodeModal
          onClose={() => setCreating(false)}
          onCreated={(code, label) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: KEY });
            setSecret({
              label: label ? `${t('ui.codes.codeTitle')} (${label})` : t('ui.codes.codeTitle'),
              value: code,
            });
          }}
        />
      )}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}

import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_STATUSES, type StaffApplication } from '@vitrine/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { LanguageName } from '../../components/LanguageName';
import { type Secret, SecretModal } from '../../components/SecretModal';
import { ServerTable } from '../../components/ServerTable';
import { useConfirm } from '../../components/confirm';
import { call, callWithTip } from '../../lib/api';
import { dayEnd, formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess, tipOf } from '../../lib/notify';
import { refreshCounts } from '../../lib/queries';
import { useServerTable } from '../../lib/useServerTable';

const KEY = ['applications'] as const;
const STATUS_COLORS: Record<StaffApplication['status'], string> = {
  new: 'blue',
  approved: 'green',
  declined: 'gray',
};

function ApproveModal({
  application,
  onClose,
  onApproved,
}: {
  application: StaffApplication;
  onClose(): void;
  onApproved(secret: Secret): void;
}) {
  const { t } = useTranslation();
  const [grant, setGrant] = useState<'customer' | 'access_code'>('customer');
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [maxUses, setMaxUses] = useState<number | string>('');
  const [problem, setProblem] = useState('');
  const approve = useMutation({
    mutationFn: () =>
      callWithTip('staff_approve_application', {
        id: application.id,
        grant,
        ...(grant === 'customer'
          ? { customer_name: name }
          : { expires_at: dayEnd(expiry) ?? null, max_uses: typeof maxUses === 'number' ? maxUses : null }),
      }),
    onSuccess: ({ data, tip }) => {
      notifySuccess(tip);
      onApproved({
        label: data.customer
          ? t('ui.applications.secretPassword', { name: data.customer.customer_name })
          : t('ui.applications.secretCode'),
        value: data.secret,
      });
    },
    onError: (e) => setProblem(tipOf(e)),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('ui.applications.approveTitle', { phone: application.phone })}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          approve.mutate();
        }}
      >
        <Stack>
          <Radio.Group
            label={t('ui.applications.grant')}
            value={grant}
            onChange={(v) => setGrant(v as typeof grant)}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="customer" label={t('ui.applications.grantCustomer')} data-autofocus />
              <Radio value="access_code" label={t('ui.applications.grantCode')} />
            </Stack>
          </Radio.Group>
          {grant === 'customer' ? (
            <TextInput
              label={t('ui.applications.customerName')}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          ) : (
            <>
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
            </>
          )}
          <div aria-live="polite">{problem && <Alert color="red">{problem}</Alert>}</div>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ui.common.cancel')}
            </Button>
            <Button type="submit" loading={approve.isPending}>
              {t('ui.applications.approve')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Buyers asking for access: approve as a buyer account or an access code (secret shown once), or decline. */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const table = useServerTable({
    key: KEY,
    defaults: { status: 'new' },
    filters: (v) => ({ status: v.status as 'all' | StaffApplication['status'] }),
    fetch: (request) => call('staff_list_applications', request),
  });
  const { values, setFilters, list } = table;
  const [approving, setApproving] = useState<StaffApplication | null>(null);
  const [secret, setSecret] = useState<Secret | null>(null);
  const note = useRef('');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: KEY });
    void refreshCounts(queryClient);
  };

  const decline = async (a: StaffApplication) => {
    note.current = '';
    const ok = await confirm({
      title: t('ui.applications.decline'),
      message: t('ui.applications.declineConfirm', { phone: a.phone }),
      confirmLabel: t('ui.applications.decline'),
      danger: true,
      children: (
        <Textarea
          label={t('ui.applications.declineNote')}
          maxLength={500}
          autosize
          minRows={2}
          onChange={(e) => {
            note.current = e.currentTarget.value;
          }}
        />
      ),
    });
    if (!ok) return;
    try {
      const { tip } = await callWithTip('staff_decline_application', { id: a.id, note: note.current });
      notifySuccess(tip);
      refresh();
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <>
      <PageHeader title={t('ui.applications.title')} />
      <Paper p="md" withBorder mb="md">
        <SegmentedControl
          aria-label={t('ui.common.status')}
          value={values.status}
          onChange={(status) => setFilters({ status })}
          data={[
            ...APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`ui.applications.st_${s}`) })),
            { value: 'all', label: t('ui.common.all') },
          ]}
        />
      </Paper>
      <ServerTable
        table={table}
        minWidth={600}
        head={
          <>
            <Table.Th>{t('ui.applications.phone')}</Table.Th>
            <Table.Th>{t('ui.applications.language')}</Table.Th>
            <Table.Th>{t('ui.applications.received')}</Table.Th>
            <Table.Th>{t('ui.common.status')}</Table.Th>
            <Table.Th>{t('ui.common.actions')}</Table.Th>
          </>
        }
      >
        {list.data?.list.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>{a.phone}</Table.Td>
            <Table.Td>
              <LanguageName lang={a.lang} />
            </Table.Td>
            <Table.Td>{formatDateTime(a.created_at)}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[a.status]} variant="light">
                {t(`ui.applications.st_${a.status}`)}
              </Badge>
              {a.answered_by && (
                <Text size="xs" c="dimmed">
                  {t('ui.applications.by', { name: a.answered_by })} · {formatDateTime(a.answered_at)}
                </Text>
              )}
              {a.note && (
                <Text size="xs" c="dimmed">
                  {a.note}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {a.status === 'new' && (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    onClick={() => setApproving(a)}
                    aria-label={`${t('ui.applications.approve')}: ${a.phone}`}
                  >
                    {t('ui.applications.approve')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => void decline(a)}
                    aria-label={`${t('ui.applications.decline')}: ${a.phone}`}
                  >
                    {t('ui.applications.decline')}
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </ServerTable>
      {approving && (
        <ApproveModal
          application={approving}
          onClose={() => setApproving(null)}
          onApproved={(s) => {
            setApproving(null);
            refresh();
            setSecret(s);
          }}
        />
      )}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}

import {
  Alert,
  Button,
  Group,
  Menu,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Table,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLES, type StaffRole, type StaffUser } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountCells, useStatusChange } from '../../components/AccountStatus';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable } from '../../components/ServerTable';
import { type Secret, SecretModal } from '../../components/SecretModal';
import { useConfirm } from '../../components/confirm';
import { call, callWithTip } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess, tipOf } from '../../lib/notify';
import { useMe } from '../../lib/queries';
import { useServerTable } from '../../lib/useServerTable';

const KEY = ['staff'] as const;

function StaffForm({
  member,
  onClose,
  onSaved,
}: {
  member: StaffUser | null;
  onClose(): void;
  onSaved(secret: Secret | null): void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(member?.name ?? '');
  const [email, setEmail] = useState(member?.email ?? '');
  const [role, setRole] = useState<StaffRole>(member?.role ?? 'sales');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const save = useMutation({
    mutationFn: async () =>
      member
        ? { ...(await callWithTip('staff_update_staff', { id: member.id, name, role })), password: null }
        : await callWithTip('staff_create_staff', {
            name,
            email,
            role,
            ...(password ? { password } : {}),
          }).then((r) => ({
            tip: r.tip,
            data: r.data.staff,
            password: password ? null : r.data.password,
          })),
    onSuccess: ({ tip, data, password: shown }) => {
      notifySuccess(tip);
      onSaved(shown ? { label: t('ui.staff.passwordFor', { name: data.name }), value: shown } : null);
    },
    onError: (e) => setProblem(tipOf(e)),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={member ? t('ui.staff.editTitle', { name: member.name }) : t('ui.staff.createTitle')}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack>
          <TextInput
            label={t('ui.staff.name')}
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          {!member && (
            <TextInput
              label={t('ui.staff.email')}
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          )}
          <Select
            label={t('ui.staff.role')}
            value={role}
            onChange={(v) => v && setRole(v as StaffRole)}
            allowDeselect={false}
            data={STAFF_ROLES.map((r) => ({ value: r, label: t(`ui.roles.${r}`) }))}
          />
          {!member && (
            <PasswordInput
              label={t('ui.login.password')}
              description={t('ui.password.optionalHint')}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
          )}
          <div aria-live="polite">{problem && <Alert color="red">{problem}</Alert>}</div>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ui.common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {member ? t('ui.common.save') : t('ui.common.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The company's staff (owner): create with a role, rename, change role, disable, reset a password. */
export function StaffPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const me = useMe();
  const table = useServerTable({
    key: KEY,
    defaults: {},
    filters: () => ({}),
    fetch: (request) => call('staff_list_staff', request),
  });
  const { list } = table;
  const [editing, setEditing] = useState<StaffUser | 'new' | null>(null);
  const [secret, setSecret] = useState<Secret | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const resetPassword = async (s: StaffUser) => {
    if (
      !(await confirm({
        title: t('ui.staff.resetPassword'),
        message: t('ui.staff.resetConfirm', { name: s.name }),
        danger: true,
      }))
    )
      return;
    try {
      const { data, tip } = await callWithTip('staff_reset_staff_password', { id: s.id });
      notifySuccess(tip);
      setSecret({ label: t('ui.staff.passwordFor', { name: s.name }), value: data.password });
    } catch (e) {
      notifyError(e);
    }
  };
  const changeStatus = useStatusChange('staff', refresh);
  const setStatus = (s: StaffUser) =>
    changeStatus(s, (status) => callWithTip('staff_update_staff', { id: s.id, status }));

  return (
    <>
      <PageHeader title={t('ui.staff.title')}>
        <Button onClick={() => setEditing('new')}>{t('ui.staff.new')}</Button>
      </PageHeader>
      <ServerTable
        table={table}
        minWidth={600}
        head={
          <>
            <Table.Th>{t('ui.staff.name')}</Table.Th>
            <Table.Th>{t('ui.staff.email')}</Table.Th>
            <Table.Th>{t('ui.staff.role')}</Table.Th>
            <Table.Th visibleFrom="md">{t('ui.staff.lastLogin')}</Table.Th>
            <Table.Th>{t('ui.common.status')}</Table.Th>
            <Table.Th>{t('ui.common.actions')}</Table.Th>
          </>
        }
      >
        {list.data?.list.map((s) => {
          const self = s.id === me.data?.staff.id;
          return (
            <Table.Tr key={s.id}>
              <Table.Td>
                {s.name} {self && t('ui.staff.you')}
              </Table.Td>
              <Table.Td>{s.email}</Table.Td>
              <Table.Td>{t(`ui.roles.${s.role}`)}</Table.Td>
              <Table.Td visibleFrom="md">
                {s.last_login_at ? formatDateTime(s.last_login_at) : t('ui.common.never')}
              </Table.Td>
              <AccountCells
                status={s.status}
                name={s.name}
                onEdit={() => setEditing(s)}
                onStatus={self ? undefined : () => void setStatus(s)}
              >
                <Menu.Item onClick={() => void resetPassword(s)}>{t('ui.staff.resetPassword')}</Menu.Item>
              </AccountCells>
            </Table.Tr>
          );
        })}
      </ServerTable>
      {editing && (
        <StaffForm
          member={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(s) => {
            setEditing(null);
            void refresh();
            if (s) setSecret(s);
          }}
        />
      )}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}

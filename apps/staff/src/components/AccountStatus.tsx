import { Badge, Button, Group, Menu, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../lib/notify';
import { useConfirm } from './confirm';
import { RowActions } from './RowActions';

/**
 * An account that signs in (a buyer's, a staff member's) is active (1) or disabled (0): the
 * console's buyers and team pages show and change it alike.
 */
type Status = number;

/** Whether the account may sign in, as the lists show it. */
function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 1 ? 'green' : 'gray'} variant="light">
      {status === 1 ? t('ui.common.active') : t('ui.common.disabled')}
    </Badge>
  );
}

/** The row menu's item that disables an active account (in red) or enables a disabled one. */
function StatusMenuItem({ status, onClick }: { status: Status; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Menu.Item color={status === 1 ? 'red' : undefined} onClick={onClick}>
      {status === 1 ? t('ui.common.disable') : t('ui.common.enable')}
    </Menu.Item>
  );
}

/**
 * A listed account's last cells: whether it may sign in, and its edit button beside a menu of the
 * rest (`children`), which ends with disabling or enabling it unless `onStatus` is left out (a
 * staff member's own account).
 */
export function AccountCells({
  status,
  name,
  onEdit,
  onStatus,
  children,
}: {
  status: Status;
  name: string;
  onEdit(): void;
  onStatus?: (() => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td>
        <StatusBadge status={status} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={onEdit}>
            {t('ui.common.edit')}
          </Button>
          <RowActions label={t('ui.buyers.moreFor', { name })}>
            {children}
            {onStatus && <StatusMenuItem status={status} onClick={onStatus} />}
          </RowActions>
        </Group>
      </Table.Td>
    </>
  );
}

/**
 * Disables an active account or enables a disabled one once staff confirm (the question is the
 * page's own: ui.<page>.disableConfirm / enableConfirm), says how it went and refreshes the list.
 * `change` makes the call with the new status.
 */
export function useStatusChange(page: 'buyers' | 'staff', refresh: () => unknown) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  return async (
    account: { status: Status; name: string },
    change: (status: 0 | 1) => Promise<{ tip: string }>,
  ) => {
    const disabling = account.status === 1;
    const label = disabling ? t('ui.common.disable') : t('ui.common.enable');
    const ok = await confirm({
      title: label,
      message: t(`ui.${page}.${disabling ? 'disableConfirm' : 'enableConfirm'}`, { name: account.name }),
      confirmLabel: label,
      danger: disabling,
    });
    if (!ok) return;
    try {
      const { tip } = await change(disabling ? 0 : 1);
      notifySuccess(tip);
      void refresh();
    } catch (e) {
      notifyError(e);
    }
  };
}

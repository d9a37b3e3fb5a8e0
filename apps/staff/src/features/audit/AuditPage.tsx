import {
  Button,
  Code,
  Collapse,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable } from '../../components/ServerTable';
import { call } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useSearchBox, useServerTable } from '../../lib/useServerTable';

const PAGE_SIZE = 30;

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

/** What staff changed (owner): when, who, which call, on what; before and after on demand. */
export function AuditPage() {
  const { t } = useTranslation();
  const table = useServerTable({
    key: ['audit'],
    defaults: { action: '', staff: '' },
    pageSize: PAGE_SIZE,
    filters: (v) => {
      const staffId = Number(v.staff) || undefined;
      return { action: v.action, ...(staffId ? { staff_id: staffId } : {}) };
    },
    fetch: (request) => call('staff_list_audit', request),
  });
  const { values, setFilters, list } = table;
  const action = useSearchBox(values.action, (text) => setFilters({ action: text }));
  const [open, setOpen] = useState<number | null>(null);
  const staff = useQuery({
    queryKey: ['staff', 'all'],
    queryFn: () => call('staff_list_staff', { page: 1, page_size: 100 }),
  });

  return (
    <>
      <PageHeader title={t('ui.audit.title')} />
      <Paper p="md" withBorder mb="md">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('ui.audit.actionFilter')}
            value={action.text}
            onChange={(e) => action.change(e.currentTarget.value)}
            w={260}
          />
          <Select
            label={t('ui.audit.who')}
            value={values.staff || ''}
            onChange={(v) => setFilters({ staff: v ?? '' })}
            allowDeselect={false}
            data={[
              { value: '', label: t('ui.audit.anyStaff') },
              ...(staff.data?.list.map((s) => ({ value: String(s.id), label: s.name })) ?? []),
            ]}
            w={220}
          />
        </Group>
      </Paper>
      <ServerTable
        table={table}
        minWidth={600}
        tableProps={{ striped: false, verticalSpacing: 'xs' }}
        head={
          <>
            <Table.Th>{t('ui.audit.when')}</Table.Th>
            <Table.Th>{t('ui.audit.who')}</Table.Th>
            <Table.Th>{t('ui.audit.action')}</Table.Th>
            <Table.Th>{t('ui.audit.target')}</Table.Th>
            <Table.Th>{t('ui.audit.details')}</Table.Th>
          </>
        }
      >
        {list.data?.list.map((entry) => {
          const expanded = open === entry.id;
          return (
            <Fragment key={entry.id}>
              <Table.Tr>
                <Table.Td>{formatDateTime(entry.created_at)}</Table.Td>
                <Table.Td>{entry.staff_name}</Table.Td>
                <Table.Td>
                  <Code>{entry.action}</Code>
                </Table.Td>
                <Table.Td>{entry.target}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-expanded={expanded}
                    aria-controls={`audit-${entry.id}`}
                    onClick={() => setOpen(expanded ? null : entry.id)}
                  >
                    {expanded ? t('ui.audit.hideDetails') : t('ui.audit.showDetails')}
                  </Button>
                </Table.Td>
              </Table.Tr>
              {expanded && (
                <Table.Tr>
                  <Table.Td colSpan={5} id={`audit-${entry.id}`}>
                    <Collapse expanded>
                      <SimpleGrid cols={2}>
                        <div>
                          <Text size="xs" fw={600}>
                            {t('ui.audit.before')}
                          </Text>
                          <Code block>{json(entry.before)}</Code>
                        </div>
                        <div>
                          <Text size="xs" fw={600}>
                            {t('ui.audit.after')}
                          </Text>
                          <Code block>{json(entry.after)}</Code>
                        </div>
                      </SimpleGrid>
                    </Collapse>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          );
        })}
      </ServerTable>
    </>
  );
}

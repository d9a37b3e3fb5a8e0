import { Button, Paper, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { StackTable } from '../../components/StackTable';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FactoryFields, StaffFactory } from '@vitrine/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { QueryState } from '../../components/QueryState';
import { useConfirm } from '../../components/confirm';
import { call } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { useMe } from '../../lib/queries';
import { mayCall } from '../../lib/roles';
import { useUrlFilters } from '../../lib/useParams';
import { OPTIONS_KEY } from '../products/keys';
import { contentKey, EditAndMenu, EditorModal, useContentWrite, useEditor } from './parts';

const PAGE_SIZE = 20;

type Draft = FactoryFields & { id?: number; updated_at?: number };
const EMPTY: Draft = {
  name: '',
  name_en: '',
  contact: '',
  phone: '',
  address: '',
  address_en: '',
  inspection_level: '',
};
const FIELDS = ['name', 'name_en', 'contact', 'phone', 'address', 'address_en', 'inspection_level'] as const;
/** The language a field is written in, for screen readers and spelling. */
const FIELD_LANG: Partial<Record<(typeof FIELDS)[number], string>> = {
  name: 'zh-CN',
  address: 'zh-CN',
  name_en: 'en',
  address_en: 'en',
};

const named = (zh: string, en: string) => (currentLanguage() === 'zh' ? zh || en : en || zh);

/** The factories products are made in: searched and paged on the server, offered in the product editor. */
export function FactoriesPage() {
  const { t } = useTranslation();
  const me = useMe();
  const editable = mayCall(me.data?.staff.role, 'staff_save_factory');
  const confirm = useConfirm();
  const client = useQueryClient();
  const { values, page, setFilters, setPage } = useUrlFilters({ q: '' });
  const [search, setSearch] = useState(values.q);
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced.trim() !== values.q) setFilters({ q: debounced.trim() });
  }, [debounced, values.q, setFilters]);
  const body = { page, page_size: PAGE_SIZE, search: values.q };
  const query = useQuery({
    queryKey: contentKey('factories', body),
    queryFn: () => call('staff_list_factories', body),
    placeholderData: keepPreviousData,
  });
  const editor = useEditor<Draft>();
  // The product editor's factory choice reads its own query: a new or renamed factory shows there too.
  const optionsChanged = () => void client.invalidateQueries({ queryKey: OPTIONS_KEY });
  const save = useContentWrite('staff_save_factory', () => {
    editor.close();
    optionsChanged();
  });
  const remove = useContentWrite('staff_delete_content', optionsChanged);
  const list = query.data?.list ?? [];

  const askDelete = async (f: StaffFactory) => {
    const ok = await confirm({
      title: t('ui.content.factories.deleteTitle'),
      message: t('ui.content.factories.deleteMessage', {
        name: named(f.name, f.name_en),
        count: f.product_count,
        inspections: f.inspection_count,
      }),
      confirmLabel: t('ui.common.remove'),
      danger: true,
    });
    if (ok) remove.mutate({ kind: 'factory', id: f.id });
  };

  const d = editor.editing;
  const { id, updated_at, ...factory } = d ?? EMPTY;

  return (
    <>
      <PageHeader title={t('ui.content.factories.title')}>
        {editable && (
          <Button onClick={() => editor.open({ ...EMPTY })}>{t('ui.content.factories.add')}</Button>
        )}
      </PageHeader>
      <TextInput
        label={t('ui.content.factories.search')}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
        mb="sm"
      />
      <QueryState
        isPending={query.isPending}
        error={query.error}
        retry={() => void query.refetch()}
        empty={
          list.length === 0 &&
          (values.q ? t('ui.content.factories.noMatch') : t('ui.content.factories.empty'))
        }
      >
        <Paper withBorder>
          <StackTable minWidth={760} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ui.content.name')}</Table.Th>
                <Table.Th>{t('ui.content.factories.contact')}</Table.Th>
                <Table.Th>{t('ui.content.factories.phone')}</Table.Th>
                <Table.Th>{t('ui.content.factories.inspection_level')}</Table.Th>
                <Table.Th>{t('ui.content.factories.products')}</Table.Th>
                <Table.Th>{t('ui.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((f) => {
                const name = named(f.name, f.name_en);
                return (
                  <Table.Tr key={f.id}>
                    <Table.Td data-stack="main">
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                      {f.name && f.name_en && (
                        <Text size="xs" c="dimmed">
                          {name === f.name ? f.name_en : f.name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label={t('ui.content.factories.contact')}>{f.contact || '—'}</Table.Td>
                    <Table.Td data-label={t('ui.content.factories.phone')}>{f.phone || '—'}</Table.Td>
                    <Table.Td data-label={t('ui.content.factories.inspection_level')}>
                      {f.inspection_level || '—'}
                    </Table.Td>
                    <Table.Td data-label={t('ui.content.factories.products')}>{f.product_count}</Table.Td>
                    <Table.Td data-stack="actions">
                      <EditAndMenu
                        editable={editable}
                        name={name}
                        onEdit={() => editor.open({ ...f })}
                        onRemove={() => void askDelete(f)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </StackTable>
        </Paper>
        <Pager page={page} pageSize={PAGE_SIZE} total={query.data?.total ?? 0} onChange={setPage} />
      </QueryState>

      <EditorModal
        title={d?.id ? t('ui.content.factories.edit') : t('ui.content.factories.add')}
        opened={d !== null}
        onClose={() => {
          editor.close();
          save.reset();
        }}
        onSubmit={() =>
          save.mutate({
            id,
            updated_at,
            factory: Object.fromEntries(FIELDS.map((k) => [k, factory[k]])) as FactoryFields,
          })
        }
        saving={save.isPending}
        problem={save.error}
        readOnly={!editable}
      >
        {d && (
          <>
            <Text size="xs" c="dimmed">
              {t('ui.content.factories.nameNeeded')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {FIELDS.map((k) => (
                <TextInput
                  key={k}
                  label={t(`ui.content.factories.${k}`)}
                  value={d[k]}
                  onChange={(e) => editor.open({ ...d, [k]: e.currentTarget.value })}
                  readOnly={!editable}
                  lang={FIELD_LANG[k]}
                />
              ))}
            </SimpleGrid>
          </>
        )}
      </EditorModal>
    </>
  );
}

import { Badge, Button, Image, Menu, Paper, Select, Switch, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StaffCategory } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { PictureField } from '../../components/PictureField';
import { QueryState } from '../../components/QueryState';
import { useConfirm } from '../../components/confirm';
import { call } from '../../lib/api';
import { useMe } from '../../lib/queries';
import { mayCall } from '../../lib/roles';
import {
  contentKey,
  EditAndMenu,
  EditorModal,
  emptyTexts,
  LanguagesBadge,
  moved,
  OrderButtons,
  textIn,
  type Texts,
  TextsByLanguage,
  useContentWrite,
  useEditor,
} from './parts';

interface Draft {
  id?: number;
  updated_at?: number;
  parent_id: number | null;
  names: Texts;
  picture: string;
  status: 0 | 1;
}

const draftOf = (k: StaffCategory): Draft => ({
  id: k.id,
  updated_at: k.updated_at,
  parent_id: k.parent_id,
  names: { ...emptyTexts(), ...k.names },
  picture: k.picture,
  status: k.status,
});

/** The categories: two levels in order, names in 16 languages, a picture, shown or hidden. */
export function CategoriesPage() {
  const { t } = useTranslation();
  const me = useMe();
  const editable = mayCall(me.data?.staff.role, 'staff_save_category');
  const confirm = useConfirm();
  const query = useQuery({
    queryKey: contentKey('categories'),
    queryFn: () => call('staff_list_categories', {}),
  });
  const editor = useEditor<Draft>();
  const save = useContentWrite('staff_save_category', editor.close);
  const order = useContentWrite('staff_order_content');
  const remove = useContentWrite('staff_delete_content');
  const list = query.data?.list ?? [];
  const tops = list.filter((k) => k.parent_id === null);
  const siblings = (k: StaffCategory) => list.filter((x) => x.parent_id === k.parent_id);

  const move = (k: StaffCategory, from: number, to: number) =>
    order.mutate({ kind: 'category', ids: moved(siblings(k), from, to).map((x) => x.id) });
  const askDelete = async (k: StaffCategory) => {
    const ok = await confirm({
      title: t('ui.content.categories.deleteTitle'),
      message: t('ui.content.categories.deleteMessage', { name: textIn(k.names), count: k.product_count }),
      confirmLabel: t('ui.common.remove'),
      danger: true,
    });
    if (ok) remove.mutate({ kind: 'category', id: k.id });
  };
  const open = (parent_id: number | null) =>
    editor.open({ parent_id, names: emptyTexts(), picture: '', status: 1 });

  const d = editor.editing;
  const set = (change: Partial<Draft>) => d && editor.open({ ...d, ...change });
  const { id, updated_at, ...category } = d ?? ({} as Draft);

  return (
    <>
      <PageHeader title={t('ui.content.categories.title')}>
        {editable && <Button onClick={() => open(null)}>{t('ui.content.categories.add')}</Button>}
      </PageHeader>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.content.categories.hint')}
      </Text>
      <QueryState
        isPending={query.isPending}
        error={query.error}
        retry={() => void query.refetch()}
        empty={list.length === 0 && t('ui.content.categories.empty')}
      >
        <Paper withBorder>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={64}>{t('ui.content.picture')}</Table.Th>
                  <Table.Th>{t('ui.content.name')}</Table.Th>
                  <Table.Th>{t('ui.content.languages')}</Table.Th>
                  <Table.Th>{t('ui.content.categories.products')}</Table.Th>
                  <Table.Th>{t('ui.common.status')}</Table.Th>
                  <Table.Th>{t('ui.common.sort')}</Table.Th>
                  <Table.Th>{t('ui.common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((k) => {
                  const level = siblings(k);
                  const name = textIn(k.names) || `#${k.id}`;
                  return (
                    <Table.Tr key={k.id}>
                      <Table.Td>
                        {k.picture ? (
                          <Image src={k.picture} alt="" h={36} w={48} fit="contain" radius="sm" />
                        ) : (
                          <Text size="xs" c="dimmed">
                            —
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text
                          size="sm"
                          pl={k.parent_id === null ? 0 : 'lg'}
                          fw={k.parent_id === null ? 600 : 400}
                        >
                          {k.parent_id === null ? name : `└ ${name}`}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <LanguagesBadge texts={k.names} />
                      </Table.Td>
                      <Table.Td>{k.product_count}</Table.Td>
                      <Table.Td>
                        {k.status ? (
                          <Badge variant="light">{t('ui.content.shown')}</Badge>
                        ) : (
                          <Badge variant="light" color="gray">
                            {t('ui.content.hidden')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <OrderButtons
                          name={name}
                          index={level.indexOf(k)}
                          count={level.length}
                          onMove={(from, to) => move(k, from, to)}
                          disabled={!editable || order.isPending}
                        />
                      </Table.Td>
                      <Table.Td>
                        <EditAndMenu
                          editable={editable}
                          name={name}
                          onEdit={() => editor.open(draftOf(k))}
                          onRemove={() => void askDelete(k)}
                          items={
                            k.parent_id === null && (
                              <Menu.Item onClick={() => open(k.id)}>
                                {t('ui.content.categories.addChild')}
                              </Menu.Item>
                            )
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </QueryState>

      <EditorModal
        title={d?.id ? t('ui.content.categories.edit') : t('ui.content.categories.add')}
        opened={d !== null}
        onClose={() => {
          editor.close();
          save.reset();
        }}
        onSubmit={() => save.mutate({ id, updated_at, category })}
        saving={save.isPending}
        problem={save.error}
        readOnly={!editable}
      >
        {d && (
          <>
            <Select
              label={t('ui.content.categories.parent')}
              data={[
                { value: '', label: t('ui.content.categories.topLevel') },
                ...tops
                  .filter((k) => k.id !== d.id)
                  .map((k) => ({ value: String(k.id), label: textIn(k.names) })),
              ]}
              value={d.parent_id === null ? '' : String(d.parent_id)}
              onChange={(v) => set({ parent_id: v ? Number(v) : null })}
              readOnly={!editable}
              allowDeselect={false}
            />
            <Switch
              label={t('ui.content.shownToBuyers')}
              checked={d.status === 1}
              onChange={(e) => set({ status: e.currentTarget.checked ? 1 : 0 })}
              disabled={!editable}
            />
            <PictureField
              label={t('ui.content.picture')}
              value={d.picture}
              onChange={(picture) => set({ picture })}
            />
            <NamesHint names={d.names} />
            <TextsByLanguage
              label={t('ui.content.name')}
              idPrefix="category-name"
              value={d.names}
              onChange={(names) => set({ names })}
              readOnly={!editable}
            />
          </>
        )}
      </EditorModal>
    </>
  );
}

/** A name in Chinese or English is needed (the fallbacks of buyers' pages). */
function NamesHint({ names }: { names: Texts }) {
  const { t } = useTranslation();
  const [touched] = useState(() => !!(names.zh || names.en));
  if (names.zh.trim() || names.en.trim() || !touched)
    return (
      <Text size="xs" c="dimmed">
        {t('ui.content.nameNeeded')}
      </Text>
    );
  return (
    <Text size="xs" c="red" role="alert">
      {t('ui.content.nameNeeded')}
    </Text>
  );
}

import { Button, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StaffHotArea } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
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
  OrderedProducts,
  ProductPicker,
  textIn,
  type Texts,
  TextsByLanguage,
  useContentWrite,
  useEditor,
} from './parts';

interface Draft {
  id?: number;
  updated_at?: number;
  names: Texts;
}

/**
 * The buyer regions (hot areas) in the order buyers see them, named in 16 languages, each with
 * its ranking of hot products: what the region's hot list shows first (decision 0065).
 */
export function HotAreasPage() {
  const { t } = useTranslation();
  const me = useMe();
  const editable = mayCall(me.data?.staff.role, 'staff_save_hot_area');
  const confirm = useConfirm();
  const query = useQuery({
    queryKey: contentKey('hotAreas'),
    queryFn: () => call('staff_list_hot_areas', {}),
  });
  const editor = useEditor<Draft>();
  const [ranking, setRanking] = useState<StaffHotArea | null>(null);
  const save = useContentWrite('staff_save_hot_area', editor.close);
  const order = useContentWrite('staff_order_content');
  const remove = useContentWrite('staff_delete_content');
  const list = query.data?.list ?? [];

  const askDelete = async (a: StaffHotArea) => {
    const ok = await confirm({
      title: t('ui.content.hotAreas.deleteTitle'),
      message: t('ui.content.hotAreas.deleteMessage', { name: textIn(a.names), count: a.product_count }),
      confirmLabel: t('ui.common.remove'),
      danger: true,
    });
    if (ok) remove.mutate({ kind: 'hot_area', id: a.id });
  };

  const d = editor.editing;
  const { id, updated_at, names } = d ?? ({} as Draft);

  return (
    <>
      <PageHeader title={t('ui.content.hotAreas.title')}>
        {editable && (
          <Button onClick={() => editor.open({ names: emptyTexts() })}>{t('ui.content.hotAreas.add')}</Button>
        )}
      </PageHeader>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.content.hotAreas.hint')}
      </Text>
      <QueryState
        isPending={query.isPending}
        error={query.error}
        retry={() => void query.refetch()}
        empty={list.length === 0 && t('ui.content.hotAreas.empty')}
      >
        <Paper withBorder>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ui.content.name')}</Table.Th>
                  <Table.Th>{t('ui.content.languages')}</Table.Th>
                  <Table.Th>{t('ui.content.hotAreas.products')}</Table.Th>
                  <Table.Th>{t('ui.common.sort')}</Table.Th>
                  <Table.Th>{t('ui.common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((a, i) => {
                  const name = textIn(a.names) || `#${a.id}`;
                  return (
                    <Table.Tr key={a.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <LanguagesBadge texts={a.names} />
                      </Table.Td>
                      <Table.Td>{a.product_count}</Table.Td>
                      <Table.Td>
                        <OrderButtons
                          name={name}
                          index={i}
                          count={list.length}
                          onMove={(from, to) =>
                            order.mutate({ kind: 'hot_area', ids: moved(list, from, to).map((x) => x.id) })
                          }
                          disabled={!editable || order.isPending}
                        />
                      </Table.Td>
                      <Table.Td>
                        <EditAndMenu
                          editable={editable}
                          name={name}
                          editVariant="subtle"
                          before={
                            <Button size="xs" variant="light" onClick={() => setRanking(a)}>
                              {t('ui.content.hotAreas.ranking')}
                            </Button>
                          }
                          onEdit={() =>
                            editor.open({
                              id: a.id,
                              updated_at: a.updated_at,
                              names: { ...emptyTexts(), ...a.names },
                            })
                          }
                          onRemove={() => void askDelete(a)}
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
        title={d?.id ? t('ui.content.hotAreas.edit') : t('ui.content.hotAreas.add')}
        opened={d !== null}
        onClose={() => {
          editor.close();
          save.reset();
        }}
        onSubmit={() => save.mutate({ id, updated_at, hot_area: { names } })}
        saving={save.isPending}
        problem={save.error}
        readOnly={!editable}
      >
        {d && (
          <>
            <Text size="xs" c="dimmed">
              {t('ui.content.nameNeeded')}
            </Text>
            <TextsByLanguage
              label={t('ui.content.name')}
              idPrefix="hot-area-name"
              value={d.names}
              onChange={(next) => editor.open({ ...d, names: next })}
              readOnly={!editable}
            />
          </>
        )}
      </EditorModal>

      <Modal
        opened={ranking !== null}
        onClose={() => setRanking(null)}
        title={ranking ? t('ui.content.hotAreas.rankingOf', { name: textIn(ranking.names) }) : ''}
        size="lg"
      >
        {ranking && <Ranking areaId={ranking.id} editable={editable} />}
      </Modal>
    </>
  );
}

/** A region's ranking: products added last, moved a place at a time, or taken out; each change is saved at once. */
function Ranking({ areaId, editable }: { areaId: number; editable: boolean }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: contentKey('hotArea', areaId),
    queryFn: () => call('staff_get_hot_area', { id: areaId }),
  });
  const add = useContentWrite('staff_add_hot_products');
  const order = useContentWrite('staff_order_content');
  const remove = useContentWrite('staff_delete_content');
  const products = query.data?.products ?? [];
  const busy = add.isPending || order.isPending || remove.isPending;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('ui.content.hotAreas.rankingHint')}
      </Text>
      {editable && (
        <ProductPicker
          label={t('ui.content.hotAreas.addProduct')}
          exclude={products.map((p) => p.product_id)}
          onPick={(p) => add.mutate({ area_id: areaId, product_ids: [p.id] })}
          disabled={busy}
        />
      )}
      <QueryState isPending={query.isPending} error={query.error} retry={() => void query.refetch()}>
        <OrderedProducts
          products={products}
          numbered
          editable={editable}
          busy={busy}
          onMove={(from, to) =>
            order.mutate({ kind: 'hot_product', ids: moved(products, from, to).map((p) => p.id) })
          }
          onRemove={(p) => remove.mutate({ kind: 'hot_product', id: p.id })}
          empty={t('ui.content.hotAreas.noProducts')}
        />
      </QueryState>
    </Stack>
  );
}

import {
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StaffBooth, StaffShowroom } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { PictureField } from '../../components/PictureField';
import { QueryState } from '../../components/QueryState';
import { useConfirm } from '../../components/confirm';
import { call } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { useMe } from '../../lib/queries';
import { mayCall } from '../../lib/roles';
import {
  contentKey,
  EditOrRemove,
  EditorModal,
  moved,
  OrderButtons,
  OrderedProducts,
  ProductPicker,
  useContentWrite,
  useEditor,
} from './parts';

interface RoomDraft {
  id?: number;
  updated_at?: number;
  name: string;
  name_en: string;
  address: string;
  address_en: string;
  picture: string;
  description: string;
}

type BoothProduct = StaffBooth['products'][number];
interface BoothDraft {
  id?: number;
  updated_at?: number;
  showroom_id: number;
  booth_number: string;
  name: string;
  name_en: string;
  picture: string;
  products: BoothProduct[];
}

const roomDraft = (s: StaffShowroom): RoomDraft => ({
  id: s.id,
  updated_at: s.updated_at,
  name: s.name,
  name_en: s.name_en,
  address: s.address,
  address_en: s.address_en,
  picture: s.picture,
  description: s.description,
});

const named = (zh: string, en: string) => (currentLanguage() === 'zh' ? zh || en : en || zh);

/** The showrooms and their booths in order; a booth's products are chosen and put in order here. */
export function ShowroomsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const editable = mayCall(me.data?.staff.role, 'staff_save_showroom');
  const confirm = useConfirm();
  const query = useQuery({
    queryKey: contentKey('showrooms'),
    queryFn: () => call('staff_list_showrooms', {}),
  });
  const rooms = useEditor<RoomDraft>();
  const booths = useEditor<BoothDraft>();
  const saveRoom = useContentWrite('staff_save_showroom', rooms.close);
  const saveBooth = useContentWrite('staff_save_booth', booths.close);
  const order = useContentWrite('staff_order_content');
  const remove = useContentWrite('staff_delete_content');
  const list = query.data?.list ?? [];

  const openBooth = async (id: number) => {
    try {
      const b = await call('staff_get_booth', { id });
      booths.open({
        id: b.id,
        updated_at: b.updated_at,
        showroom_id: b.showroom_id,
        booth_number: b.booth_number,
        name: b.name,
        name_en: b.name_en,
        picture: b.picture,
        products: b.products,
      });
    } catch (e) {
      notifyError(e);
    }
  };
  const askDelete = async (kind: 'showroom' | 'booth', id: number, name: string, count: number) => {
    const ok = await confirm({
      title: t(`ui.content.showrooms.delete.${kind}`),
      message: t(`ui.content.showrooms.deleteMessage.${kind}`, { name, count }),
      confirmLabel: t('ui.common.remove'),
      danger: true,
    });
    if (ok) remove.mutate({ kind, id });
  };

  const r = rooms.editing;
  const setRoom = (change: Partial<RoomDraft>) => r && rooms.open({ ...r, ...change });
  const b = booths.editing;
  const setBooth = (change: Partial<BoothDraft>) => b && booths.open({ ...b, ...change });

  return (
    <>
      <PageHeader title={t('ui.content.showrooms.title')}>
        {editable && (
          <Button
            onClick={() =>
              rooms.open({ name: '', name_en: '', address: '', address_en: '', picture: '', description: '' })
            }
          >
            {t('ui.content.showrooms.add')}
          </Button>
        )}
      </PageHeader>
      <QueryState
        isPending={query.isPending}
        error={query.error}
        retry={() => void query.refetch()}
        empty={list.length === 0 && t('ui.content.showrooms.empty')}
      >
        <Stack>
          {list.map((s, i) => {
            const name = named(s.name, s.name_en);
            return (
              <Paper withBorder p="md" key={s.id} component="section" aria-label={name}>
                <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
                  <Group align="flex-start" wrap="nowrap">
                    {s.picture && <Image src={s.picture} alt="" h={56} w={84} fit="cover" radius="sm" />}
                    <div>
                      <Title order={3} size="h4">
                        {name}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {named(s.address, s.address_en) || t('ui.content.showrooms.noAddress')}
                      </Text>
                    </div>
                  </Group>
                  <Group gap={4}>
                    <OrderButtons
                      name={name}
                      index={i}
                      count={list.length}
                      onMove={(from, to) =>
                        order.mutate({ kind: 'showroom', ids: moved(list, from, to).map((x) => x.id) })
                      }
                      disabled={!editable || order.isPending}
                    />
                    <Button size="xs" variant="light" onClick={() => rooms.open(roomDraft(s))}>
                      {editable ? t('ui.common.edit') : t('ui.content.view')}
                    </Button>
                    {editable && (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() =>
                            booths.open({
                              showroom_id: s.id,
                              booth_number: '',
                              name: '',
                              name_en: '',
                              picture: '',
                              products: [],
                            })
                          }
                        >
                          {t('ui.content.showrooms.addBooth')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`${t('ui.common.remove')}: ${name}`}
                          onClick={() => void askDelete('showroom', s.id, name, s.booths.length)}
                        >
                          {t('ui.common.remove')}
                        </Button>
                      </>
                    )}
                  </Group>
                </Group>
                {s.booths.length === 0 ? (
                  <Text size="sm" c="dimmed" role="status">
                    {t('ui.content.showrooms.noBooths')}
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={560}>
                    <Table verticalSpacing={4}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('ui.content.showrooms.boothNumber')}</Table.Th>
                          <Table.Th>{t('ui.content.name')}</Table.Th>
                          <Table.Th>{t('ui.content.showrooms.products')}</Table.Th>
                          <Table.Th>{t('ui.common.sort')}</Table.Th>
                          <Table.Th>{t('ui.common.actions')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {s.booths.map((booth, j) => {
                          const label = `${booth.booth_number} ${named(booth.name, booth.name_en)}`.trim();
                          return (
                            <Table.Tr key={booth.id}>
                              <Table.Td>
                                <Badge variant="outline">{booth.booth_number}</Badge>
                              </Table.Td>
                              <Table.Td>{named(booth.name, booth.name_en) || '—'}</Table.Td>
                              <Table.Td>{booth.product_count}</Table.Td>
                              <Table.Td>
                                <OrderButtons
                                  name={label}
                                  index={j}
                                  count={s.booths.length}
                                  onMove={(from, to) =>
                                    order.mutate({
                                      kind: 'booth',
                                      ids: moved(s.booths, from, to).map((x) => x.id),
                                    })
                                  }
                                  disabled={!editable || order.isPending}
                                />
                              </Table.Td>
                              <Table.Td>
                                <EditOrRemove
                                  editable={editable}
                                  name={label}
                                  onEdit={() => void openBooth(booth.id)}
                                  onRemove={() =>
                                    void askDelete('booth', booth.id, label, booth.product_count)
                                  }
                                />
                              </Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Paper>
            );
          })}
        </Stack>
      </QueryState>

      <EditorModal
        title={r?.id ? t('ui.content.showrooms.edit') : t('ui.content.showrooms.add')}
        opened={r !== null}
        onClose={() => {
          rooms.close();
          saveRoom.reset();
        }}
        onSubmit={() => {
          if (!r) return;
          const { id, updated_at, ...showroom } = r;
          saveRoom.mutate({ id, updated_at, showroom });
        }}
        saving={saveRoom.isPending}
        problem={saveRoom.error}
        readOnly={!editable}
      >
        {r && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('ui.content.nameZh')}
                value={r.name}
                onChange={(e) => setRoom({ name: e.currentTarget.value })}
                readOnly={!editable}
                lang="zh-CN"
              />
              <TextInput
                label={t('ui.content.nameEn')}
                value={r.name_en}
                onChange={(e) => setRoom({ name_en: e.currentTarget.value })}
                readOnly={!editable}
                lang="en"
              />
              <TextInput
                label={t('ui.content.showrooms.addressZh')}
                value={r.address}
                onChange={(e) => setRoom({ address: e.currentTarget.value })}
                readOnly={!editable}
                lang="zh-CN"
              />
              <TextInput
                label={t('ui.content.showrooms.addressEn')}
                value={r.address_en}
                onChange={(e) => setRoom({ address_en: e.currentTarget.value })}
                readOnly={!editable}
                lang="en"
              />
            </SimpleGrid>
            <Textarea
              label={t('ui.content.showrooms.description')}
              value={r.description}
              onChange={(e) => setRoom({ description: e.currentTarget.value })}
              readOnly={!editable}
              autosize
              minRows={3}
            />
            <PictureField
              label={t('ui.content.picture')}
              value={r.picture}
              onChange={(picture) => setRoom({ picture })}
            />
          </>
        )}
      </EditorModal>

      <EditorModal
        title={b?.id ? t('ui.content.showrooms.editBooth') : t('ui.content.showrooms.addBooth')}
        opened={b !== null}
        onClose={() => {
          booths.close();
          saveBooth.reset();
        }}
        onSubmit={() => {
          if (!b) return;
          const { id, updated_at, products, ...booth } = b;
          saveBooth.mutate({ id, updated_at, booth: { ...booth, product_ids: products.map((p) => p.id) } });
        }}
        saving={saveBooth.isPending}
        problem={saveBooth.error}
        readOnly={!editable}
      >
        {b && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('ui.content.showrooms.boothNumber')}
                value={b.booth_number}
                onChange={(e) => setBooth({ booth_number: e.currentTarget.value })}
                readOnly={!editable}
                required
              />
              <TextInput
                label={t('ui.content.nameZh')}
                value={b.name}
                onChange={(e) => setBooth({ name: e.currentTarget.value })}
                readOnly={!editable}
                lang="zh-CN"
              />
              <TextInput
                label={t('ui.content.nameEn')}
                value={b.name_en}
                onChange={(e) => setBooth({ name_en: e.currentTarget.value })}
                readOnly={!editable}
                lang="en"
              />
            </SimpleGrid>
            <PictureField
              label={t('ui.content.picture')}
              value={b.picture}
              onChange={(picture) => setBooth({ picture })}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('ui.content.showrooms.boothProducts', { count: b.products.length })}
              </Text>
              {editable && (
                <ProductPicker
                  label={t('ui.content.showrooms.addProduct')}
                  exclude={b.products.map((p) => p.id)}
                  onPick={(p) =>
                    setBooth({
                      products: [
                        ...b.products,
                        {
                          id: p.id,
                          name: p.name,
                          toy_number: p.toy_number,
                          picture: p.picture,
                          taken_off: !!p.taken_off_at,
                        },
                      ],
                    })
                  }
                />
              )}
              <OrderedProducts
                products={b.products}
                onMove={(from, to) => setBooth({ products: moved(b.products, from, to) })}
                onRemove={(p) => setBooth({ products: b.products.filter((x) => x.id !== p.id) })}
                editable={editable}
                empty={t('ui.content.showrooms.noProducts')}
              />
            </Stack>
          </>
        )}
      </EditorModal>
    </>
  );
}

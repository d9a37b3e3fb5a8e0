import {
  Badge,
  Button,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BANNER_PAGES, type BannerLink, type BannerLinkKind, type StaffBanner } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { PictureField } from '../../components/PictureField';
import { QueryState } from '../../components/QueryState';
import { StackTable } from '../../components/StackTable';
import { useConfirm } from '../../components/confirm';
import { call } from '../../lib/api';
import { dayEnd, dayStart, formatDate } from '../../lib/format';
import { useMe } from '../../lib/queries';
import { mayCall } from '../../lib/roles';
import {
  contentKey,
  EditOrRemove,
  EditorModal,
  emptyTexts,
  LanguagesBadge,
  moved,
  OrderButtons,
  ProductPicker,
  type Texts,
  TextsByLanguage,
  textIn,
  toDay,
  useContentWrite,
  useEditor,
} from './parts';

interface Draft {
  id?: number;
  updated_at?: number;
  titles: Texts;
  picture: string;
  link: BannerLink;
  /** The linked product's label, when picked here (the list shows the id otherwise). */
  productLabel?: string;
  status: 0 | 1;
  starts: string;
  ends: string;
}

const draftOf = (b: StaffBanner): Draft => ({
  id: b.id,
  updated_at: b.updated_at,
  titles: { ...emptyTexts(), ...b.titles },
  picture: b.picture,
  link: b.link,
  status: b.status,
  starts: toDay(b.starts_at),
  // ends_at is the start of the day after the last day shown.
  ends: b.ends_at === null ? '' : toDay(b.ends_at - 1),
});

const LINK_KINDS: readonly BannerLinkKind[] = ['none', 'product', 'category', 'page', 'url'];

/** The home page's banners: pictures, titles per language, where they lead, their order and dates. */
export function BannersPage() {
  const { t } = useTranslation();
  const me = useMe();
  const editable = mayCall(me.data?.staff.role, 'staff_save_banner');
  const confirm = useConfirm();
  const query = useQuery({ queryKey: contentKey('banners'), queryFn: () => call('staff_list_banners', {}) });
  const categories = useQuery({
    queryKey: contentKey('categories'),
    queryFn: () => call('staff_list_categories', {}),
  });
  const editor = useEditor<Draft>();
  const save = useContentWrite('staff_save_banner', editor.close);
  const order = useContentWrite('staff_order_content');
  const remove = useContentWrite('staff_delete_content');
  const list = query.data?.list ?? [];
  const categoryName = (id: number) =>
    textIn(categories.data?.list.find((k) => k.id === id)?.names ?? {}) || `#${id}`;
  const pageName = (path: string) => {
    const known = (BANNER_PAGES as readonly string[]).includes(path);
    return known ? t(`ui.content.banners.pages.${path}` as 'ui.content.banners.pages./home') : path;
  };
  const linkText = (l: BannerLink, productLabel?: string) => {
    switch (l.kind) {
      case 'product':
        return t('ui.content.banners.toProduct', { name: productLabel ?? `#${l.id}` });
      case 'category':
        return t('ui.content.banners.toCategory', { name: categoryName(l.id) });
      case 'page':
        return pageName(l.path);
      case 'url':
        return l.url;
      default:
        return t('ui.content.banners.noLink');
    }
  };
  const schedule = (b: StaffBanner) =>
    b.starts_at === null && b.ends_at === null
      ? t('ui.content.banners.always')
      : t('ui.content.banners.between', {
          from: b.starts_at === null ? '…' : formatDate(b.starts_at),
          to: b.ends_at === null ? '…' : formatDate(b.ends_at - 1),
        });

  const askDelete = async (b: StaffBanner) => {
    const ok = await confirm({
      title: t('ui.content.banners.deleteTitle'),
      message: t('ui.content.banners.deleteMessage', { name: textIn(b.titles) || `#${b.id}` }),
      confirmLabel: t('ui.common.remove'),
      danger: true,
    });
    if (ok) remove.mutate({ kind: 'banner', id: b.id });
  };

  const d = editor.editing;
  const set = (change: Partial<Draft>) => d && editor.open({ ...d, ...change });
  const submit = () => {
    if (!d) return;
    save.mutate({
      id: d.id,
      updated_at: d.updated_at,
      banner: {
        position: 'home',
        titles: d.titles,
        picture: d.picture,
        link: d.link,
        status: d.status,
        starts_at: dayStart(d.starts) ?? null,
        ends_at: dayEnd(d.ends) ?? null,
      },
    });
  };
  const setKind = (kind: BannerLinkKind) => {
    const link: BannerLink =
      kind === 'page'
        ? { kind, path: '/productDisplay' }
        : kind === 'url'
          ? { kind, url: 'https://' }
          : kind === 'category'
            ? { kind, id: categories.data?.list[0]?.id ?? 0 }
            : kind === 'product'
              ? { kind, id: 0 }
              : { kind: 'none' };
    set({ link, productLabel: undefined });
  };

  return (
    <>
      <PageHeader title={t('ui.content.banners.title')}>
        {editable && (
          <Button
            onClick={() =>
              editor.open({
                titles: emptyTexts(),
                picture: '',
                link: { kind: 'none' },
                status: 1,
                starts: '',
                ends: '',
              })
            }
          >
            {t('ui.content.banners.add')}
          </Button>
        )}
      </PageHeader>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.content.banners.hint')}
      </Text>
      <QueryState
        isPending={query.isPending}
        error={query.error}
        retry={() => void query.refetch()}
        empty={list.length === 0 && t('ui.content.banners.empty')}
      >
        <Paper withBorder>
          <StackTable minWidth={760} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={140}>{t('ui.content.picture')}</Table.Th>
                <Table.Th>{t('ui.content.banners.titleField')}</Table.Th>
                <Table.Th>{t('ui.content.banners.link')}</Table.Th>
                <Table.Th>{t('ui.content.banners.schedule')}</Table.Th>
                <Table.Th>{t('ui.common.status')}</Table.Th>
                <Table.Th>{t('ui.common.sort')}</Table.Th>
                <Table.Th>{t('ui.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((b, i) => {
                const name = textIn(b.titles) || `#${b.id}`;
                return (
                  <Table.Tr key={b.id}>
                    <Table.Td data-label={t('ui.content.picture')}>
                      <Image src={b.picture} alt="" h={44} w={120} fit="cover" radius="sm" />
                    </Table.Td>
                    <Table.Td data-stack="main">
                      <Text size="sm">{textIn(b.titles) || '—'}</Text>
                      <LanguagesBadge texts={b.titles} />
                    </Table.Td>
                    <Table.Td data-label={t('ui.content.banners.link')}>
                      <Text size="sm">{linkText(b.link)}</Text>
                    </Table.Td>
                    <Table.Td data-label={t('ui.content.banners.schedule')}>
                      <Text size="sm">{schedule(b)}</Text>
                    </Table.Td>
                    <Table.Td data-label={t('ui.common.status')}>
                      {b.shown_now ? (
                        <Badge variant="light">{t('ui.content.banners.shownNow')}</Badge>
                      ) : (
                        <Badge variant="light" color="gray">
                          {b.status ? t('ui.content.banners.notNow') : t('ui.content.hidden')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td data-label={t('ui.common.sort')}>
                      <OrderButtons
                        name={name}
                        index={i}
                        count={list.length}
                        onMove={(from, to) =>
                          order.mutate({ kind: 'banner', ids: moved(list, from, to).map((x) => x.id) })
                        }
                        disabled={!editable || order.isPending}
                      />
                    </Table.Td>
                    <Table.Td data-stack="actions">
                      <EditOrRemove
                        editable={editable}
                        name={name}
                        onEdit={() => editor.open(draftOf(b))}
                        onRemove={() => void askDelete(b)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </StackTable>
        </Paper>
      </QueryState>

      <EditorModal
        title={d?.id ? t('ui.content.banners.edit') : t('ui.content.banners.add')}
        opened={d !== null}
        onClose={() => {
          editor.close();
          save.reset();
        }}
        onSubmit={submit}
        saving={save.isPending}
        problem={save.error}
        readOnly={!editable}
      >
        {d && (
          <>
            <PictureField
              label={t('ui.content.banners.pictureNeeded')}
              value={d.picture}
              onChange={(picture) => set({ picture })}
            />
            <Switch
              label={t('ui.content.shownToBuyers')}
              checked={d.status === 1}
              onChange={(e) => set({ status: e.currentTarget.checked ? 1 : 0 })}
              disabled={!editable}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="date"
                label={t('ui.content.banners.from')}
                value={d.starts}
                onChange={(e) => set({ starts: e.currentTarget.value })}
                readOnly={!editable}
              />
              <TextInput
                type="date"
                label={t('ui.content.banners.until')}
                value={d.ends}
                onChange={(e) => set({ ends: e.currentTarget.value })}
                readOnly={!editable}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('ui.content.banners.link')}
                data={LINK_KINDS.map((k) => ({ value: k, label: t(`ui.content.banners.kinds.${k}`) }))}
                value={d.link.kind}
                onChange={(v) => v && setKind(v as BannerLinkKind)}
                allowDeselect={false}
                readOnly={!editable}
              />
              {d.link.kind === 'category' && (
                <Select
                  label={t('ui.content.banners.linkCategory')}
                  data={(categories.data?.list ?? []).map((k) => ({
                    value: String(k.id),
                    label: k.parent_id === null ? textIn(k.names) : `└ ${textIn(k.names)}`,
                  }))}
                  value={String(d.link.id)}
                  onChange={(v) => v && set({ link: { kind: 'category', id: Number(v) } })}
                  allowDeselect={false}
                  readOnly={!editable}
                  searchable
                />
              )}
              {d.link.kind === 'page' && (
                <Select
                  label={t('ui.content.banners.linkPage')}
                  data={[
                    ...BANNER_PAGES.map((p) => ({ value: p, label: pageName(p) })),
                    ...((BANNER_PAGES as readonly string[]).includes(d.link.path)
                      ? []
                      : [{ value: d.link.path, label: d.link.path }]),
                  ]}
                  value={d.link.path}
                  onChange={(v) => v && set({ link: { kind: 'page', path: v } })}
                  allowDeselect={false}
                  readOnly={!editable}
                />
              )}
              {d.link.kind === 'url' && (
                <TextInput
                  label={t('ui.content.banners.linkUrl')}
                  value={d.link.url}
                  onChange={(e) => set({ link: { kind: 'url', url: e.currentTarget.value } })}
                  readOnly={!editable}
                  dir="ltr"
                />
              )}
              {d.link.kind === 'product' && (
                <ProductPicker
                  label={t('ui.content.banners.linkProduct')}
                  onPick={(p) =>
                    set({ link: { kind: 'product', id: p.id }, productLabel: `${p.toy_number} · ${p.name}` })
                  }
                  disabled={!editable}
                />
              )}
            </SimpleGrid>
            {d.link.kind === 'product' && (
              <Text size="sm" aria-live="polite">
                {d.link.id ? linkText(d.link, d.productLabel) : t('ui.content.banners.pickProduct')}
              </Text>
            )}
            <TextsByLanguage
              label={t('ui.content.banners.titleField')}
              idPrefix="banner-title"
              value={d.titles}
              onChange={(titles) => set({ titles })}
              readOnly={!editable}
            />
          </>
        )}
      </EditorModal>
    </>
  );
}

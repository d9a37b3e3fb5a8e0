import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LANGUAGES, type LangKey, type StaffNews } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { LanguageName } from '../../components/LanguageName';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { PictureField } from '../../components/PictureField';
import { QueryState } from '../../components/QueryState';
import { StackTable } from '../../components/StackTable';
import { useConfirm } from '../../components/confirm';
import { call } from '../../lib/api';
import { dayStart, formatDate } from '../../lib/format';
import { useMe } from '../../lib/queries';
import { mayCall } from '../../lib/roles';
import { useUrlFilters } from '../../lib/useParams';
import { contentKey, EditOrRemove, EditorModal, toDay, useContentWrite, useEditor } from './parts';

const PAGE_SIZE = 20;
const CATEGORIES = [1, 2, 3, 4] as const;
type Category = (typeof CATEGORIES)[number];

interface Draft {
  id?: number;
  updated_at?: number;
  category: Category;
  lang: LangKey | '';
  title: string;
  content: string;
  cover: string;
  published: string;
  status: 0 | 1;
}

const draftOf = (n: StaffNews): Draft => ({
  id: n.id,
  updated_at: n.updated_at,
  category: n.category,
  lang: n.lang,
  title: n.title,
  content: n.content,
  cover: n.cover,
  published: toDay(n.published_at),
  status: n.status,
});

/**
 * The company's news in the spec's four categories. An item is written in one language (or for
 * every language); buyers read the items of their language, else English, else Chinese.
 */
export function NewsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const editable = mayCall(me.data?.staff.role, 'staff_save_news');
  const confirm = useConfirm();
  const { values, setFilters, page, setPage } = useUrlFilters({ category: '', lang: 'any' });
  const body = {
    page,
    page_size: PAGE_SIZE,
    ...(values.category ? { category: Number(values.category) as Category } : {}),
    // 'every': the items written for every language (lang ''), which an address cannot hold as ''.
    ...(values.lang !== 'any'
      ? { language: (values.lang === 'every' ? '' : values.lang) as LangKey | '' }
      : {}),
  };
  const query = useQuery({
    queryKey: contentKey('news', body),
    queryFn: () => call('staff_list_news', body),
    placeholderData: keepPreviousData,
  });
  const editor = useEditor<Draft>();
  const save = useContentWrite('staff_save_news', editor.close);
  const remove = useContentWrite('staff_delete_content');
  const list = query.data?.list ?? [];
  const categoryName = (c: number) => t(`ui.content.news.categories.${c as Category}`);
  const languageOptions = [
    { value: '', label: t('ui.content.news.everyLanguage') },
    ...LANGUAGES.map((l) => ({ value: l.key, label: l.label })),
  ];

  const askDelete = async (n: StaffNews) => {
    const ok = await confirm({
      title: t('ui.content.news.deleteTitle'),
      message: t('ui.content.news.deleteMessage', { name: n.title }),
      confirmLabel: t('ui.common.remove'),
      danger: true,
    });
    if (ok) remove.mutate({ kind: 'news', id: n.id });
  };

  const d = editor.editing;
  const set = (change: Partial<Draft>) => d && editor.open({ ...d, ...change });
  const rtl = !!d?.lang && !!LANGUAGES.find((l) => l.key === d.lang)?.rtl;
  const submit = () => {
    if (!d) return;
    save.mutate({
      id: d.id,
      updated_at: d.updated_at,
      news: {
        category: d.category,
        lang: d.lang,
        title: d.title,
        content: d.content,
        cover: d.cover,
        published_at: dayStart(d.published) ?? Date.now(),
        status: d.status,
      },
    });
  };

  return (
    <>
      <PageHeader title={t('ui.content.news.title')}>
        {editable && (
          <Button
            onClick={() =>
              editor.open({
                category: 2,
                lang: '',
                title: '',
                content: '',
                cover: '',
                published: toDay(Date.now()),
                status: 1,
              })
            }
          >
            {t('ui.content.news.add')}
          </Button>
        )}
      </PageHeader>
      <Group mb="md" wrap="wrap">
        <Select
          label={t('ui.content.news.category')}
          data={[
            { value: '', label: t('ui.common.all') },
            ...CATEGORIES.map((c) => ({ value: String(c), label: categoryName(c) })),
          ]}
          value={values.category}
          onChange={(v) => setFilters({ category: v ?? '' })}
          allowDeselect={false}
          w={200}
        />
        <Select
          label={t('ui.common.language')}
          data={[
            { value: 'any', label: t('ui.common.all') },
            { value: 'every', label: t('ui.content.news.everyLanguage') },
            ...LANGUAGES.map((l) => ({ value: l.key, label: l.label })),
          ]}
          value={values.lang}
          onChange={(v) => setFilters({ lang: v ?? 'any' })}
          allowDeselect={false}
          w={200}
        />
      </Group>
      <QueryState
        isPending={query.isPending}
        error={query.error}
        retry={() => void query.refetch()}
        empty={list.length === 0 && t('ui.content.news.empty')}
      >
        <Paper withBorder>
          <StackTable minWidth={760} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ui.content.news.titleField')}</Table.Th>
                <Table.Th>{t('ui.content.news.category')}</Table.Th>
                <Table.Th>{t('ui.common.language')}</Table.Th>
                <Table.Th>{t('ui.content.news.published')}</Table.Th>
                <Table.Th>{t('ui.common.status')}</Table.Th>
                <Table.Th>{t('ui.content.news.clicks')}</Table.Th>
                <Table.Th>{t('ui.common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td data-stack="main">
                    <Text
                      size="sm"
                      lang={n.lang || undefined}
                      dir={LANGUAGES.find((l) => l.key === n.lang)?.rtl ? 'rtl' : undefined}
                    >
                      {n.title}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t('ui.content.news.category')}>{categoryName(n.category)}</Table.Td>
                  <Table.Td data-label={t('ui.common.language')}>
                    {n.lang ? <LanguageName lang={n.lang} /> : t('ui.content.news.everyLanguage')}
                  </Table.Td>
                  <Table.Td data-label={t('ui.content.news.published')}>
                    {formatDate(n.published_at)}
                  </Table.Td>
                  <Table.Td data-label={t('ui.common.status')}>
                    {n.status ? (
                      <Badge variant="light">{t('ui.content.news.publishedState')}</Badge>
                    ) : (
                      <Badge variant="light" color="gray">
                        {t('ui.content.news.draft')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('ui.content.news.clicks')}>{n.click_count}</Table.Td>
                  <Table.Td data-stack="actions">
                    <EditOrRemove
                      editable={editable}
                      name={n.title}
                      onEdit={() => editor.open(draftOf(n))}
                      onRemove={() => void askDelete(n)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackTable>
        </Paper>
        <Pager page={page} pageSize={PAGE_SIZE} total={query.data?.total ?? 0} onChange={setPage} />
      </QueryState>

      <EditorModal
        title={d?.id ? t('ui.content.news.edit') : t('ui.content.news.add')}
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
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('ui.content.news.category')}
                data={CATEGORIES.map((c) => ({ value: String(c), label: categoryName(c) }))}
                value={String(d.category)}
                onChange={(v) => v && set({ category: Number(v) as Category })}
                allowDeselect={false}
                readOnly={!editable}
              />
              <Select
                label={t('ui.content.news.writtenIn')}
                data={languageOptions}
                value={d.lang}
                onChange={(v) => set({ lang: (v ?? '') as LangKey | '' })}
                allowDeselect={false}
                readOnly={!editable}
              />
              <TextInput
                type="date"
                label={t('ui.content.news.published')}
                value={d.published}
                onChange={(e) => set({ published: e.currentTarget.value })}
                readOnly={!editable}
                required
              />
            </SimpleGrid>
            <Switch
              label={t('ui.content.news.publish')}
              checked={d.status === 1}
              onChange={(e) => set({ status: e.currentTarget.checked ? 1 : 0 })}
              disabled={!editable}
            />
            <TextInput
              label={t('ui.content.news.titleField')}
              value={d.title}
              onChange={(e) => set({ title: e.currentTarget.value })}
              readOnly={!editable}
              required
              dir={rtl ? 'rtl' : 'ltr'}
              lang={d.lang || undefined}
            />
            <Textarea
              label={t('ui.content.news.body')}
              value={d.content}
              onChange={(e) => set({ content: e.currentTarget.value })}
              readOnly={!editable}
              autosize
              minRows={8}
              maxRows={20}
              dir={rtl ? 'rtl' : 'ltr'}
              lang={d.lang || undefined}
            />
            <PictureField
              label={t('ui.content.news.cover')}
              value={d.cover}
              onChange={(cover) => set({ cover })}
            />
          </>
        )}
      </EditorModal>
    </>
  );
}

import {
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  Menu,
  Paper,
  Select,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LANG_KEYS,
  LANGUAGES,
  PRODUCT_FLAG_FIELDS,
  PRODUCT_FLAG_FILTERS,
  type ProductFlagField,
  type ProductFlagFilter,
  STAFF_PRODUCT_SORTS,
  type StaffProductRow,
} from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinesheetButton } from '../../components/LinesheetButton';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable } from '../../components/ServerTable';
import { useConfirm } from '../../components/confirm';
import { call, callWithTip } from '../../lib/api';
import { formatAmount } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useMe } from '../../lib/queries';
import { mayCall } from '../../lib/roles';
import { useSearchBox, useServerTable } from '../../lib/useServerTable';
import { PRODUCTS_KEY, OPTIONS_KEY } from './keys';

const DEFAULTS = { q: '', category: '', flag: '', state: 'all', missing: '', sort: 'updated' };

/** The flag filter of get_list by the column it reads. */
const FLAG_FILTER_OF: Record<ProductFlagField, ProductFlagFilter> = {
  is_new: 'new',
  is_recommend: 'recommend',
  is_spot: 'spot',
  is_gcc: 'gcc',
  is_cash_sale: 'cash_sale',
  is_3d: '3d',
  is_hot: 'hot',
};

/** 14/16 and the missing languages by name: what a translator has still to do. */
function LanguagesCell({ missing }: { missing: StaffProductRow['missing_languages'] }) {
  const { t } = useTranslation();
  const done = LANG_KEYS.length - missing.length;
  if (missing.length === 0)
    return (
      <Badge color="green" variant="light">
        {t('ui.products.allLanguages')}
      </Badge>
    );
  const names = missing.map((k) => LANGUAGES.find((l) => l.key === k)?.label ?? k).join(', ');
  return (
    <Tooltip label={t('ui.products.missingNames', { names })} multiline w={260}>
      <Badge
        color={done <= 2 ? 'red' : 'orange'}
        variant="light"
        aria-label={t('ui.products.missingNames', { names })}
      >
        {done}/{LANG_KEYS.length}
      </Badge>
    </Tooltip>
  );
}

/** The catalogue: search, filter, sort and page on the server; edit, take off, act on a selection. */
export function ProductsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const me = useMe().data;
  const canWrite = mayCall(me?.staff.role, 'staff_save_product');
  // Any role may make a linesheet of a selection; only writers get the bulk changes beside it.
  const canSelect = canWrite || mayCall(me?.staff.role, 'staff_get_linesheet');
  const table = useServerTable({
    key: PRODUCTS_KEY,
    defaults: DEFAULTS,
    filters: (v) => ({
      search: v.q,
      state: v.state as 'all' | 'on_show' | 'taken_off',
      sort: v.sort as (typeof STAFF_PRODUCT_SORTS)[number],
      ...(v.category ? { category_id: Number(v.category) } : {}),
      ...(v.flag ? { flag: v.flag as ProductFlagFilter } : {}),
      ...(v.missing ? { missing_language: v.missing as (typeof LANG_KEYS)[number] } : {}),
    }),
    fetch: (request) => call('staff_list_products', request),
  });
  const { values, setFilters, list } = table;
  const search = useSearchBox(values.q, (q) => setFilters({ q }));
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const options = useQuery({ queryKey: OPTIONS_KEY, queryFn: () => call('staff_list_product_options', {}) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
  const rows = list.data?.list ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const r of rows) {
        if (allOnPage) next.delete(r.id);
        else next.add(r.id);
      }
      return next;
    });

  const flagLabel = (f: ProductFlagField) => t(`ui.products.flag.${f}`);
  const categoryOptions = (options.data?.categories ?? []).map((c) => ({
    value: String(c.id),
    label: c.parent_id === null ? c.name : `— ${c.name}`,
  }));

  type Bulk =
    | { action: 'set_flag' | 'clear_flag'; flag: ProductFlagField }
    | { action: 'move'; category_id: number | null }
    | { action: 'take_off' | 'put_back' | 'delete' };
  const runBulk = async (
    ids: number[],
    bulk: Bulk,
    ask: { title: string; message: string; danger?: boolean } | null,
  ) => {
    if (ask && !(await confirm({ ...ask, confirmLabel: ask.title }))) return;
    try {
      const { tip } = await callWithTip('staff_bulk_products', { ids, ...bulk });
      notifySuccess(tip);
      if (bulk.action === 'delete') setSelected(new Set());
      void refresh();
    } catch (e) {
      notifyError(e);
    }
  };

  const moveSelection = async () => {
    let target: string | null = null;
    const ok = await confirm({
      title: t('ui.products.bulk.move'),
      message: t('ui.products.bulk.moveMessage', { count: selected.size }),
      confirmLabel: t('ui.products.bulk.move'),
      children: (
        <Select
          label={t('ui.products.category')}
          data={[{ value: 'none', label: t('ui.products.noCategory') }, ...categoryOptions]}
          onChange={(v) => {
            target = v;
          }}
          searchable
          data-autofocus
        />
      ),
    });
    const chosen = target as string | null;
    if (!ok || chosen === null) return;
    await runBulk(
      [...selected],
      { action: 'move', category_id: chosen === 'none' ? null : Number(chosen) },
      null,
    );
  };

  const ids = [...selected];
  return (
    <>
      <PageHeader title={t('ui.products.title')}>
        {canWrite && (
          <Button component={Link} to="/products/new">
            {t('ui.products.new')}
          </Button>
        )}
      </PageHeader>
      <Paper p="md" withBorder mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('ui.products.searchLabel')}
            description={t('ui.products.searchHint')}
            type="search"
            value={search.text}
            onChange={(e) => search.change(e.currentTarget.value)}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            label={t('ui.products.category')}
            value={values.category || null}
            onChange={(v) => setFilters({ category: v ?? '' })}
            data={categoryOptions}
            placeholder={t('ui.common.all')}
            clearable
            searchable
            w={180}
          />
          <Select
            label={t('ui.products.flagFilter')}
            value={values.flag || null}
            onChange={(v) => setFilters({ flag: v ?? '' })}
            data={PRODUCT_FLAG_FILTERS.map((f) => ({
              value: f,
              label: flagLabel(PRODUCT_FLAG_FIELDS.find((c) => FLAG_FILTER_OF[c] === f) ?? 'is_new'),
            }))}
            placeholder={t('ui.common.all')}
            clearable
            w={150}
          />
          <Select
            label={t('ui.products.state')}
            value={values.state}
            onChange={(v) => setFilters({ state: v ?? 'all' })}
            data={[
              { value: 'all', label: t('ui.common.all') },
              { value: 'on_show', label: t('ui.products.onShow') },
              { value: 'taken_off', label: t('ui.products.takenOff') },
            ]}
            allowDeselect={false}
            w={140}
          />
          <Select
            label={t('ui.products.missingFilter')}
            value={values.missing || null}
            onChange={(v) => setFilters({ missing: v ?? '' })}
            data={LANGUAGES.map((l) => ({ value: l.key, label: l.label }))}
            placeholder={t('ui.common.none')}
            clearable
            w={160}
          />
          <Select
            label={t('ui.common.sort')}
            value={values.sort}
            onChange={(v) => setFilters({ sort: v ?? 'updated' })}
            data={STAFF_PRODUCT_SORTS.map((s) => ({ value: s, label: t(`ui.products.sort.${s}`) }))}
            allowDeselect={false}
            w={170}
          />
        </Group>
      </Paper>
      {canSelect && selected.size > 0 && (
        <Paper
          p="sm"
          withBorder
          mb="md"
          bg="blue.0"
          role="region"
          aria-label={t('ui.products.bulk.region')}
          style={{ position: 'sticky', top: 60, zIndex: 2 }}
        >
          <Group gap="sm" wrap="wrap">
            <Text fw={500}>{t('ui.products.bulk.selected', { count: selected.size })}</Text>
            <LinesheetButton
              size="xs"
              label={t('ui.linesheet.selectedButton', { count: selected.size })}
              selection={() => ({ kind: 'products', ids: [...selected] })}
            />
            {canWrite && (
              <>
                <Menu>
                  <Menu.Target>
                    <Button size="xs" variant="light">
                      {t('ui.products.bulk.setFlag')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {PRODUCT_FLAG_FIELDS.map((f) => (
                      <Menu.Item
                        key={f}
                        onClick={() => void runBulk(ids, { action: 'set_flag', flag: f }, null)}
                      >
                        {flagLabel(f)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
                <Menu>
                  <Menu.Target>
                    <Button size="xs" variant="light">
                      {t('ui.products.bulk.clearFlag')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {PRODUCT_FLAG_FIELDS.map((f) => (
                      <Menu.Item
                        key={f}
                        onClick={() => void runBulk(ids, { action: 'clear_flag', flag: f }, null)}
                      >
                        {flagLabel(f)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
                <Button size="xs" variant="light" onClick={() => void moveSelection()}>
                  {t('ui.products.bulk.move')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="orange"
                  onClick={() =>
                    void runBulk(
                      ids,
                      { action: 'take_off' },
                      {
                        title: t('ui.products.takeOff'),
                        message: t('ui.products.bulk.takeOffMessage', { count: ids.length }),
                        danger: true,
                      },
                    )
                  }
                >
                  {t('ui.products.takeOff')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => void runBulk(ids, { action: 'put_back' }, null)}
                >
                  {t('ui.products.putBack')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() =>
                    void runBulk(
                      ids,
                      { action: 'delete' },
                      {
                        title: t('ui.products.bulk.delete'),
                        message: t('ui.products.bulk.deleteMessage', { count: ids.length }),
                        danger: true,
                      },
                    )
                  }
                >
                  {t('ui.products.bulk.delete')}
                </Button>
              </>
            )}
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
              {t('ui.products.bulk.clear')}
            </Button>
          </Group>
        </Paper>
      )}
      {/* A tablet drops the category and the flags; name, languages, state and actions stay. */}
      <ServerTable
        table={table}
        minWidth={640}
        filtered={Boolean(
          values.q || values.category || values.flag || values.missing || values.state !== 'all',
        )}
        empty={t('ui.products.empty')}
        tableProps={{ highlightOnHover: true, verticalSpacing: 'xs' }}
        head={
          <>
            {canSelect && (
              <Table.Th w={40}>
                <Checkbox
                  checked={allOnPage}
                  indeterminate={!allOnPage && rows.some((r) => selected.has(r.id))}
                  onChange={togglePage}
                  aria-label={t('ui.products.selectPage')}
                />
              </Table.Th>
            )}
            <Table.Th w={64}>{t('ui.products.picture')}</Table.Th>
            <Table.Th>{t('ui.products.name')}</Table.Th>
            <Table.Th visibleFrom="lg">{t('ui.products.category')}</Table.Th>
            <Table.Th ta="right">{t('ui.products.price')}</Table.Th>
            <Table.Th visibleFrom="lg">{t('ui.products.flags')}</Table.Th>
            <Table.Th>{t('ui.products.languages')}</Table.Th>
            <Table.Th>{t('ui.products.state')}</Table.Th>
            <Table.Th>{t('ui.common.actions')}</Table.Th>
          </>
        }
      >
        {rows.map((p) => (
          <Table.Tr key={p.id} bg={selected.has(p.id) ? 'blue.0' : undefined}>
            {canSelect && (
              <Table.Td>
                <Checkbox
                  checked={selected.has(p.id)}
                  onChange={() => toggle(p.id)}
                  aria-label={t('ui.products.select', { name: p.name || p.toy_number })}
                />
              </Table.Td>
            )}
            <Table.Td>
              {p.picture ? (
                <Image src={p.picture} alt="" w={48} h={48} fit="contain" radius="sm" bg="gray.1" />
              ) : (
                <Text size="xs" c="dimmed">
                  {t('ui.products.noPicture')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500} lineClamp={2}>
                {p.name || t('ui.products.unnamed')}
              </Text>
              <Text size="xs" c="dimmed">
                {[p.toy_number, p.article_number, p.factory_number].filter(Boolean).join(' · ')}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="lg">{p.category_name}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {list.data ? formatAmount(p.price, list.data.money_unit) : ''}
            </Table.Td>
            <Table.Td visibleFrom="lg">
              <Group gap={4}>
                {p.flags.map((f) => (
                  <Badge key={f} size="xs" variant="outline">
                    {flagLabel(f)}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              <LanguagesCell missing={p.missing_languages} />
            </Table.Td>
            <Table.Td>
              <Badge color={p.taken_off_at === null ? 'green' : 'gray'} variant="light">
                {p.taken_off_at === null ? t('ui.products.onShow') : t('ui.products.takenOff')}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  component={Link}
                  to={`/products/${p.id}`}
                  aria-label={t('ui.products.editNamed', { name: p.name || p.toy_number })}
                >
                  {canWrite ? t('ui.common.edit') : t('ui.products.view')}
                </Button>
                {canWrite && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color={p.taken_off_at === null ? 'orange' : undefined}
                    onClick={() =>
                      void (p.taken_off_at === null
                        ? runBulk(
                            [p.id],
                            { action: 'take_off' },
                            {
                              title: t('ui.products.takeOff'),
                              message: t('ui.products.takeOffMessage', {
                                name: p.name || p.toy_number,
                              }),
                              danger: true,
                            },
                          )
                        : runBulk([p.id], { action: 'put_back' }, null))
                    }
                    aria-label={`${p.taken_off_at === null ? t('ui.products.takeOff') : t('ui.products.putBack')}: ${p.name || p.toy_number}`}
                  >
                    {p.taken_off_at === null ? t('ui.products.takeOff') : t('ui.products.putBack')}
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ServerTable>
    </>
  );
}

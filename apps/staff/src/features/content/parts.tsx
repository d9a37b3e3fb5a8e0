import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  Menu,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallName, ErrorCode, LANGUAGES, type LangKey, type StaffProductRow } from '@vitrine/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CallBody, call, callWithTip, isApiError } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { RowActions } from '../../components/RowActions';

/** Query keys of the content pages: one prefix, so a write refreshes what it touched. */
export const CONTENT_KEY = ['content'] as const;
export const contentKey = (kind: string, ...rest: unknown[]) => [...CONTENT_KEY, kind, ...rest] as const;

export type Texts = Record<LangKey, string>;
export const emptyTexts = (): Texts => Object.fromEntries(LANGUAGES.map((l) => [l.key, ''])) as Texts;

/** A text in the console's language, else English, else Chinese. */
export function textIn(texts: Partial<Record<LangKey, string>>): string {
  const mine = currentLanguage() === 'zh' ? texts.zh : texts.en;
  return mine || texts.en || texts.zh || '';
}

/** A day's input value (yyyy-mm-dd, local time) of epoch ms. */
export function toDay(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** How many of the 16 languages have a text: the badge a translator reads. */
export function LanguagesBadge({ texts }: { texts: Partial<Record<LangKey, string>> }) {
  const { t } = useTranslation();
  const done = LANGUAGES.filter((l) => texts[l.key]?.trim()).length;
  const missing = LANGUAGES.filter((l) => !texts[l.key]?.trim()).map((l) => l.label);
  if (missing.length === 0)
    return (
      <Badge color="green" variant="light">
        {t('ui.products.allLanguages')}
      </Badge>
    );
  return (
    <Badge
      color={done <= 2 ? 'red' : 'orange'}
      variant="light"
      aria-label={t('ui.products.missingNames', { names: missing.join(', ') })}
      title={t('ui.products.missingNames', { names: missing.join(', ') })}
    >
      {done}/{LANGUAGES.length}
    </Badge>
  );
}

/** A text in each of the 16 languages, right-to-left where the language is, the missing marked. */
export function TextsByLanguage({
  label,
  value,
  onChange,
  readOnly,
  idPrefix,
}: {
  label: string;
  value: Texts;
  onChange(next: Texts): void;
  readOnly: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <LanguagesBadge texts={value} />
      </Group>
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={2}>
          <Table.Tbody>
            {LANGUAGES.map((l) => (
              <Table.Tr key={l.key} bg={value[l.key].trim() ? undefined : 'orange.0'}>
                <Table.Td w={130}>
                  <Text size="sm" lang={l.htmlLang}>
                    {l.label}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    id={`${idPrefix}-${l.key}`}
                    aria-label={t('ui.content.textIn', { field: label, language: l.label })}
                    value={value[l.key]}
                    onChange={(e) => onChange({ ...value, [l.key]: e.currentTarget.value })}
                    readOnly={readOnly}
                    dir={l.rtl ? 'rtl' : 'ltr'}
                    lang={l.htmlLang}
                    size="xs"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * A content row's own buttons: edit (view, for who may not write) and, for writers, remove,
 * named with the row so a screen reader tells the rows' buttons apart. `nameTheEdit` names the
 * edit button too, where the list has no other way to tell its rows' edits apart.
 */
export function EditOrRemove({
  editable,
  name,
  onEdit,
  onRemove,
  nameTheEdit = false,
}: {
  editable: boolean;
  name: string;
  onEdit(): void;
  onRemove(): void;
  nameTheEdit?: boolean;
}) {
  const { t } = useTranslation();
  const edit = editable ? t('ui.common.edit') : t('ui.content.view');
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        onClick={onEdit}
        aria-label={nameTheEdit ? `${edit}: ${name}` : undefined}
      >
        {edit}
      </Button>
      {editable && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={onRemove}
          aria-label={`${t('ui.common.remove')}: ${name}`}
        >
          {t('ui.common.remove')}
        </Button>
      )}
    </Group>
  );
}

/**
 * Edit (or view, for who may not edit) and a menu of the row's other actions, remove last: for
 * rows with more to do than the two EditOrRemove shows side by side.
 */
export function EditAndMenu({
  editable,
  name,
  onEdit,
  onRemove,
  before,
  items,
  editVariant = 'light',
}: {
  editable: boolean;
  name: string;
  onEdit(): void;
  onRemove(): void;
  /** A button of the row's own, ahead of Edit (a hot area's ranking). */
  before?: ReactNode;
  /** Menu items ahead of Remove (a top category's "add a sub-category"). */
  items?: ReactNode;
  editVariant?: 'light' | 'subtle';
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {before}
      <Button size="xs" variant={editVariant} onClick={onEdit}>
        {editable ? t('ui.common.edit') : t('ui.content.view')}
      </Button>
      {editable && (
        <RowActions label={t('ui.content.moreFor', { name })}>
          {items}
          <Menu.Item color="red" onClick={onRemove}>
            {t('ui.common.remove')}
          </Menu.Item>
        </RowActions>
      )}
    </Group>
  );
}

/** Move up and move down, by keyboard and screen reader too; the first cannot go up, the last down. */
export function OrderButtons({
  name,
  index,
  count,
  onMove,
  disabled,
}: {
  name: string;
  index: number;
  count: number;
  onMove(from: number, to: number): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={t('ui.content.moveUp', { name })}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <span aria-hidden="true">↑</span>
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t('ui.content.moveDown', { name })}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <span aria-hidden="true">↓</span>
      </ActionIcon>
    </Group>
  );
}

/** The list with one item moved (the order the server is sent). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * A content write: the server's tip on success, the content's queries refreshed (buyers see the
 * change at once; the console sees it too), failures notified.
 */
export function useContentWrite<N extends CallName>(name: N, after?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<N>) => callWithTip(name, body),
    onSuccess: async ({ tip }) => {
      notifySuccess(tip);
      after?.();
      await client.invalidateQueries({ queryKey: CONTENT_KEY });
    },
    onError: notifyError,
  });
}

/**
 * An editor in a modal: its form, the save and cancel buttons, and a refused save's reason
 * (a colleague's save in between says so, with a reload of the list).
 */
export function EditorModal({
  title,
  opened,
  onClose,
  onSubmit,
  saving,
  problem,
  readOnly,
  children,
  size = 'lg',
}: {
  title: string;
  opened: boolean;
  onClose(): void;
  onSubmit(): void;
  saving: boolean;
  problem: unknown;
  readOnly: boolean;
  children: ReactNode;
  size?: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const stale = isApiError(problem) && problem.code === ErrorCode.CONFLICT;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!readOnly) onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered={false}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {children}
          {isApiError(problem) && (
            <Alert color="red" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{problem.tip}</Text>
                {stale && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      onClose();
                      void client.invalidateQueries({ queryKey: CONTENT_KEY });
                    }}
                  >
                    {t('ui.content.reload')}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {readOnly ? t('ui.common.close') : t('ui.common.cancel')}
            </Button>
            {!readOnly && (
              <Button type="submit" loading={saving}>
                {t('ui.common.save')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** An editor's local state: open with a value to edit (or a new one), closed with null. */
export function useEditor<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  return { editing, open: setEditing, close: () => setEditing(null) };
}

/** Finds a product of the company by a name in any language or a number, as the products list does. */
export function ProductPicker({
  label,
  onPick,
  exclude = [],
  disabled,
}: {
  label: string;
  onPick(product: StaffProductRow): void;
  exclude?: readonly number[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    queryKey: ['products', 'pick', debounced],
    queryFn: () => call('staff_list_products', { search: debounced, page_size: 20 }),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
  });
  const rows = (found.data?.list ?? []).filter((p) => !exclude.includes(p.id));
  return (
    <Select
      label={label}
      placeholder={t('ui.content.productSearch')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={rows.map((p) => ({ value: String(p.id), label: `${p.toy_number || `#${p.id}`} · ${p.name}` }))}
      value={null}
      onChange={(v) => {
        const p = rows.find((r) => String(r.id) === v);
        if (p) {
          onPick(p);
          setSearch('');
        }
      }}
      nothingFoundMessage={debounced ? t('ui.common.noMatch') : t('ui.content.productSearch')}
      disabled={disabled}
      rightSection={found.isFetching ? <Loader size="xs" /> : null}
    />
  );
}

/** A product of an ordered list (a booth's, a region's ranking) as the console shows it. */
export interface ListedProduct {
  id: number;
  name: string;
  toy_number: string;
  picture: string;
  taken_off: boolean;
}

/**
 * Products in their order, each with move up and down (keyboard and screen reader too) and a
 * remove button; taken-off products marked, since buyers do not see them.
 */
export function OrderedProducts<P extends ListedProduct>({
  products,
  onMove,
  onRemove,
  editable,
  busy,
  empty,
  numbered,
}: {
  products: readonly P[];
  onMove(from: number, to: number): void;
  onRemove(product: P): void;
  editable: boolean;
  busy?: boolean;
  empty: string;
  /** Show each product's place (1 first), as a ranking reads. */
  numbered?: boolean;
}) {
  const { t } = useTranslation();
  if (products.length === 0)
    return (
      <Text size="sm" c="dimmed" role="status">
        {empty}
      </Text>
    );
  return (
    <Table verticalSpacing={2}>
      <Table.Tbody>
        {products.map((p, i) => (
          <Table.Tr key={p.id}>
            {numbered && (
              <Table.Td w={40}>
                <Text size="sm" fw={600}>
                  {i + 1}
                </Text>
              </Table.Td>
            )}
            <Table.Td w={52}>
              {p.picture ? (
                <Image src={p.picture} alt="" h={36} w={44} fit="contain" />
              ) : (
                <Text size="xs" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {p.toy_number} · {p.name}
              </Text>
              {p.taken_off && (
                <Badge size="xs" color="gray" variant="light">
                  {t('ui.content.showrooms.takenOff')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td w={110}>
              <Group gap={2} wrap="nowrap">
                <OrderButtons
                  name={`${p.toy_number} ${p.name}`}
                  index={i}
                  count={products.length}
                  onMove={onMove}
                  disabled={!editable || busy}
                />
                {editable && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t('ui.common.remove')}: ${p.toy_number} ${p.name}`}
                    onClick={() => onRemove(p)}
                    disabled={busy}
                  >
                    <span aria-hidden="true">×</span>
                  </ActionIcon>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

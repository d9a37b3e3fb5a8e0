import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CERTIFICATE_LIMITS, type CertificateKind, type StaffCertificate } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { UploadStatus } from '../../components/PictureField';
import { QueryState } from '../../components/QueryState';
import { StackTable } from '../../components/StackTable';
import { useConfirm } from '../../components/confirm';
import { call, isApiError } from '../../lib/api';
import { dayEnd, dayStart, formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useMe } from '../../lib/queries';
import { mayCall } from '../../lib/roles';
import { PICTURE_TYPES, uploadPicture } from '../../lib/upload';
import { OPTIONS_KEY } from '../products/keys';
import {
  contentKey,
  EditOrRemove,
  EditorModal,
  moved,
  OrderButtons,
  toDay,
  useContentWrite,
  useEditor,
} from './parts';

interface Draft {
  id?: number;
  updated_at?: number;
  kind: CertificateKind;
  factory_id: number | null;
  name: string;
  name_en: string;
  issuer: string;
  number: string;
  pictures: string[];
  from: string;
  until: string;
}

const draftOf = (c: StaffCertificate): Draft => ({
  id: c.id,
  updated_at: c.updated_at,
  kind: c.kind,
  factory_id: c.factory_id,
  name: c.name,
  name_en: c.name_en,
  issuer: c.issuer,
  number: c.number,
  pictures: c.pictures,
  from: toDay(c.valid_from),
  // valid_until is the last millisecond of the last valid day.
  until: toDay(c.valid_until),
});

const blank = (kind: CertificateKind): Draft => ({
  kind,
  factory_id: null,
  name: '',
  name_en: '',
  issuer: '',
  number: '',
  pictures: [],
  from: '',
  until: '',
});

const nameOf = (c: { name: string; name_en: string }) =>
  (currentLanguage() === 'zh' ? c.name || c.name_en : c.name_en || c.name) || '—';

/** A document's pages in order: move, remove, and add by upload (stored when the document is saved). */
function PictureList({
  label,
  value,
  onChange,
  readOnly,
}: {
  label: string;
  value: string[];
  onChange(next: string[]): void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const full = value.length >= CERTIFICATE_LIMITS.PICTURES_MAX;
  const add = async (file: File | null) => {
    if (!file) return;
    setProblem('');
    setProgress(0);
    try {
      onChange([...value, await uploadPicture(file, setProgress)]);
    } catch (e) {
      setProblem(t('ui.settings.uploadFailed', { reason: isApiError(e) ? e.tip : (e as Error).message }));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {t('ui.content.certificates.picturesCount', {
            count: value.length,
            max: CERTIFICATE_LIMITS.PICTURES_MAX,
          })}
        </Text>
      </Group>
      {value.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('ui.content.certificates.noPictures')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {value.map((url, i) => {
          const name = t('ui.content.certificates.pictureN', { n: i + 1 });
          return (
            <Paper key={url} withBorder p={4}>
              <Image src={url} alt={name} h={80} fit="contain" bg="gray.1" radius="sm" />
              <Group justify="space-between" gap={2} mt={4} wrap="nowrap">
                <OrderButtons
                  name={name}
                  index={i}
                  count={value.length}
                  onMove={(from, to) => onChange(moved(value, from, to))}
                  disabled={readOnly}
                />
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t('ui.common.remove')}: ${name}`}
                    onClick={() => onChange(value.filter((_, k) => k !== i))}
                  >
                    <span aria-hidden="true">×</span>
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          );
        })}
      </SimpleGrid>
      {!readOnly && (
        <Group>
          <FileButton onChange={(f) => void add(f)} accept={PICTURE_TYPES.join(',')} disabled={full}>
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={progress !== null} disabled={full}>
                {t('ui.content.certificates.addPicture')}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      <UploadStatus progress={progress} problem={problem} />
    </Stack>
  );
}

function Validity({ c }: { c: StaffCertificate }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Text size="sm">
        {c.valid_from === null && c.valid_until === null
          ? t('ui.content.certificates.noEnd')
          : t('ui.content.banners.between', {
              from: c.valid_from === null ? '…' : formatDate(c.valid_from),
              to: c.valid_until === null ? '…' : formatDate(c.valid_until),
            })}
      </Text>
      {c.expired && (
        <Badge color="red" variant="light">
          {t('ui.content.certificates.expired')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The certificates (certificate authentication) and factory inspections (inspection qualification)
 * buyers see: the document's pictures in order, who issued it, its number, validity and, for an
 * inspection, the factory. One tab per kind, each in its own order.
 */
export function CertificatesPage() {
  const { t } = useTranslation();
  const me = useMe();
  const editable = mayCall(me.data?.staff.role, 'staff_save_certificate');
  const confirm = useConfirm();
  const [kind, setKind] = useState<CertificateKind>('certificate');
  const query = useQuery({
    queryKey: contentKey('certificates', kind),
    queryFn: () => call('staff_list_certificates', { kind }),
  });
  // The factories the product editor offers (the same query, shared with it).
  const options = useQuery({ queryKey: OPTIONS_KEY, queryFn: () => call('staff_list_product_options', {}) });
  const editor = useEditor<Draft>();
  const save = useContentWrite('staff_save_certificate', editor.close);
  const order = useContentWrite('staff_order_content');
  const remove = useContentWrite('staff_delete_content');
  const list = query.data?.list ?? [];
  const inspection = kind === 'inspection';
  const factories = options.data?.factories ?? [];

  const askDelete = async (c: StaffCertificate) => {
    const ok = await confirm({
      title: t('ui.content.certificates.deleteTitle'),
      message: t('ui.content.certificates.deleteMessage', { name: nameOf(c) }),
      confirmLabel: t('ui.common.remove'),
      danger: true,
    });
    if (ok) remove.mutate({ kind: 'certificate', id: c.id });
  };

  const d = editor.editing;
  const set = (change: Partial<Draft>) => d && editor.open({ ...d, ...change });
  const submit = () => {
    if (!d) return;
    const until = dayEnd(d.until);
    save.mutate({
      id: d.id,
      updated_at: d.updated_at,
      certificate: {
        kind: d.kind,
        factory_id: d.kind === 'inspection' ? d.factory_id : null,
        name: d.name,
        name_en: d.name_en,
        issuer: d.issuer,
        number: d.number,
        pictures: d.pictures,
        valid_from: dayStart(d.from) ?? null,
        valid_until: until === undefined ? null : until - 1,
      },
    });
  };
  const badDates = !!d && d.from !== '' && d.until !== '' && d.from > d.until;

  const table = (
    <QueryState
      isPending={query.isPending}
      error={query.error}
      retry={() => void query.refetch()}
      empty={
        list.length === 0 &&
        (inspection ? t('ui.content.certificates.emptyInspections') : t('ui.content.certificates.empty'))
      }
    >
      <Paper withBorder>
        <StackTable minWidth={800} verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>{t('ui.content.picture')}</Table.Th>
              <Table.Th>{t('ui.content.name')}</Table.Th>
              {inspection && <Table.Th>{t('ui.content.certificates.factory')}</Table.Th>}
              <Table.Th>{t('ui.content.certificates.issuer')}</Table.Th>
              <Table.Th>{t('ui.content.certificates.validity')}</Table.Th>
              <Table.Th>{t('ui.common.sort')}</Table.Th>
              <Table.Th>{t('ui.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((c, i) => {
              const name = nameOf(c);
              return (
                <Table.Tr key={c.id}>
                  <Table.Td data-label={t('ui.content.picture')}>
                    {c.pictures[0] ? (
                      <Group gap={4} wrap="nowrap">
                        <Image src={c.pictures[0]} alt="" h={44} w={60} fit="contain" radius="sm" />
                        {c.pictures.length > 1 && (
                          <Text size="xs" c="dimmed">
                            +{c.pictures.length - 1}
                          </Text>
                        )}
                      </Group>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('ui.common.none')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-stack="main">
                    <Text size="sm">{name}</Text>
                    {c.number && (
                      <Text size="xs" c="dimmed" dir="ltr">
                        {c.number}
                      </Text>
                    )}
                  </Table.Td>
                  {inspection && (
                    <Table.Td data-label={t('ui.content.certificates.factory')}>
                      <Text size="sm">{c.factory_name || '—'}</Text>
                    </Table.Td>
                  )}
                  <Table.Td data-label={t('ui.content.certificates.issuer')}>
                    <Text size="sm">{c.issuer || '—'}</Text>
                  </Table.Td>
                  <Table.Td data-label={t('ui.content.certificates.validity')}>
                    <Validity c={c} />
                  </Table.Td>
                  <Table.Td data-label={t('ui.common.sort')}>
                    <OrderButtons
                      name={name}
                      index={i}
                      count={list.length}
                      onMove={(from, to) =>
                        order.mutate({ kind: 'certificate', ids: moved(list, from, to).map((x) => x.id) })
                      }
                      disabled={!editable || order.isPending}
                    />
                  </Table.Td>
                  <Table.Td data-stack="actions">
                    <EditOrRemove
                      editable={editable}
                      name={name}
                      nameTheEdit
                      onEdit={() => editor.open(draftOf(c))}
                      onRemove={() => void askDelete(c)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </StackTable>
      </Paper>
    </QueryState>
  );

  return (
    <>
      <PageHeader title={t('ui.content.certificates.title')}>
        {editable && (
          <Button onClick={() => editor.open(blank(kind))}>
            {inspection ? t('ui.content.certificates.addInspection') : t('ui.content.certificates.add')}
          </Button>
        )}
      </PageHeader>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.content.certificates.hint')}
      </Text>
      <Tabs value={kind} onChange={(v) => v && setKind(v as CertificateKind)} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="certificate">{t('ui.content.certificates.certificates')}</Tabs.Tab>
          <Tabs.Tab value="inspection">{t('ui.content.certificates.inspections')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="certificate">{table}</Tabs.Panel>
        <Tabs.Panel value="inspection">{table}</Tabs.Panel>
      </Tabs>

      <EditorModal
        title={
          d?.id
            ? t('ui.content.certificates.edit')
            : d?.kind === 'inspection'
              ? t('ui.content.certificates.addInspection')
              : t('ui.content.certificates.add')
        }
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
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('ui.content.nameZh')}
                value={d.name}
                onChange={(e) => set({ name: e.currentTarget.value })}
                readOnly={!editable}
                lang="zh"
              />
              <TextInput
                label={t('ui.content.nameEn')}
                value={d.name_en}
                onChange={(e) => set({ name_en: e.currentTarget.value })}
                readOnly={!editable}
                lang="en"
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('ui.content.nameNeeded')}
            </Text>
            {d.kind === 'inspection' && (
              <Select
                label={t('ui.content.certificates.factory')}
                required
                data={factories.map((f) => ({ value: String(f.id), label: f.name }))}
                value={d.factory_id === null ? null : String(d.factory_id)}
                onChange={(v) => set({ factory_id: v ? Number(v) : null })}
                readOnly={!editable}
                searchable
                nothingFoundMessage={t('ui.common.noMatch')}
                error={options.isError ? t('ui.common.loadError') : undefined}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('ui.content.certificates.issuer')}
                value={d.issuer}
                onChange={(e) => set({ issuer: e.currentTarget.value })}
                readOnly={!editable}
              />
              <TextInput
                label={t('ui.content.certificates.number')}
                value={d.number}
                onChange={(e) => set({ number: e.currentTarget.value })}
                readOnly={!editable}
                dir="ltr"
              />
              <TextInput
                type="date"
                label={t('ui.content.certificates.validFrom')}
                value={d.from}
                onChange={(e) => set({ from: e.currentTarget.value })}
                readOnly={!editable}
              />
              <TextInput
                type="date"
                label={t('ui.content.certificates.validUntil')}
                value={d.until}
                onChange={(e) => set({ until: e.currentTarget.value })}
                readOnly={!editable}
                error={badDates ? t('ui.content.certificates.badDates') : undefined}
              />
            </SimpleGrid>
            <PictureList
              label={t('ui.content.certificates.pictures')}
              value={d.pictures}
              onChange={(pictures) => set({ pictures })}
              readOnly={!editable}
            />
          </>
        )}
      </EditorModal>
    </>
  );
}

import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  type ImportJob,
  type ImportMapping,
  type ImportProblem,
} from '@vitrine/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { QueryState } from '../../components/QueryState';
import { call } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { postWithCredential, UploadError } from '../../lib/upload';
import { importKey, IMPORTS_KEY } from './keys';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** How often a running import's progress is asked for. */
const POLL_MS = 1000;
const ROWS_PER_PAGE = 20;

type Lang = 'en' | 'zh';

/** An import column's label in the console's language. */
const columnLabel = (key: string, lang: Lang) => {
  const c = IMPORT_COLUMNS.find((x) => x.key === key);
  return c ? c.label[lang] : key;
};

/** The upload of one file: a credential of the import purpose, then the file, with its progress. */
async function uploadImportFile(file: File, onProgress: (f: number) => void): Promise<string> {
  const name = file.name.toLowerCase();
  const type = name.endsWith('.xlsx')
    ? XLSX
    : name.endsWith('.csv')
      ? 'text/csv'
      : name.endsWith('.zip')
        ? 'application/zip'
        : null;
  if (!type) throw new UploadError('type');
  const auth = await call('staff_get_import_upload_credential', { content_type: type });
  return postWithCredential(auth, file, onProgress);
}

/** A problem in words: what is wrong, with the column and the value the spreadsheet had. */
function ProblemText({ p }: { p: ImportProblem }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const column = IMPORT_COLUMNS.some((c) => c.key === p.column) ? columnLabel(p.column, lang) : p.column;
  return (
    <Text size="sm" component="span">
      {t(`ui.import.problem.${p.code}`)}
      {column && <> · {column}</>}
      {p.value && (
        <>
          {' '}
          · <q>{p.value}</q>
        </>
      )}
    </Text>
  );
}

/** Step 1: the spreadsheet and the zips, uploaded with their progress, then read by the server. */
function FilesStep({ onCreated }: { onCreated: (job: ImportJob) => void }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<File | null>(null);
  const [zips, setZips] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tooBig =
    (sheet && sheet.size > IMPORT_LIMITS.SHEET_MAX_BYTES) ||
    zips.some((z) => z.size > IMPORT_LIMITS.ZIP_MAX_BYTES);

  const start = async () => {
    if (!sheet) return;
    setError(null);
    const files = [sheet, ...zips];
    const total = files.reduce((s, f) => s + f.size, 0) || 1;
    let before = 0;
    try {
      const urls: string[] = [];
      for (const f of files) {
        urls.push(await uploadImportFile(f, (x) => setProgress((before + x * f.size) / total)));
        before += f.size;
      }
      setProgress(1);
      const [sheetUrl = '', ...zipUrls] = urls;
      const job = await call('staff_create_import', {
        sheet_url: sheetUrl,
        zip_urls: zipUrls,
        file_name: sheet.name,
      });
      onCreated(job);
    } catch (e) {
      setError(
        e instanceof UploadError
          ? t(
              e.message === 'type' || e.message === 'tooLarge'
                ? `ui.import.upload.${e.message}`
                : 'ui.import.upload.failed',
              {
                reason: e.message,
              },
            )
          : e instanceof Error
            ? e.message
            : String(e),
      );
      setProgress(null);
    }
  };

  const busy = progress !== null && error === null;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>{t('ui.import.files.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('ui.import.files.hint')}
        </Text>
        <FileInput
          label={t('ui.import.files.sheet')}
          description={t('ui.import.files.sheetHint')}
          accept=".xlsx,.csv"
          value={sheet}
          onChange={setSheet}
          clearable
          withAsterisk
          disabled={busy}
        />
        <FileInput
          label={t('ui.import.files.zips')}
          description={t('ui.import.files.zipsHint')}
          accept=".zip"
          multiple
          value={zips}
          onChange={(v) => setZips(v.slice(0, IMPORT_LIMITS.ZIPS_MAX))}
          clearable
          disabled={busy}
        />
        {tooBig && (
          <Alert color="red" role="alert">
            {t('ui.import.upload.tooLarge')}
          </Alert>
        )}
        {progress !== null && (
          <Progress
            value={Math.round(progress * 100)}
            aria-label={t('ui.import.files.uploading')}
            role="progressbar"
            aria-valuenow={Math.round(progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button onClick={() => void start()} disabled={!sheet || !!tooBig} loading={busy}>
            {t('ui.import.files.read')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Step 2: which spreadsheet column fills which field (guessed by the server, editable). */
function MappingStep({ job, onChecked }: { job: ImportJob; onChecked: (job: ImportJob) => void }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  // Per spreadsheet column: the import column it fills, or none.
  const [byHeader, setByHeader] = useState<(string | null)[]>(() =>
    job.headers.map((_, i) => Object.entries(job.mapping).find(([, idx]) => idx === i)?.[0] ?? null),
  );
  const [checking, setChecking] = useState(false);
  const options = useMemo(() => IMPORT_COLUMNS.map((c) => ({ value: c.key, label: c.label[lang] })), [lang]);
  const taken = new Set(byHeader.filter(Boolean));
  const check = async () => {
    const mapping: ImportMapping = {};
    byHeader.forEach((key, i) => {
      if (key) mapping[key] = i;
    });
    setChecking(true);
    try {
      onChecked(await call('staff_check_import', { id: job.id, mapping }));
    } catch (e) {
      notifyError(e);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>{t('ui.import.mapping.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('ui.import.mapping.hint')}
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ui.import.mapping.header')}</Table.Th>
                <Table.Th>{t('ui.import.mapping.sample')}</Table.Th>
                <Table.Th>{t('ui.import.mapping.field')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {job.headers.map((h, i) => (
                <Table.Tr key={`${i}-${h}`}>
                  <Table.Td>{h || t('ui.import.mapping.noHeader', { n: i + 1 })}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {job.preview
                        .map((r) => r[i] ?? '')
                        .filter(Boolean)
                        .slice(0, 2)
                        .join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('ui.import.mapping.fieldOf', { header: h || i + 1 })}
                      placeholder={t('ui.import.mapping.ignored')}
                      data={options.map((o) => ({
                        ...o,
                        disabled: taken.has(o.value) && byHeader[i] !== o.value,
                      }))}
                      value={byHeader[i] ?? null}
                      onChange={(v) => setByHeader((b) => b.map((x, j) => (j === i ? v : x)))}
                      clearable
                      searchable
                      size="xs"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button onClick={() => void check()} loading={checking}>
            {t('ui.import.mapping.check')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The counts and the bar: rows, pictures, errors; read again every second while it runs. */
function ProgressPanel({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  const percent = job.rows_total === 0 ? 100 : Math.round((job.rows_done / job.rows_total) * 100);
  const label = t('ui.import.progress.rows', { done: job.rows_done, total: job.rows_total });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{t(`ui.import.status.${job.status}`)}</Title>
          <Badge color={job.status === 'done' ? 'green' : job.status === 'failed' ? 'red' : 'blue'}>
            {percent}%
          </Badge>
        </Group>
        <Progress
          value={percent}
          size="xl"
          animated={job.status === 'running'}
          role="progressbar"
          aria-label={label}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuetext={label}
          data-testid="import-progress"
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} role="status" aria-live="polite">
          <Stat label={t('ui.import.progress.rowsLabel')} value={`${job.rows_done} / ${job.rows_total}`} />
          <Stat
            label={t('ui.import.progress.pictures')}
            value={`${job.pictures_done} / ${job.pictures_total}`}
          />
          <Stat label={t('ui.import.progress.createdUpdated')} value={`${job.created} / ${job.updated}`} />
          <Stat label={t('ui.import.progress.errors')} value={String(job.errors)} danger={job.errors > 0} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Stat({ label, value, danger }: { label: string; value: string; danger?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={danger ? 'red' : undefined}>
        {value}
      </Text>
    </div>
  );
}

/** The dry run's plan, the files' problems and the rows' problems, then the real run. */
function JobView({ job, onNew }: { job: ImportJob; onNew: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [remap, setRemap] = useState(false);
  const [starting, setStarting] = useState(false);
  const detail = useQuery({
    queryKey: [...importKey(job.id), page],
    queryFn: () =>
      call('staff_get_import', { id: job.id, page, page_size: ROWS_PER_PAGE, only_problems: true }),
    refetchInterval: (q) => (q.state.data?.job.status === 'running' ? POLL_MS : false),
  });
  const current = detail.data?.job ?? job;
  const refresh = (j: ImportJob) => {
    client.setQueryData([...importKey(j.id), page], (d: typeof detail.data) => (d ? { ...d, job: j } : d));
    void client.invalidateQueries({ queryKey: importKey(j.id) });
    void client.invalidateQueries({ queryKey: IMPORTS_KEY });
  };
  const run = async () => {
    setStarting(true);
    try {
      refresh(await call('staff_run_import', { id: job.id }));
    } catch (e) {
      notifyError(e);
    } finally {
      setStarting(false);
    }
  };
  const fatal = current.file_problems.filter((p) =>
    ['no_number_column', 'sheet_unreadable', 'sheet_empty', 'too_many_rows', 'too_many_columns'].includes(
      p.code,
    ),
  );
  const showMapping = current.status === 'new' || (current.status === 'checked' && remap);
  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600}>
          {current.file_name} · #{current.id}
        </Text>
        <Button variant="default" onClick={onNew} disabled={current.status === 'running'}>
          {t('ui.import.new')}
        </Button>
      </Group>
      {current.status === 'failed' && (
        <Alert color="red" role="alert" title={t('ui.import.status.failed')}>
          <List size="sm">
            {current.file_problems.map((p, i) => (
              <List.Item key={i}>
                <ProblemText p={p} />
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {showMapping && (
        <MappingStep
          job={current}
          onChecked={(j) => {
            setRemap(false);
            refresh(j);
          }}
        />
      )}
      {current.status === 'checked' && !remap && (
        <Paper withBorder p="md">
          <Stack>
            <Title order={3}>{t('ui.import.plan.title')}</Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} role="status">
              <Stat label={t('ui.import.plan.create')} value={String(current.to_create)} />
              <Stat label={t('ui.import.plan.update')} value={String(current.to_update)} />
              <Stat label={t('ui.import.plan.pictures')} value={String(current.pictures_total)} />
              <Stat
                label={t('ui.import.plan.refused')}
                value={String(current.errors)}
                danger={current.errors > 0}
              />
            </SimpleGrid>
            <Group>
              <Button
                onClick={() => void run()}
                loading={starting}
                disabled={fatal.length > 0 || current.rows_total === 0}
              >
                {t('ui.import.plan.run', { count: current.rows_total })}
              </Button>
              <Button variant="default" onClick={() => setRemap(true)}>
                {t('ui.import.plan.remap')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {(current.status === 'running' || current.status === 'done') && <ProgressPanel job={current} />}
      {current.status !== 'new' && current.status !== 'failed' && current.file_problems.length > 0 && (
        <Alert
          color={fatal.length ? 'red' : 'yellow'}
          title={t('ui.import.fileProblems')}
          role={fatal.length ? 'alert' : undefined}
        >
          <List size="sm" spacing={2}>
            {current.file_problems.slice(0, 50).map((p, i) => (
              <List.Item key={i}>
                <ProblemText p={p} />
              </List.Item>
            ))}
          </List>
          {current.file_problems.length > 50 && (
            <Text size="sm" mt="xs">
              {t('ui.import.more', { count: current.file_problems.length - 50 })}
            </Text>
          )}
        </Alert>
      )}
      {current.status !== 'new' && current.status !== 'failed' && (
        <Paper withBorder p="md">
          <Title order={3} mb="sm">
            {t('ui.import.rows.title')}
          </Title>
          <QueryState
            isPending={detail.isPending}
            error={detail.error}
            retry={() => void detail.refetch()}
            empty={detail.data?.rows.length === 0 && t('ui.import.rows.none')}
          >
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ui.import.rows.line')}</Table.Th>
                    <Table.Th>{t('ui.import.rows.number')}</Table.Th>
                    <Table.Th>{t('ui.import.rows.status')}</Table.Th>
                    <Table.Th>{t('ui.import.rows.problems')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {detail.data?.rows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>{r.toy_number || r.article_number || '—'}</Table.Td>
                      <Table.Td>
                        <Badge
                          color={
                            r.status === 'error'
                              ? 'red'
                              : r.status === 'skipped'
                                ? 'gray'
                                : r.status === 'done'
                                  ? 'green'
                                  : 'yellow'
                          }
                          variant="light"
                        >
                          {t(`ui.import.rowStatus.${r.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          {r.problems.map((p, i) => (
                            <ProblemText key={i} p={p} />
                          ))}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager
              page={page}
              pageSize={ROWS_PER_PAGE}
              total={detail.data?.rows_matching ?? 0}
              onChange={setPage}
            />
          </QueryState>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * The catalogue import (decision 0055): the template, the files, the column mapping, the dry
 * run, then the run with its progress. The job is in the address (?job=), and the newest one
 * still running is shown when there is none, so a reload finds the bar where it was.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || null;
  const [fresh, setFresh] = useState(false);
  const recent = useQuery({ queryKey: IMPORTS_KEY, queryFn: () => call('staff_list_imports', {}) });
  const shownId =
    jobId ?? (fresh ? null : (recent.data?.list.find((j) => j.status === 'running')?.id ?? null));
  const shown = recent.data?.list.find((j) => j.id === shownId);
  const single = useQuery({
    queryKey: [...importKey(shownId ?? 0), 'head'],
    queryFn: () => call('staff_get_import', { id: shownId ?? 0, page: 1, page_size: 1, only_problems: true }),
    enabled: shownId !== null && !shown,
  });
  const job = shown ?? single.data?.job;
  const [downloading, setDownloading] = useState(false);

  const template = async () => {
    setDownloading(true);
    try {
      const r = await call('staff_get_import_template', {});
      const a = document.createElement('a');
      a.href = r.url;
      a.download = r.file_name;
      a.click();
    } catch (e) {
      notifyError(e);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PageHeader title={t('ui.import.title')}>
        <Button variant="default" onClick={() => void template()} loading={downloading}>
          {t('ui.import.template')}
        </Button>
      </PageHeader>
      <QueryState
        isPending={recent.isPending || (shownId !== null && !shown && single.isPending)}
        error={recent.error ?? single.error}
        retry={() => void recent.refetch()}
      >
        {job ? (
          <JobView
            key={job.id}
            job={job}
            onNew={() => {
              setFresh(true);
              setParams({});
            }}
          />
        ) : (
          <FilesStep onCreated={(j) => setParams({ job: String(j.id) })} />
        )}
      </QueryState>
    </>
  );
}

import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AnalyticsBuyer, AnalyticsProduct, AnalyticsSection, StaffAnalytics } from '@vitrine/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { call } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useUrlFilters } from '../../lib/useParams';
import { DailyChart } from './DailyChart';
import { type Preset, PRESETS, periodDays, presetPeriod, utcOffset } from './period';

/** Rows of each table on the page; the CSV holds up to 1000. */
const TOP = 10;

/** Saves text as a file through the browser's own download (the CSV arrives in the answer). */
function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface Period {
  from: string;
  to: string;
  utc_offset: number;
}

function CsvButton({ section, period }: { section: AnalyticsSection; period: Period }) {
  const { t } = useTranslation();
  const csv = useMutation({
    mutationFn: () => call('staff_export_analytics', { ...period, section }),
    onSuccess: (r) => {
      download(r.filename, r.csv);
      notifySuccess(t('ui.analytics.csvDone', { filename: r.filename, count: r.rows }));
    },
    onError: notifyError,
  });
  return (
    <Button
      size="compact-sm"
      variant="light"
      style={{ flexShrink: 0 }}
      loading={csv.isPending}
      onClick={() => csv.mutate()}
      aria-label={t('ui.analytics.csvLabel', { section: t(`ui.analytics.sections.${section}`) })}
    >
      {t('ui.analytics.csv')}
    </Button>
  );
}

function Section({
  section,
  period,
  hint,
  empty,
  children,
}: {
  section: AnalyticsSection;
  period: Period;
  hint?: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `analytics-${section}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Title order={3} size="h4" id={titleId}>
            {t(`ui.analytics.sections.${section}`)}
          </Title>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {!empty && <CsvButton section={section} period={period} />}
      </Group>
      {empty ? (
        <Text c="dimmed" size="sm" py="md" ta="center" role="status">
          {t('ui.analytics.empty')}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

const num = (v: number) => formatNumber(v);

function ProductTable({
  rows,
  countLabel,
  cartons,
}: {
  rows: AnalyticsProduct[];
  countLabel: string;
  cartons?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing={6} horizontalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={28} aria-label={t('ui.analytics.columns.rank')}>
              #
            </Table.Th>
            <Table.Th scope="col">{t('ui.analytics.columns.product')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {countLabel}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('ui.analytics.columns.buyers')}
            </Table.Th>
            {cartons && (
              <Table.Th scope="col" ta="end">
                {t('ui.analytics.columns.ctn')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.product_id}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Th scope="row" fw={400}>
                <Text size="sm" lineClamp={2} title={r.name}>
                  {r.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.number}
                </Text>
              </Table.Th>
              <Table.Td ta="end" fw={600}>
                {num(r.count)}
              </Table.Td>
              <Table.Td ta="end">{num(r.buyers)}</Table.Td>
              {cartons && <Table.Td ta="end">{num(r.ctn ?? 0)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BuyerName({ buyer }: { buyer: Pick<AnalyticsBuyer, 'kind' | 'name'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" truncate="end">
        {buyer.name || t('ui.analytics.unnamedVisitor')}
      </Text>
      <Badge size="xs" variant="light" color={buyer.kind === 'customer' ? 'blue' : 'gray'}>
        {t(`ui.analytics.kind.${buyer.kind}`)}
      </Badge>
    </Group>
  );
}

function Report({ data, period }: { data: StaffAnalytics; period: Period }) {
  const { t } = useTranslation();
  const totals = [
    ['views', data.totals.views],
    ['selections', data.totals.selections],
    ['submissions', data.totals.submissions],
    ['searches', data.totals.searches],
    ['gaps', data.totals.gaps],
    ['buyers', data.totals.buyers],
  ] as const;
  const summary = t('ui.analytics.chart.summary', {
    from: data.from,
    to: data.to,
    views: data.totals.views,
    selections: data.totals.selections,
    submissions: data.totals.submissions,
    gaps: data.totals.gaps,
  });
  const col = (k: string) => t(`ui.analytics.columns.${k}`);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {totals.map(([key, value]) => (
          <Paper key={key} withBorder p="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`ui.analytics.totals.${key}`)}
            </Text>
            <Text fz={26} fw={700} c={key === 'gaps' && value > 0 ? 'red.7' : undefined}>
              {num(value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Section section="days" period={period} empty={false}>
        <DailyChart days={data.days} summary={summary} />
      </Section>

      <SimpleGrid cols={{ base: 1, xl: 3 }} spacing="md">
        <Section section="viewed" period={period} empty={data.viewed.length === 0}>
          <ProductTable rows={data.viewed} countLabel={col('views')} />
        </Section>
        <Section section="selected" period={period} empty={data.selected.length === 0}>
          <ProductTable rows={data.selected} countLabel={col('selections')} />
        </Section>
        <Section section="submitted" period={period} empty={data.submitted.length === 0}>
          <ProductTable rows={data.submitted} countLabel={col('lists')} cartons />
        </Section>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Section
          section="text_gaps"
          period={period}
          hint={t('ui.analytics.hints.text_gaps')}
          empty={data.text_gaps.length === 0}
        >
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{col('query')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {col('searches')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {col('buyers')}
                  </Table.Th>
                  <Table.Th scope="col">{col('lastSearched')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.text_gaps.map((g) => (
                  <Table.Tr key={g.query}>
                    <Table.Th scope="row" fw={500}>
                      {/* The buyer's own words, in any script: text, never markup. */}
                      <Text size="sm" dir="auto" ta="left" lineClamp={2}>
                        {g.query}
                      </Text>
                    </Table.Th>
                    <Table.Td ta="end" fw={600}>
                      {num(g.searches)}
                    </Table.Td>
                    <Table.Td ta="end">{num(g.buyers)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatDateTime(g.last_at)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
        <Section
          section="image_gaps"
          period={period}
          hint={t('ui.analytics.hints.image_gaps')}
          empty={data.image_gaps.length === 0}
        >
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{col('when')}</Table.Th>
                  <Table.Th scope="col">{col('buyer')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {col('lookAlikes')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.image_gaps.map((g, i) => (
                  <Table.Tr key={`${g.at}-${i}`}>
                    <Table.Td>{formatDateTime(g.at)}</Table.Td>
                    <Table.Td>
                      <BuyerName buyer={{ kind: g.kind, name: g.buyer }} />
                    </Table.Td>
                    <Table.Td ta="end">{num(g.results)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      </SimpleGrid>

      <Section section="buyers" period={period} empty={data.buyers.length === 0}>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{col('buyer')}</Table.Th>
                {['views', 'selections', 'submissions', 'searches'].map((k) => (
                  <Table.Th key={k} scope="col" ta="end">
                    {col(k)}
                  </Table.Th>
                ))}
                <Table.Th scope="col">{col('lastActive')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.buyers.map((b, i) => (
                <Table.Tr key={`${b.kind}-${b.customer_id ?? i}`}>
                  <Table.Th scope="row" fw={400} maw={280}>
                    <BuyerName buyer={b} />
                  </Table.Th>
                  <Table.Td ta="end">{num(b.views)}</Table.Td>
                  <Table.Td ta="end">{num(b.selections)}</Table.Td>
                  <Table.Td ta="end">{num(b.submissions)}</Table.Td>
                  <Table.Td ta="end">{num(b.searches)}</Table.Td>
                  <Table.Td>{formatDateTime(b.last_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
    </Stack>
  );
}

/** What buyers look at, choose, send and miss over a period (owner and sales; decision 0058). */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { values, setFilters } = useUrlFilters({ preset: 'last30', from: '', to: '' });
  const preset = values.preset as Preset | 'custom';
  const chosen =
    preset === 'custom'
      ? { from: values.from, to: values.to }
      : presetPeriod(PRESETS.includes(preset) ? preset : 'last30');
  const valid = periodDays(chosen.from, chosen.to) !== null;
  const period: Period = { ...chosen, utc_offset: utcOffset() };
  const report = useQuery({
    queryKey: ['analytics', period],
    queryFn: () => call('staff_get_analytics', { ...period, top: TOP }),
    enabled: valid,
    placeholderData: keepPreviousData,
  });

  const setDay = (which: 'from' | 'to', value: string) =>
    setFilters({ preset: 'custom', ...chosen, [which]: value });

  return (
    <>
      <PageHeader title={t('ui.analytics.title')} />
      <Paper p="md" withBorder mb="md" component="form" onSubmit={(e) => e.preventDefault()}>
        <Group align="flex-end" gap="md" wrap="wrap">
          <div>
            <Text size="sm" fw={500} mb={4} id="analytics-period">
              {t('ui.analytics.period')}
            </Text>
            <SegmentedControl
              aria-labelledby="analytics-period"
              value={preset}
              onChange={(v) =>
                setFilters(v === 'custom' ? { preset: 'custom', ...chosen } : { preset: v, from: '', to: '' })
              }
              data={[...PRESETS, 'custom'].map((p) => ({ value: p, label: t(`ui.analytics.presets.${p}`) }))}
            />
          </div>
          <TextInput
            type="date"
            label={t('ui.analytics.from')}
            value={chosen.from}
            max={chosen.to || undefined}
            onChange={(e) => setDay('from', e.currentTarget.value)}
            w={170}
          />
          <TextInput
            type="date"
            label={t('ui.analytics.to')}
            value={chosen.to}
            min={chosen.from || undefined}
            onChange={(e) => setDay('to', e.currentTarget.value)}
            w={170}
          />
        </Group>
        {!valid && (
          <Text c="red.7" size="sm" mt="xs" role="alert">
            {t('ui.analytics.badPeriod')}
          </Text>
        )}
      </Paper>
      {valid && (
        <QueryState isPending={report.isPending} error={report.error} retry={() => void report.refetch()}>
          {report.data && (
            <div aria-busy={report.isFetching} style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
              <Report data={report.data} period={period} />
            </div>
          )}
        </QueryState>
      )}
    </>
  );
}

import { Box, Button, Collapse, Group, Table, Text } from '@mantine/core';
import type { AnalyticsDay } from '@vitrine/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/** The series drawn, each in a colour of the theme that stays apart from the others for colour-blind eyes. */
export const SERIES = [
  { key: 'views', color: 'var(--mantine-color-blue-6)', dash: '' },
  { key: 'selections', color: 'var(--mantine-color-teal-7)', dash: '6 3' },
  { key: 'submissions', color: 'var(--mantine-color-grape-6)', dash: '' },
  { key: 'gaps', color: 'var(--mantine-color-red-7)', dash: '2 3' },
] as const;

const W = 720;
const H = 220;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };

/** A round upper bound for the axis: 1, 2, 5 × 10ⁿ. */
function niceMax(v: number): number {
  if (v <= 4) return 4;
  const p = 10 ** Math.floor(Math.log10(v));
  const m = v / p;
  return (m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/** "11-27" from "2026-11-27": the year is in the period's heading. */
const shortDay = (iso: string) => iso.slice(5);

/**
 * Activity per day as an SVG line chart (decision 0058: no chart library for four lines). The
 * picture has a title and a one-sentence summary for screen readers; the figures themselves
 * are one button away as a table, which is also what a keyboard user reads day by day.
 */
export function DailyChart({ days, summary }: { days: AnalyticsDay[]; summary: string }) {
  const { t } = useTranslation();
  const [table, setTable] = useState(false);
  const id = useId();
  const max = niceMax(Math.max(0, ...days.flatMap((d) => SERIES.map((s) => d[s.key]))));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length <= 1 ? innerW / 2 : (i * innerW) / (days.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  // About eight dates along the axis, whatever the period's length.
  const every = Math.max(1, Math.ceil(days.length / 8));
  const ticks = [0, max / 2, max];

  return (
    <>
      <Group
        gap="md"
        mb="xs"
        component="ul"
        aria-label={t('ui.analytics.chart.legend')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {SERIES.map((s) => (
          <Group key={s.key} gap={6} component="li" wrap="nowrap">
            <svg width="24" height="10" aria-hidden="true">
              <line x1="0" y1="5" x2="24" y2="5" stroke={s.color} strokeWidth="3" strokeDasharray={s.dash} />
            </svg>
            <Text size="sm">{t(`ui.analytics.columns.${s.key}`)}</Text>
          </Group>
        ))}
      </Group>
      <Box style={{ width: '100%', overflow: 'hidden' }}>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width="100%"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          style={{ display: 'block', maxHeight: 260 }}
        >
          <title id={`${id}-title`}>{t('ui.analytics.chart.title')}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {ticks.map((v) => (
            <g key={v}>
              <line
                x1={PAD.left}
                x2={W - PAD.right}
                y1={y(v)}
                y2={y(v)}
                stroke="var(--mantine-color-gray-3)"
                strokeWidth="1"
              />
              <text
                x={PAD.left - 6}
                y={y(v) + 4}
                textAnchor="end"
                fontSize="11"
                fill="var(--mantine-color-gray-7)"
              >
                {formatNumber(v)}
              </text>
            </g>
          ))}
          {days.map((d, i) =>
            // Every few days, and the last day, unless it would sit on the tick before it.
            (i % every === 0 && days.length - 1 - i >= every / 2 + 0.5) || i === days.length - 1 ? (
              <text
                key={d.day}
                x={x(i)}
                y={H - 8}
                textAnchor="middle"
                fontSize="11"
                fill="var(--mantine-color-gray-7)"
              >
                {shortDay(d.day)}
              </text>
            ) : null,
          )}
          {SERIES.map((s) => (
            <g key={s.key}>
              <polyline
                fill="none"
                stroke={s.color}
                strokeWidth="2.5"
                strokeDasharray={s.dash}
                strokeLinejoin="round"
                points={days.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')}
              />
              {days.length <= 45 &&
                days.map((d, i) => <circle key={d.day} cx={x(i)} cy={y(d[s.key])} r="3" fill={s.color} />)}
            </g>
          ))}
        </svg>
      </Box>
      <Button
        variant="subtle"
        size="compact-sm"
        mt="xs"
        aria-expanded={table}
        aria-controls={`${id}-table`}
        onClick={() => setTable((v) => !v)}
      >
        {table ? t('ui.analytics.chart.hideTable') : t('ui.analytics.chart.showTable')}
      </Button>
      <Collapse expanded={table} id={`${id}-table`}>
        {table && (
          <Table.ScrollContainer minWidth={480} mah={320}>
            <Table striped verticalSpacing={4} stickyHeader>
              <Table.Caption>{t('ui.analytics.chart.title')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('ui.analytics.columns.day')}</Table.Th>
                  {['views', 'selections', 'submissions', 'searches', 'gaps'].map((k) => (
                    <Table.Th key={k} scope="col" ta="end">
                      {t(`ui.analytics.columns.${k}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {days.map((d) => (
                  <Table.Tr key={d.day}>
                    <Table.Th scope="row" fw={400}>
                      {d.day}
                    </Table.Th>
                    {([d.views, d.selections, d.submissions, d.searches, d.gaps] as const).map((v, i) => (
                      <Table.Td key={i} ta="end">
                        {formatNumber(v)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Collapse>
    </>
  );
}

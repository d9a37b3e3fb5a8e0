import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LanguageName } from '../../components/LanguageName';
import { LinesheetButton } from '../../components/LinesheetButton';
import { QueryState } from '../../components/QueryState';
import { call, callWithTip } from '../../lib/api';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { refreshCounts } from '../../lib/queries';
import { samplesKey } from './keys';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** One sample list: who sent it, its lines and totals, export, mark as seen. */
export function SampleDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: [...samplesKey, 'detail', id],
    queryFn: () => call('staff_get_sample', { id }),
    enabled: Number.isInteger(id) && id > 0,
  });

  const markSeen = useMutation({
    mutationFn: () => callWithTip('staff_mark_sample_seen', { id }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData([...samplesKey, 'detail', id], (old: typeof detail.data) =>
        old ? { ...old, sample: data } : old,
      );
      void queryClient.invalidateQueries({ queryKey: samplesKey, exact: false, refetchType: 'none' });
      void refreshCounts(queryClient);
    },
    onError: notifyError,
  });
  const navigate = useNavigate();
  // The quotation is the orders' page's to edit; the inbox only starts it (a call, not an import).
  const quote = useMutation({
    mutationFn: () => call('staff_create_quotation', { sample_id: id }),
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: ['orders'], exact: false, refetchType: 'none' });
      void navigate(`/orders/${data.order.id}`);
    },
    onError: notifyError,
  });
  const exportList = useMutation({
    mutationFn: () => callWithTip('staff_export_sample', { id }),
    onSuccess: ({ tip }) => notifySuccess(tip),
    onError: notifyError,
  });

  // Opening a new list marks it seen, once.
  const marked = useRef(false);
  const isNew = detail.data?.sample.status === 'new';
  const { mutate } = markSeen;
  useEffect(() => {
    if (isNew && !marked.current) {
      marked.current = true;
      mutate();
    }
  }, [isNew, mutate]);

  const sample = detail.data?.sample;
  const totals = detail.data?.totals;
  const lines = detail.data?.lines ?? [];
  return (
    <Stack>
      <Anchor component={Link} to="/inbox" size="sm">
        ← {t('ui.sample.back')}
      </Anchor>
      <QueryState isPending={detail.isPending} error={detail.error} retry={() => void detail.refetch()}>
        {sample && totals && (
          <>
            <Group justify="space-between" wrap="wrap">
              <Group gap="sm">
                <Title order={2}>{t('ui.sample.title', { number: sample.number })}</Title>
                <Badge color={sample.status === 'new' ? 'red' : 'gray'} variant="light">
                  {t(sample.status === 'new' ? 'ui.inbox.new' : 'ui.inbox.seen')}
                </Badge>
              </Group>
              <Group gap="sm">
                <Button
                  variant="default"
                  onClick={() => markSeen.mutate()}
                  disabled={sample.status !== 'new'}
                  loading={markSeen.isPending}
                >
                  {t('ui.sample.markSeen')}
                </Button>
                <Button variant="default" onClick={() => exportList.mutate()} loading={exportList.isPending}>
                  {exportList.isPending ? t('ui.sample.exporting') : t('ui.sample.export')}
                </Button>
                {/* In the buyer's language first: the linesheet is usually sent back to them. */}
                <LinesheetButton language={sample.lang} selection={() => ({ kind: 'record', id })} />
                <Button
                  onClick={() => quote.mutate()}
                  loading={quote.isPending}
                  disabled={!sample.customer_id || lines.length === 0}
                  title={!sample.customer_id ? t('ui.quote.visitorList') : undefined}
                >
                  {t('ui.quote.make')}
                </Button>
              </Group>
            </Group>
            {exportList.data && (
              <Paper withBorder p="sm" aria-live="polite">
                <Anchor href={exportList.data.data.url} download={exportList.data.data.filename}>
                  {t('ui.sample.download', { filename: exportList.data.data.filename })}
                </Anchor>
              </Paper>
            )}
            <Paper withBorder p="md">
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
                <Field label={t('ui.inbox.submitted')}>{formatDateTime(sample.created_at)}</Field>
                <Field label={t('ui.sample.company')}>{sample.company_name}</Field>
                <Field label={t('ui.inbox.contact')}>{sample.contact}</Field>
                <Field label={t('ui.sample.phone')}>{sample.phone}</Field>
                <Field label={t('ui.inbox.email')}>{sample.email}</Field>
                <Field label={t('ui.sample.language')}>
                  {sample.lang && <LanguageName lang={sample.lang} />}
                </Field>
                <Field label={t('ui.sample.seenAt')}>
                  {sample.seen_at ? formatDateTime(sample.seen_at) : ''}
                </Field>
                <Field label={t('ui.sample.customer')}>
                  {sample.customer_id ? (
                    <Anchor
                      component={Link}
                      to={`/buyers?q=${encodeURIComponent(sample.customer_name)}`}
                      aria-label={`${t('ui.sample.openCustomer')}: ${sample.customer_name}`}
                    >
                      {sample.customer_name}
                    </Anchor>
                  ) : (
                    t('ui.inbox.visitor')
                  )}
                </Field>
              </SimpleGrid>
              {sample.remark && (
                <Stack mt="md" gap={0}>
                  <Field label={t('ui.sample.remark')}>{sample.remark}</Field>
                </Stack>
              )}
            </Paper>
            <Paper withBorder>
              <Title order={3} size="h4" p="md" pb={0}>
                {t('ui.sample.lines')}
              </Title>
              {lines.length === 0 ? (
                <Text c="dimmed" p="md">
                  {t('ui.sample.noLines')}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={680}>
                  <Table verticalSpacing="xs" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('ui.sample.picture')}</Table.Th>
                        <Table.Th>{t('ui.sample.productNumber')}</Table.Th>
                        <Table.Th>{t('ui.sample.name')}</Table.Th>
                        <Table.Th ta="right">{t('ui.inbox.cartons')}</Table.Th>
                        <Table.Th ta="right">{t('ui.sample.pieces')}</Table.Th>
                        <Table.Th ta="right">{t('ui.sample.price')}</Table.Th>
                        <Table.Th ta="right">{t('ui.sample.lineTotal')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {lines.map((line) => (
                        <Table.Tr key={line.product.id}>
                          <Table.Td>
                            {line.product.picture ? (
                              <Image
                                src={line.product.picture}
                                alt=""
                                w={48}
                                h={48}
                                fit="contain"
                                radius="sm"
                              />
                            ) : null}
                          </Table.Td>
                          <Table.Td>{line.product.number ?? '—'}</Table.Td>
                          <Table.Td>{line.product.name}</Table.Td>
                          <Table.Td ta="right">{formatNumber(line.ctn)}</Table.Td>
                          <Table.Td ta="right">{formatNumber(line.pieces)}</Table.Td>
                          <Table.Td ta="right">
                            {formatMoney(line.product.price, line.product.money_unit)}
                          </Table.Td>
                          <Table.Td ta="right">
                            {formatMoney(line.total_price, line.product.money_unit)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
            <Paper withBorder p="md">
              <Title order={3} size="h4" mb="sm">
                {t('ui.sample.totals')}
              </Title>
              <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
                <Field label={t('ui.inbox.products')}>{formatNumber(totals.lines)}</Field>
                <Field label={t('ui.inbox.cartons')}>{formatNumber(totals.ctn)}</Field>
                <Field label={t('ui.sample.pieces')}>{formatNumber(totals.pieces)}</Field>
                <Field label={t('ui.sample.weight')}>{`${formatNumber(totals.weight, 1)} kg`}</Field>
                <Field label={t('ui.sample.volume')}>
                  {`${formatNumber(totals.cbm, 3)} m³ / ${formatNumber(totals.cuft, 1)} ft³`}
                </Field>
                <Field label={t('ui.inbox.total')}>
                  {`${formatMoney(totals.price, totals.money_unit)}${totals.trade_term ? ` ${totals.trade_term}` : ''}`}
                </Field>
              </SimpleGrid>
              <Text size="sm" fw={500} mt="md" mb={4}>
                {t('ui.sample.container')}
              </Text>
              <Stack gap={6}>
                {totals.containers.map((c) => {
                  const percent = Math.round(c.fill * 100);
                  return (
                    <div key={c.type}>
                      <Text size="xs">
                        {t('ui.sample.containerLine', { type: c.type, percent, count: c.containers })}
                      </Text>
                      <Progress
                        value={Math.min(100, percent)}
                        aria-label={`${c.type} ${percent}%`}
                        color={percent > 100 ? 'orange' : undefined}
                      />
                    </div>
                  );
                })}
              </Stack>
            </Paper>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

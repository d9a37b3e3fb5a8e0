import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { CallResponse, OrderStatus, STAFF_ADVANCE_EVENTS } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StackTable } from '../../components/StackTable';
import { useConfirm } from '../../components/confirm';
import { callWithTip } from '../../lib/api';
import { formatAmount as money, formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { fromDateInput, lineProduct, toDateInput } from './draft';
import { Attachments } from './Attachments';
import { STATUS_COLOR } from './keys';
import { Vouchers } from './Vouchers';

type StaffOrder = CallResponse<'staff_get_order'>;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
type AdvanceEvent = (typeof STAFF_ADVANCE_EVENTS)[number];

/** The order's page shows these as buttons, in this order; send lives in the editor. */
const ADVANCES: readonly AdvanceEvent[] = [
  'withdraw',
  'request_balance',
  'ready_to_ship',
  'ship',
  'close',
  'cancel',
];

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }} data-testid={testId}>
        {children || '—'}
      </Text>
    </div>
  );
}

interface OrderDetailProps {
  data: StaffOrder;
  onChange(data: StaffOrder): void;
}

/** A sent quotation or an order: amounts, lines with the buyer's answers, payments, files, history. */
export function OrderDetail({ data, onChange }: OrderDetailProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { order, lines, totals } = data;
  const isQuotation = order.status === 'quoted';
  const answered = order.status !== 'draft';
  const live = lines.filter((l) => !l.removed);

  const advance = useMutation({
    mutationFn: (body: { event: AdvanceEvent; note: string }) =>
      callWithTip('staff_advance_order', { id: order.id, ...body }),
    onSuccess: ({ data: next, tip }) => {
      onChange(next);
      notifySuccess(tip);
    },
    onError: notifyError,
  });
  const proforma = useMutation({
    mutationFn: () => callWithTip('staff_get_order_proforma', { id: order.id }),
    onSuccess: ({ data: pdf }) => window.open(pdf.url, '_blank', 'noopener'),
    onError: notifyError,
  });

  const askAdvance = async (event: AdvanceEvent) => {
    let note = '';
    const ok = await confirm({
      title: t(`ui.orders.advance.${event}`),
      message: t(`ui.orders.advanceConfirm.${event}`, { number: order.order_number }),
      confirmLabel: t(`ui.orders.advance.${event}`),
      danger: event === 'cancel',
      children:
        event === 'cancel' ? (
          <Textarea
            label={t('ui.orders.cancelNote')}
            autosize
            minRows={2}
            onChange={(e) => (note = e.currentTarget.value)}
          />
        ) : undefined,
    });
    if (ok) advance.mutate({ event, note: note.trim() });
  };

  // A deposit that was paid is confirmed by reviewing its voucher; the button is for a 0 % deposit.
  const actions = ADVANCES.filter(
    (e) => order.actions.includes(e) && (e !== 'confirm_deposit' || order.deposit_amount === 0),
  );
  const counts = {
    confirmed: live.filter((l) => l.line_status === 'confirmed' && l.boxes === l.quoted_boxes).length,
    changed: live.filter((l) => l.boxes !== l.quoted_boxes).length,
    removed: lines.length - live.length,
    pending: live.filter((l) => l.line_status !== 'confirmed' && l.boxes === l.quoted_boxes).length,
  };

  return (
    <>
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={2}>
              {t(isQuotation ? 'ui.quote.title' : 'ui.orders.title', { number: order.order_number })}
            </Title>
            <Badge variant="light" color={STATUS_COLOR[order.status]} data-testid="order-status">
              {t(`ui.orders.status.${order.status}`)}
            </Badge>
          </Group>
          <Group gap="md">
            <Text size="sm">{t('ui.quote.for', { buyer: order.customer_name })}</Text>
            {order.sample_id && (
              <Anchor component={Link} to={`/inbox/${order.sample_id}`} size="sm">
                {t('ui.orders.fromSample', { number: order.sample_number })}
              </Anchor>
            )}
          </Group>
        </Stack>
        <Group gap="sm">
          {order.proforma.available && (
            <Button variant="default" onClick={() => proforma.mutate()} loading={proforma.isPending}>
              {t('ui.orders.proforma', { number: order.proforma.pi_number })}
            </Button>
          )}
          {actions.map((event) => (
            <Button
              key={event}
              variant={event === 'cancel' || event === 'withdraw' ? 'default' : 'filled'}
              color={event === 'cancel' ? 'red' : undefined}
              onClick={() => void askAdvance(event)}
              loading={advance.isPending && advance.variables?.event === event}
              disabled={advance.isPending}
            >
              {t(`ui.orders.advance.${event}`)}
            </Button>
          ))}
        </Group>
      </Group>

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Field label={t('ui.quote.grandTotal')} testId="order-amount">
            {`${money(order.order_amount, order.currency)}${order.trade_term ? ` ${order.trade_term}` : ''}`}
          </Field>
          <Field label={t('ui.quote.deposit', { percent: order.deposit_percent })}>
            {money(order.deposit_amount, order.currency)}
          </Field>
          <Field label={t('ui.quote.balance')}>{money(order.balance_amount, order.currency)}</Field>
          <Field label={t('ui.orders.paymentDue')}>
            {order.payment_due ? t(`ui.orders.part.${order.payment_due}`) : t('ui.common.none')}
          </Field>
          <Field label={t('ui.orders.created')}>{formatDateTime(order.created_at)}</Field>
          <Field label={t('ui.orders.updated')}>{formatDateTime(order.updated_at)}</Field>
          <Field label={t('ui.orders.modified')}>{formatDateTime(order.modified_at)}</Field>
          <Field label={t('ui.quote.validUntil')}>{formatDate(order.valid_until)}</Field>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
          <Field label={t('ui.quote.bankAccount')}>{order.account_info}</Field>
          <Field label={t('ui.quote.remark')}>{order.remark}</Field>
        </SimpleGrid>
        <ShipDate data={data} onChange={onChange} />
      </Paper>

      <Vouchers data={data} onChange={onChange} />

      <Paper withBorder>
        <Group justify="space-between" p="md" pb="xs" wrap="wrap">
          <Title order={3} size="h4">
            {t('ui.quote.lines', { count: live.length })}
          </Title>
          {answered && (
            <Text size="sm" c="dimmed" data-testid="answer-summary">
              {t('ui.quote.answerSummary', counts)}
            </Text>
          )}
        </Group>
        <StackTable minWidth={900} verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={NOWRAP}>{t('ui.quote.col.product')}</Table.Th>
              <Table.Th style={NOWRAP}>{t('ui.quote.col.unit')}</Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {t('ui.quote.col.boxes')}
              </Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {t('ui.quote.col.pieces_per_box')}
              </Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {t('ui.quote.col.quantity')}
              </Table.Th>
              <Table.Th style={NOWRAP}>{t('ui.quote.col.packaging')}</Table.Th>
              <Table.Th style={NOWRAP}>{t('ui.quote.col.specifications')}</Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {t('ui.quote.col.price')}
              </Table.Th>
              <Table.Th ta="right" style={NOWRAP}>
                {t('ui.quote.col.total')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => {
              const p = lineProduct(line, answered);
              const answer = p.answer?.state;
              return (
                <Table.Tr key={line.id} style={line.removed ? { opacity: 0.6 } : undefined}>
                  <Table.Td data-stack="main">
                    <Group gap="sm" wrap="nowrap">
                      {line.picture ? (
                        <Image src={line.picture} alt="" w={40} h={40} fit="contain" radius="sm" />
                      ) : null}
                      <div>
                        <Text size="sm" fw={500} td={line.removed ? 'line-through' : undefined}>
                          {line.number || '—'}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {line.name}
                        </Text>
                        {answer && (
                          <Badge
                            size="xs"
                            variant="light"
                            color={
                              answer === 'confirmed'
                                ? 'green'
                                : answer === 'changed'
                                  ? 'orange'
                                  : answer === 'removed'
                                    ? 'gray'
                                    : 'blue'
                            }
                          >
                            {t(`ui.quote.answer.${answer}`)}
                          </Badge>
                        )}
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td data-label={t('ui.quote.col.unit')}>
                    {t(`ui.quote.unit.${line.purchase_unit}`)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={t('ui.quote.col.boxes')}>
                    {formatNumber(line.boxes)}
                    {line.boxes !== line.quoted_boxes && (
                      <Text size="xs" c="dimmed">
                        {t('ui.quote.quoted', { value: formatNumber(line.quoted_boxes) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" data-label={t('ui.quote.col.pieces_per_box')}>
                    {formatNumber(line.pieces_per_box)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={t('ui.quote.col.quantity')}>
                    {formatNumber(line.purchase_quantity)}
                  </Table.Td>
                  <Table.Td data-label={t('ui.quote.col.packaging')}>{line.packaging || '—'}</Table.Td>
                  <Table.Td data-label={t('ui.quote.col.specifications')}>
                    {line.specifications || '—'}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-label={t('ui.quote.col.price')}>
                    {money(line.unit_price, order.currency)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-label={t('ui.quote.col.total')}>
                    {money(line.amount, order.currency)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </StackTable>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" p="md">
          <Field label={t('ui.quote.totalProducts')}>{formatNumber(totals.products)}</Field>
          <Field label={t('ui.quote.totalBoxes')}>{formatNumber(totals.boxes)}</Field>
          <Field label={t('ui.quote.totalQuantity')}>{formatNumber(totals.quantity)}</Field>
          <Field label={t('ui.quote.grandTotal')}>{money(totals.amount, totals.currency)}</Field>
        </SimpleGrid>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Attachments data={data} onChange={onChange} />
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            {t('ui.orders.history')}
          </Title>
          <Timeline bulletSize={14} lineWidth={2} active={order.history.length - 1}>
            {order.history.map((h) => (
              <Timeline.Item
                key={h.id}
                title={
                  <Text size="sm" fw={500}>
                    {t(`ui.orders.event.${h.event}`)}
                    {h.from_status !== h.to_status &&
                      ` → ${t(`ui.orders.status.${h.to_status as OrderStatus}`)}`}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(h.created_at)} · {h.actor_name || t(`ui.orders.actor.${h.actor}`)}
                </Text>
                {h.note && (
                  <Text size="xs" style={{ whiteSpace: 'pre-line' }}>
                    {h.note}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      </SimpleGrid>
    </>
  );
}

/** The estimated shipping date, set or cleared where the machine allows it. */
function ShipDate({ data, onChange }: OrderDetailProps) {
  const { t } = useTranslation();
  const { order } = data;
  const [value, setValue] = useState(() => toDateInput(order.estimated_ship_date));
  const editable = order.actions.includes('set_ship_date');
  const save = useMutation({
    mutationFn: () =>
      callWithTip('staff_set_ship_date', { id: order.id, estimated_ship_date: fromDateInput(value) }),
    onSuccess: ({ data: next, tip }) => {
      onChange(next);
      notifySuccess(tip);
    },
    onError: notifyError,
  });
  const unchanged = value === toDateInput(order.estimated_ship_date);
  if (!editable)
    return (
      <Stack mt="md" gap={0}>
        <Field label={t('ui.quote.shipDate')}>{formatDate(order.estimated_ship_date)}</Field>
      </Stack>
    );
  return (
    <Group mt="md" align="flex-end" gap="sm">
      <TextInput
        type="date"
        label={t('ui.quote.shipDate')}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
      <Button variant="light" onClick={() => save.mutate()} loading={save.isPending} disabled={unchanged}>
        {!value && order.estimated_ship_date ? t('ui.orders.clearShipDate') : t('ui.orders.setShipDate')}
      </Button>
    </Group>
  );
}

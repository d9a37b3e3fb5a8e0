import {
  Badge,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallResponse, ORDER_LIMITS, type OrderVoucher } from '@vitrine/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { callWithTip } from '../../lib/api';
import { formatAmount, formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { refreshCounts } from '../../lib/queries';

type StaffOrder = CallResponse<'staff_get_order'>;

const VOUCHER_COLOR = { pending: 'orange', confirmed: 'green', rejected: 'red' } as const;

/** The buyer's payment vouchers: each picture, and the receipt confirmed or rejected with a reason. */
export function Vouchers({ data, onChange }: { data: StaffOrder; onChange(data: StaffOrder): void }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { order } = data;
  const [viewing, setViewing] = useState<OrderVoucher | null>(null);
  const [rejecting, setRejecting] = useState<OrderVoucher | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const review = useMutation({
    mutationFn: (body: { voucher_id: number; decision: 'confirm' | 'reject'; reason: string }) =>
      callWithTip('staff_review_voucher', body),
    onSuccess: ({ data: next, tip }) => {
      onChange(next);
      notifySuccess(tip);
      setRejecting(null);
      void refreshCounts(queryClient);
    },
    onError: notifyError,
  });

  const mayReview = (v: OrderVoucher) =>
    v.status === 'pending' &&
    (order.actions.includes(v.part === 'deposit' ? 'confirm_deposit' : 'confirm_balance') ||
      order.actions.includes(v.part === 'deposit' ? 'reject_deposit_voucher' : 'reject_balance_voucher'));

  const askConfirm = async (v: OrderVoucher) => {
    const ok = await confirm({
      title: t('ui.vouchers.confirmTitle'),
      message: t('ui.vouchers.confirmMessage', {
        part: t(`ui.orders.part.${v.part}`),
        amount: formatAmount(v.amount, v.currency),
      }),
      confirmLabel: t('ui.vouchers.confirm'),
    });
    if (ok) review.mutate({ voucher_id: v.id, decision: 'confirm', reason: '' });
  };
  const openReject = (v: OrderVoucher) => {
    setReason('');
    setReasonError(null);
    setRejecting(v);
  };
  const submitReject = () => {
    const text = reason.trim();
    if (!text) return setReasonError(t('ui.vouchers.reasonRequired'));
    if (!rejecting) return;
    review.mutate({ voucher_id: rejecting.id, decision: 'reject', reason: text });
  };

  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        {t('ui.vouchers.title')}
      </Title>
      {order.vouchers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {order.payment_due
            ? t('ui.vouchers.waiting', { part: t(`ui.orders.part.${order.payment_due}`) })
            : t('ui.vouchers.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {order.vouchers.map((v) => (
            <Paper key={v.id} withBorder p="sm" radius="md" data-testid={`voucher-${v.id}`}>
              <Group align="flex-start" wrap="nowrap" gap="sm">
                <UnstyledButton
                  onClick={() => setViewing(v)}
                  aria-label={t('ui.vouchers.view', { part: t(`ui.orders.part.${v.part}`) })}
                >
                  <Image src={v.url} alt="" w={88} h={88} fit="cover" radius="sm" />
                </UnstyledButton>
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {t(`ui.orders.part.${v.part}`)}
                    </Text>
                    <Badge size="sm" variant="light" color={VOUCHER_COLOR[v.status]}>
                      {t(`ui.vouchers.status.${v.status}`)}
                    </Badge>
                  </Group>
                  <Text size="sm">{formatAmount(v.amount, v.currency)}</Text>
                  <Text size="xs" c="dimmed">
                    {t('ui.vouchers.submitted', { when: formatDateTime(v.submitted_at) })}
                  </Text>
                  {v.reviewed_at && (
                    <Text size="xs" c="dimmed">
                      {t('ui.vouchers.reviewed', { when: formatDateTime(v.reviewed_at), who: v.reviewed_by })}
                    </Text>
                  )}
                  {v.reason && (
                    <Text size="xs" c="red.8">
                      {t('ui.vouchers.reason', { reason: v.reason })}
                    </Text>
                  )}
                  {mayReview(v) && (
                    <Group gap="xs" mt={4}>
                      <Button size="xs" onClick={() => void askConfirm(v)} loading={review.isPending}>
                        {t('ui.vouchers.confirm')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => openReject(v)}
                        disabled={review.isPending}
                      >
                        {t('ui.vouchers.reject')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}

      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? t('ui.vouchers.view', { part: t(`ui.orders.part.${viewing.part}`) }) : ''}
        size="xl"
        centered
      >
        {viewing && (
          <Stack>
            <Image
              src={viewing.url}
              alt={t('ui.vouchers.alt', { part: t(`ui.orders.part.${viewing.part}`) })}
              fit="contain"
              mah="70vh"
            />
            <Group justify="space-between">
              <Text size="sm">{formatAmount(viewing.amount, viewing.currency)}</Text>
              <Button
                component="a"
                href={viewing.url}
                target="_blank"
                rel="noopener"
                variant="default"
                size="xs"
              >
                {t('ui.vouchers.openFull')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('ui.vouchers.rejectTitle')}
        centered
      >
        <Stack>
          <Text size="sm">{t('ui.vouchers.rejectMessage')}</Text>
          <Textarea
            label={t('ui.vouchers.reasonLabel')}
            value={reason}
            maxLength={ORDER_LIMITS.REASON_MAX}
            autosize
            minRows={3}
            required
            error={reasonError}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(null)}>
              {t('ui.common.cancel')}
            </Button>
            <Button color="red" onClick={submitReject} loading={review.isPending}>
              {t('ui.vouchers.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

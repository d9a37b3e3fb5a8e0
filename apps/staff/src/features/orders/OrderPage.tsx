import { Anchor, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallResponse } from '@vitrine/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { call, callWithTip } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { lineProduct, toDateInput, toDraft, toUpdateRequest } from './draft';
import { type EditorState, QuotationEditor } from './QuotationEditor';
import { OrderDetail } from './OrderDetail';
import { STATUS_COLOR, orderKey, ordersKey } from './keys';

type StaffOrder = CallResponse<'staff_get_order'>;

/** A quotation or order: the editor while it is a draft, the order's page from then on. */
export function OrderPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [today] = useState(() => toDateInput(Date.now()));
  const order = useQuery({
    queryKey: orderKey(id),
    queryFn: () => call('staff_get_order', { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const store = (data: StaffOrder) => {
    queryClient.setQueryData(orderKey(id), data);
    void queryClient.invalidateQueries({ queryKey: ordersKey, exact: false, refetchType: 'none' });
  };

  const save = useMutation({
    mutationFn: (state: EditorState) =>
      callWithTip(
        'staff_update_quotation',
        toUpdateRequest(id, state, order.data?.lines.map((l) => l.id) ?? []),
      ),
    onSuccess: ({ data }) => {
      store(data);
      notifySuccess(t('ui.quote.saved'));
    },
    onError: notifyError,
  });
  const send = useMutation({
    mutationFn: async (state: EditorState) => {
      const saved = await callWithTip(
        'staff_update_quotation',
        toUpdateRequest(id, state, order.data?.lines.map((l) => l.id) ?? []),
      );
      store(saved.data);
      return callWithTip('staff_advance_order', { id, event: 'send', note: '' });
    },
    onSuccess: ({ data }) => {
      store(data);
      notifySuccess(t('ui.quote.sent'));
    },
    onError: notifyError,
  });

  const data = order.data;
  const initial = useMemo(() => (data ? toDraft(data.order, data.lines) : null), [data]);
  const products = useMemo(
    () => new Map((data?.lines ?? []).map((l) => [l.id, lineProduct(l, false)] as const)),
    [data],
  );

  return (
    <Stack>
      <Anchor component={Link} to="/orders" size="sm">
        ← {t('ui.orders.back')}
      </Anchor>
      <QueryState isPending={order.isPending} error={order.error} retry={() => void order.refetch()}>
        {data && initial && data.order.status === 'draft' ? (
          <QuotationEditor
            key={data.order.modified_at}
            title={t('ui.quote.title', { number: data.order.order_number })}
            status={t('ui.orders.status.draft')}
            statusColor={STATUS_COLOR.draft}
            subtitle={
              data.order.sample_id ? (
                <Anchor component={Link} to={`/inbox/${data.order.sample_id}`} size="sm">
                  {t('ui.orders.fromSample', { number: data.order.sample_number })}
                </Anchor>
              ) : null
            }
            buyer={data.order.customer_name}
            initial={initial}
            products={products}
            today={today}
            editable={data.order.actions.includes('edit_quotation')}
            onSave={async (state) => void (await save.mutateAsync(state))}
            onSend={async (state) => void (await send.mutateAsync(state))}
            saving={save.isPending}
            sending={send.isPending}
          />
        ) : (
          data && <OrderDetail data={data} onChange={store} />
        )}
      </QueryState>
    </Stack>
  );
}

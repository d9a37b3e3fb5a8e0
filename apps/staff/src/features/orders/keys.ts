import type { QueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@vitrine/contract';

export const ordersKey = ['orders'] as const;
export const orderKey = (id: number) => [...ordersKey, 'detail', id] as const;

/**
 * Another hand changed an order (the socket's order_changed): the lists are asked again, and the
 * order's page unless it is a draft, which is its editor's to refresh (a refetch there could only
 * interrupt whoever is typing in it).
 */
export function refreshOnOrderChange(client: QueryClient, id: number, status: OrderStatus) {
  return client.invalidateQueries({
    queryKey: ordersKey,
    predicate: (q) => !(status === 'draft' && q.queryKey[1] === 'detail' && q.queryKey[2] === id),
  });
}

/** One colour per status, the same in the list and on the detail page. */
export const STATUS_COLOR: Record<OrderStatus, string> = {
  draft: 'gray',
  quoted: 'blue',
  pending_payment: 'orange',
  paid: 'teal',
  pending_final_payment: 'orange',
  pending_shipment: 'violet',
  shipped: 'green',
  closed: 'dark',
  cancelled: 'red',
};

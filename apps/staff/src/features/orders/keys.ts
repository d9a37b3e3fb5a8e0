import type { OrderStatus } from '@vitrine/contract';

export const ordersKey = ['orders'] as const;
export const orderKey = (id: number) => [...ordersKey, 'detail', id] as const;

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

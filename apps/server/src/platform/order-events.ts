import type { OrderStatus } from '@vitrine/contract';

/**
 * 'An order changed', as the bus carries it between the orders module (which publishes after each
 * committed change) and every instance's socket hub (which tells the connections that may know).
 * One topic per company, like the chat's, so an instance listens only to the companies it has
 * connections of. The payload says whose order it is, so the hub can keep it from other buyers;
 * the frame it becomes says less (decision 0043).
 */
export interface OrderChangedEvent {
  orderId: number;
  customerId: number;
  status: OrderStatus;
}

export const orderTopic = (companyId: number) => `orders.${companyId}`;

import type { CallName, CallResponse, OrderListFilter, OrderStatus, PaymentPart } from '@vitrine/contract';
import { callApi } from '../../lib/api-client';
import { queryClient, useApiQuery } from '../../lib/query';
import { uploadWithCredential } from '../../lib/upload';
import { newIdempotencyKey } from './rules';

/**
 * The order screens' calls. Statuses move on the exporter's side (a quotation sent, a voucher
 * confirmed): the socket says so and every query is asked again (live.ts); each query that shows
 * a status is also asked again when the buyer comes back to the window, should the socket be down.
 */
const LIVE = { refetchOnWindowFocus: true, staleTime: 0 } as const;

export const ORDER_PAGE_SIZE = 10;
export const INVENTORY_PAGE_SIZE = 20;

/** Every query of the order screens: after a change, all are asked again. */
const ORDER_CALLS: CallName[] = [
  'get_order_counts',
  'get_order_list',
  'get_order_detail',
  'get_order_toy_list',
  'get_confirm_order_list',
  'get_confirm_order_Info',
  'get_confirm_order_toy',
  'get_inventory',
];

export const refreshOrders = () =>
  Promise.all(ORDER_CALLS.map((name) => queryClient.invalidateQueries({ queryKey: [name] })));

export const useOrderCounts = () => useApiQuery('get_order_counts', {}, LIVE);

export const useOrderList = (
  filter: OrderListFilter,
  page: number,
  status?: OrderStatus,
  pageSize = ORDER_PAGE_SIZE,
) =>
  useApiQuery('get_order_list', { filter, page, page_size: pageSize, ...(status ? { status } : {}) }, LIVE);

export const useQuotationList = () => useApiQuery('get_confirm_order_list', { page: 1, page_size: 50 }, LIVE);

export const useQuotation = (id: number | null) =>
  useApiQuery('get_confirm_order_Info', { id: id ?? 0 }, { ...LIVE, enabled: id !== null });

/** A quotation's lines: answered once as they were (viewed flags), so not asked again on focus. */
export const useQuotationLines = (id: number | null) =>
  useApiQuery('get_confirm_order_toy', { id: id ?? 0 }, { enabled: id !== null, staleTime: 0 });

export const useOrderDetail = (id: number) => useApiQuery('get_order_detail', { id }, LIVE);

export const useOrderLines = (id: number) => useApiQuery('get_order_toy_list', { id });

export const useInventory = (page: number) =>
  useApiQuery('get_inventory', { page, page_size: INVENTORY_PAGE_SIZE, filter: 'all' });

export type BatchAction = 'confirm_lines' | 'set_boxes' | 'delete_lines';

/** A batch action on the selected lines of a quotation; the screens refresh with the answer. */
export async function updateLines(
  id: number,
  action: BatchAction,
  lineIds: number[],
  boxes?: number,
): Promise<CallResponse<'update_confirm_order'>> {
  const answer = await callApi(
    'update_confirm_order',
    { id, action, line_ids: lineIds, ...(boxes === undefined ? {} : { boxes }) },
    { silent: true },
  );
  await refreshOrders();
  return answer;
}

/** The buyer accepts the quotation; `key` makes a retry answer as the first. */
export async function confirmQuotation(
  id: number,
  key: string,
): Promise<CallResponse<'update_confirm_order'>> {
  const answer = await callApi(
    'update_confirm_order',
    { id, action: 'confirm_order', idempotency_key: key },
    { silent: true },
  );
  await refreshOrders();
  return answer;
}

/**
 * Sends a payment voucher: a credential for one picture (get_temp_auth, purpose 'voucher', the
 * type its bytes say), the file straight to storage with progress, then submit_order_voucher.
 */
export async function sendVoucher(
  id: number,
  part: PaymentPart,
  file: Blob,
  type: 'image/png' | 'image/jpeg',
  onProgress: (fraction: number) => void,
): Promise<CallResponse<'submit_order_voucher'>> {
  const auth = await callApi('get_temp_auth', { purpose: 'voucher', content_type: type }, { silent: true });
  const url = await uploadWithCredential(auth, file, onProgress);
  const answer = await callApi(
    'submit_order_voucher',
    { id, part, url, idempotency_key: newIdempotencyKey() },
    { silent: true },
  );
  await refreshOrders();
  return answer;
}

/** Where the order's proforma invoice (PDF) can be downloaded. */
export const proformaOf = (id: number) => callApi('get_order_proforma', { id }, { silent: true });

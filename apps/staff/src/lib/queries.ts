import { type QueryClient, useQuery } from '@tanstack/react-query';
import { call } from './api';
import { useSession } from './session';

/** Query keys the pages share. */
export const keys = {
  me: ['me'] as const,
  counts: ['counts'] as const,
  orderCounts: ['counts', 'orders'] as const,
};

export const COUNTS_REFRESH_MS = 30_000;

/** The logged-in staff member, their website and the console's counts. */
export function useMe() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...keys.me, session?.token],
    queryFn: () => call('staff_get_me', {}),
    enabled: !!session,
    staleTime: 60_000,
  });
}

/** The badges: new applications and new sample lists, every 30 s and after each action. */
export function useCounts(enabled: boolean) {
  return useQuery({
    queryKey: keys.counts,
    queryFn: () => call('staff_get_counts', {}),
    enabled,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

/** The orders' badge (vouchers waiting for a review), for the roles that see orders. */
export function useOrderCounts(enabled: boolean) {
  return useQuery({
    queryKey: keys.orderCounts,
    queryFn: () => call('staff_get_order_counts', {}),
    enabled,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

/** After an action that may change what the badges count (the orders' badge too: same prefix). */
export const refreshCounts = (client: QueryClient) => client.invalidateQueries({ queryKey: keys.counts });

/** Unread buyer messages over all conversations (the chat's navigation badge). */
export function useChatUnread(enabled: boolean) {
  return useQuery({
    queryKey: ['chat', 'unread'],
    queryFn: async () =>
      (await call('staff_list_conversations', { filter: 'all', unread_only: true, page_size: 1 }))
        .unread_total,
    enabled,
    refetchInterval: COUNTS_REFRESH_MS / 2,
  });
}

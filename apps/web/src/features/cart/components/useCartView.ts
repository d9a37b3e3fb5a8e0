import {
  type CartLine,
  type CartTotals,
  cartLineOf,
  selectionTotals,
  siteMoney,
  type WebsiteInfo,
} from '@vitrine/contract';
import { useMemo } from 'react';
import { useApiQuery } from '../../../lib/query';
import { isCustomer, useSite, useUser } from '../../../app/layout/useShowroom';
import { useLocalCart } from './local-cart';

const NO_SITE = { show_price: 0, money_unit: '', trade_terms: 0 };

export interface CartView {
  customer: boolean;
  site: WebsiteInfo | null;
  status: 'loading' | 'error' | 'ready';
  lines: CartLine[];
  totals: CartTotals;
  /** A change is on its way (the shown lines are the previous answer). */
  refreshing: boolean;
  retry(): void;
}

/**
 * The cart as the screen shows it. A customer's comes whole from the server; a visitor's lines
 * come from this browser and their products from get_toy, totalled here by the same rules
 * (rules.ts in the contract) the server applies.
 */
export function useCartView(): CartView {
  const site = useSite();
  const customer = isCustomer(useUser());
  const local = useLocalCart(site?.id ?? null);

  const server = useApiQuery('get_sample_car_list', {}, { enabled: customer, staleTime: 60_000 });
  const ids = useMemo(() => local.map((l) => l.id).sort((a, b) => a - b), [local]);
  const products = useApiQuery(
    'get_toy',
    { ids },
    { enabled: !customer && ids.length > 0, staleTime: 60_000 },
  );

  return useMemo((): CartView => {
    const money = siteMoney(site ?? NO_SITE);
    if (customer) {
      const data = server.data;
      return {
        customer,
        site,
        status: data ? 'ready' : server.isError ? 'error' : 'loading',
        lines: data?.lines ?? [],
        totals: data?.totals ?? selectionTotals([], money),
        refreshing: server.isFetching && !!data,
        retry: () => void server.refetch(),
      };
    }
    const cards = new Map((products.data ?? []).map((p) => [p.id, p]));
    const lines = local.flatMap((l): CartLine[] => {
      const product = cards.get(l.id);
      return product ? [cartLineOf(product, l.ctn, l.at)] : [];
    });
    const waiting = ids.length > 0 && !products.data;
    return {
      customer,
      site,
      status: waiting ? (products.isError ? 'error' : 'loading') : 'ready',
      lines,
      totals: selectionTotals(lines, money),
      refreshing: products.isFetching && !!products.data,
      retry: () => void products.refetch(),
    };
  }, [customer, site, local, ids, server, products]);
}

import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's filters and page number live in the address, so going back restores them and a
 * filtered view can be linked to (the buyer's sample lists). Changing a filter goes to page 1.
 */
export function useUrlFilters<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    Object.entries<string>(defaults).map(([k, d]) => [k, params.get(k) ?? d]),
  ) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);

  const setFilters = useCallback(
    (changes: Partial<Record<K, string>>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries<string | undefined>(changes)) {
          if (v === undefined || v === '' || v === defaults[k as K]) next.delete(k);
          else next.set(k, v);
        }
        next.delete('page');
        return next;
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults are a constant per page
    [setParams],
  );
  const setPage = useCallback(
    (p: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p <= 1) next.delete('page');
        else next.set('page', String(p));
        return next;
      }),
    [setParams],
  );
  return { values, page, setFilters, setPage };
}

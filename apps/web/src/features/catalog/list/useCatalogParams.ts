import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type CatalogParams, catalogSearch, parseCatalogParams } from './params';

export interface UpdateOptions {
  /** Replace the history entry instead of adding one (display mode). */
  replace?: boolean;
  /** Keep the scroll position (display mode); otherwise the page starts at the top. */
  keepScroll?: boolean;
}

/**
 * The catalogue's filters from the address, and a function that changes some of them. Any
 * change but the page itself goes back to page 1.
 */
export function useCatalogParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseCatalogParams(search), [search]);
  const update = useCallback(
    (next: Partial<CatalogParams>, options: UpdateOptions = {}) => {
      setSearch(catalogSearch({ ...params, page: 1, ...next }), {
        replace: options.replace ?? false,
        preventScrollReset: options.keepScroll ?? false,
      });
    },
    [params, setSearch],
  );
  return [params, update] as const;
}

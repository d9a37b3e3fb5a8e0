import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentSearch } from '../../../lib/useCurrentSearch';
import { useSite } from '../../../app/layout/useShowroom';
import { type CatalogParams, catalogSearch, parseCatalogParams } from './params';

export interface UpdateOptions {
  /** Replace the history entry instead of adding one (display mode). */
  replace?: boolean;
  /** Keep the scroll position (display mode); otherwise the page starts at the top. */
  keepScroll?: boolean;
}

/** Filters to change: the new values, or a function of the filters the address holds now. */
export type CatalogChange = Partial<CatalogParams> | ((current: CatalogParams) => Partial<CatalogParams>);

/** Changes some filters in the address (see useCatalogParams). */
export type UpdateCatalog = (change: CatalogChange, options?: UpdateOptions) => void;

/**
 * The catalogue's filters from the address, and a function that changes some of them. Any
 * change but the page itself goes back to page 1.
 *
 * The change applies to the filters in the address when it is made, not to the ones the page
 * was drawn with: those lag behind while a navigation renders (see useCurrentSearch), and a
 * click on the page drawn for the previous sort must still page within the new one.
 */
export function useCatalogParams() {
  const [search, setSearch] = useSearchParams();
  const currentSearch = useCurrentSearch();
  const showPrice = useSite()?.show_price === 1;
  const params = useMemo(() => parseCatalogParams(search, showPrice), [search, showPrice]);
  const update = useCallback<UpdateCatalog>(
    (change, options = {}) => {
      const current = parseCatalogParams(currentSearch(), showPrice);
      const next = typeof change === 'function' ? change(current) : change;
      setSearch(catalogSearch({ ...current, page: 1, ...next }), {
        replace: options.replace ?? false,
        preventScrollReset: options.keepScroll ?? false,
      });
    },
    [currentSearch, setSearch, showPrice],
  );
  return [params, update] as const;
}

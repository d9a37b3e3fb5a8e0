import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useUrlFilters } from './useParams';

/** What every staff_list_* call answers: one page of rows and the count in all. */
export interface ServerPage<Row> {
  list: Row[];
  total: number;
}

interface ServerTableOptions<K extends string, Body extends object, Answer> {
  /** The query key the list's mutations invalidate; the request is appended to it. */
  key: readonly unknown[];
  /** The filters kept in the address, with the value each takes when it is absent. */
  defaults: Record<K, string>;
  pageSize?: number;
  /** The call's filters, read from the address (page and page_size are added here). */
  filters(values: Record<K, string>): Body;
  fetch(request: Body & { page: number; page_size: number }): Promise<Answer>;
}

/**
 * A console list paged, filtered and sorted by the server: the filters live in the address
 * (useUrlFilters), and the previous page stays on screen while the next one loads, so the
 * table does not flash empty between pages.
 */
export function useServerTable<K extends string, Body extends object, Answer extends ServerPage<unknown>>({
  key,
  defaults,
  pageSize = 20,
  filters,
  fetch,
}: ServerTableOptions<K, Body, Answer>) {
  const { values, page, setFilters, setPage } = useUrlFilters(defaults);
  const request = { ...filters(values), page, page_size: pageSize };
  const list = useQuery({
    queryKey: [...key, request],
    queryFn: () => fetch(request),
    placeholderData: keepPreviousData,
  });
  return { values, page, pageSize, setFilters, setPage, list };
}

/**
 * A search box over a list's address filter: what is typed shows at once and reaches the
 * address after a pause; `clear` also cancels a search still waiting, so clearing the filters
 * is not undone 300 ms later.
 */
export function useSearchBox(current: string, apply: (text: string) => void) {
  const [text, setText] = useState(current);
  const push = useDebouncedCallback((value: string) => apply(value.trim()), 300);
  return {
    text,
    change(value: string) {
      setText(value);
      push(value);
    },
    clear() {
      push.cancel();
      setText('');
    },
  };
}

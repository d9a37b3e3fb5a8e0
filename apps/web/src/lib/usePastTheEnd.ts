import { useEffect, useRef } from 'react';

/** What a paged call answers: one page of a list, and the list's total. */
export interface PageAnswer {
  list: readonly unknown[];
  total: number;
  page: number;
}

/** The number of pages of a list of `total` items, at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * Whether `answer` is an empty page past the end of a list that has items: an old link or
 * bookmark, or a pager drawn for a longer list (the previous filter or booth) while the next
 * one loaded. Such a page is not 'nothing here': the hook goes to the last page instead
 * (`goToPage`, which should replace the history entry), and the screen shows it as loading
 * until then.
 *
 * `answer` must be the answer for the address on screen, not a placeholder kept from the
 * previous one.
 */
export function usePastTheEnd(
  answer: PageAnswer | undefined,
  pageSize: number,
  goToPage: (page: number) => void,
): boolean {
  const lastPage = answer ? pageCount(answer.total, pageSize) : 1;
  const pastTheEnd = !!answer && answer.list.length === 0 && answer.total > 0 && answer.page > lastPage;
  // The latest callback, so that a new function each render does not run the effect again.
  const go = useRef(goToPage);
  useEffect(() => {
    go.current = goToPage;
  });
  useEffect(() => {
    if (pastTheEnd) go.current(lastPage);
  }, [pastTheEnd, lastPage]);
  return pastTheEnd;
}

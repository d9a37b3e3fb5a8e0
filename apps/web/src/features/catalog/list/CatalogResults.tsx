import '@mantine/core/styles/Pagination.css';
import { Button, Pagination } from '@mantine/core';
import type { CallResponse } from '@vitrine/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { withLateMessages } from '../../../lib/i18n';
import { PRIORITY_CARDS } from '../../../components/product';
import { EmptyState, ProductResults } from '../../../components/product/results';
import { formatNumber } from '../../../lib/format';
import { pageCount, usePastTheEnd } from '../../../lib/usePastTheEnd';
import type { CatalogParams } from './params';
import type { UpdateCatalog } from './useCatalogParams';
import classes from './catalog.module.css';
import { ShareToChatButton } from '../../../components/ShareToChatButton';
import type { LinesheetSelection } from '@vitrine/contract';

// Its code and messages arrive when pressed for, never with /home's first load (decision 0061).
const LinesheetButton = lazy(() => withLateMessages(import('../../../components/linesheet/LinesheetButton')));

type Page = CallResponse<'get_list'>;

export interface CatalogResultsProps {
  query: UseQueryResult<Page>;
  params: CatalogParams;
  update: UpdateCatalog;
  pageSize: number;
  ecommerce?: boolean;
  /** Where the empty state leads back to. */
  emptyBackTo?: string;
  /** What the empty state says (defaults to a hint to change the filters). */
  emptyMessage?: string;
  /** What a 'Linesheet PDF' beside the count holds (a category or a search); none: no button. */
  linesheet?: LinesheetSelection | null;
}

/** A page of products in the chosen mode, its count, paging, and the loading, failed and empty states. */
export function CatalogResults({
  query,
  params,
  update,
  pageSize,
  ecommerce,
  emptyBackTo,
  emptyMessage,
  linesheet,
}: CatalogResultsProps) {
  const { t } = useTranslation();
  // A page of cards is React's longest piece of work here (about 100 ms on a mid-range phone),
  // and a query's answer renders synchronously: deferred, it renders in slices that let the
  // browser paint and answer input in between. A page already cached (going back) renders at
  // once: the router renders a navigation as a transition, where nothing is deferred.
  const data = useDeferredValue(query.data);
  // The list on screen is not the answer for this address yet: the previous page while the
  // next one loads, or an answer that has arrived and is still rendering.
  const stale = query.isPlaceholderData || data !== query.data;
  const pastTheEnd = usePastTheEnd(stale ? undefined : data, pageSize, (page) =>
    update({ page }, { replace: true }),
  );

  if (!data || pastTheEnd) {
    if (!data && query.isError) {
      return (
        <div className={classes.failed} role="alert">
          <p>{t('web.errors.pageFailed')}</p>
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('web.retry')}
          </Button>
        </div>
      );
    }
    return (
      <div aria-busy="true">
        <span className={classes.srOnly} role="status">
          {t('web.loading')}
        </span>
        <ProductResults
          mode={params.mode}
          products={[]}
          loading
          skeletonCount={params.mode === 'list' ? 6 : 12}
        />
      </div>
    );
  }

  const totalPages = pageCount(data.total, pageSize);
  if (data.list.length === 0) {
    // "No search results" only when something was searched for; a filter alone found no products.
    const title = params.keyword.trim() ? t('web.product.empty.title') : t('web.product.empty.noneTitle');
    return <EmptyState title={title} backTo={emptyBackTo} message={emptyMessage} />;
  }

  return (
    <div aria-busy={stale || undefined} className={stale ? classes.stale : undefined}>
      <div className={classes.totalRow}>
        <p className={classes.total} role="status">
          {t('web.catalog.total', { total: formatNumber(data.total) })}
        </p>
        <div className={classes.totalActions}>
          {/* Search results can be shared with customer service (the page's products). */}
          {params.keyword ? <ShareToChatButton size="compact-sm" products={() => data.list} /> : null}
          {/* A category's or a search's products as a PDF catalogue: all of them, not this page only. */}
          {linesheet ? (
            <Suspense fallback={null}>
              <LinesheetButton size="compact-sm" selection={() => linesheet} />
            </Suspense>
          ) : null}
        </div>
      </div>
      <ProductResults
        mode={params.mode}
        products={data.list}
        ecommerce={ecommerce}
        headingLevel={2}
        priorityCount={PRIORITY_CARDS}
        label={t('web.pages.productDisplay')}
      />
      {totalPages > 1 ? (
        <nav className={classes.pager} aria-label={t('web.catalog.pagination')}>
          <Pagination
            total={totalPages}
            value={Math.min(params.page, totalPages)}
            onChange={(page) => update({ page })}
            siblings={1}
            boundaries={1}
            getItemProps={(page) => ({ 'aria-label': t('web.catalog.page', { page }) })}
            getControlProps={(control) => {
              if (control !== 'next' && control !== 'previous') return {};
              const step = control === 'next' ? 1 : -1;
              return {
                'aria-label': control === 'next' ? t('web.catalog.nextPage') : t('web.catalog.previousPage'),
                // A step from the page in the address, not from the one this pager was drawn
                // for: two quick clicks on 'next' go two pages on, even if the screen lags.
                onClick: () =>
                  update((current) => ({ page: Math.min(totalPages, Math.max(1, current.page + step)) })),
              };
            }}
          />
        </nav>
      ) : null}
    </div>
  );
}

import '@mantine/core/styles/Pagination.css';
import { Button, Pagination } from '@mantine/core';
import type { CallResponse } from '@vitrine/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ProductResults } from '../../../components/product';
import { formatNumber } from '../../../lib/format';
import type { CatalogParams } from './params';
import type { UpdateCatalog } from './useCatalogParams';
import classes from './catalog.module.css';

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
}: CatalogResultsProps) {
  const { t } = useTranslation();
  const { data } = query;

  if (!data) {
    if (query.isError) {
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

  const totalPages = Math.max(1, Math.ceil(data.total / pageSize));
  if (data.list.length === 0) {
    return <EmptyState backTo={emptyBackTo} message={emptyMessage} />;
  }

  return (
    <div
      aria-busy={query.isPlaceholderData || undefined}
      className={query.isPlaceholderData ? classes.stale : undefined}
    >
      <p className={classes.total} role="status">
        {t('web.catalog.total', { total: formatNumber(data.total) })}
      </p>
      <ProductResults
        mode={params.mode}
        products={data.list}
        ecommerce={ecommerce}
        headingLevel={2}
        priorityCount={4}
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

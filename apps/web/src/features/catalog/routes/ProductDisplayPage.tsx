import { ErrorCode } from '@vitrine/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/product/results';
import { isApiError } from '../../../lib/api-client';
import { SHOWROOM_CONTENT, useApiQuery } from '../../../lib/query';
import { CatalogLayout } from '../list/CatalogLayout';
import { CatalogResults } from '../list/CatalogResults';
import { CatalogToolbar } from '../list/CatalogToolbar';
import { CategorySelect, CategoryTree, categoryName } from '../list/CategoryNav';
import { CATALOG_PAGE_SIZE, catalogHref, catalogListBody } from '../list/params';
import { useCatalogParams } from '../list/useCatalogParams';
import classes from '../list/catalog.module.css';

export const PAGE_SIZE = CATALOG_PAGE_SIZE;

/**
 * /productDisplay: the catalogue by category (tree), in list or thumbnail mode, sorted six ways,
 * filtered by flag (and entry date for new products), paged, and searched by the header's
 * keyword. Every filter lives in the address, so going back from a product restores them; the
 * router restores the scroll position.
 */
export default function ProductDisplayPage() {
  const { t } = useTranslation();
  const [params, update] = useCatalogParams();
  const keyword = params.keyword.trim();
  const tree = useApiQuery('get_category', {}, SHOWROOM_CONTENT);
  const body = useMemo(() => catalogListBody(params), [params]);
  // A search shows its own refusal (a keyword too short to search) where the results would be.
  const list = useApiQuery('get_list', body, {}, { silent: keyword !== '' });
  const refused =
    keyword && isApiError(list.error) && list.error.code === ErrorCode.FAILED ? list.error : null;
  // The home page's top-selling list of a buyer region, in full ('More' under it keeps the region).
  const regions = useApiQuery(
    'get_location_list',
    {},
    { ...SHOWROOM_CONTENT, enabled: params.region !== null },
  );
  const region = params.region === null ? undefined : regions.data?.find((r) => r.id === params.region);
  const title = keyword
    ? t('web.search.resultsFor', { keyword })
    : region
      ? `${t('web.home.topSelling')}: ${region.name}`
      : (categoryName(tree.data, params.category) ?? t('web.pages.productDisplay'));

  return (
    <CatalogLayout
      title={title}
      titleAction={
        keyword ? (
          <Link to={catalogHref({ ...params, keyword: '', page: 1 })} className={classes.clearSearch}>
            <span aria-hidden="true">×</span>
            {t('web.search.clear')}
          </Link>
        ) : params.region !== null ? (
          <Link to={catalogHref({ ...params, region: null, page: 1 })} className={classes.clearSearch}>
            <span aria-hidden="true">×</span>
            {t('web.home.allRegions')}
          </Link>
        ) : undefined
      }
      aside={<CategoryTree tree={tree.data} params={params} />}
    >
      <CatalogToolbar params={params} update={update} withFlags>
        <CategorySelect tree={tree.data} params={params} onChange={(category) => update({ category })} />
      </CatalogToolbar>
      {refused ? (
        <EmptyState message={refused.tip} />
      ) : (
        <CatalogResults
          query={list}
          params={params}
          update={update}
          pageSize={PAGE_SIZE}
          emptyMessage={keyword ? t('web.search.noResults', { keyword }) : undefined}
          linesheet={
            keyword
              ? { kind: 'search', keyword }
              : params.category !== null && params.region === null && params.flag === null
                ? { kind: 'category', category_id: params.category }
                : null
          }
        />
      )}
    </CatalogLayout>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/query';
import { CatalogLayout } from '../list/CatalogLayout';
import { CatalogResults } from '../list/CatalogResults';
import { CatalogToolbar } from '../list/CatalogToolbar';
import { CategorySelect, CategoryTree, categoryName } from '../list/CategoryNav';
import { useCatalogParams } from '../list/useCatalogParams';

export const PAGE_SIZE = 24;

/**
 * /productDisplay: the catalogue by category (tree), in list or thumbnail mode, sorted six ways,
 * filtered by flag (and entry date for new products), paged. Every filter lives in the address,
 * so going back from a product restores them; the router restores the scroll position.
 */
export default function ProductDisplayPage() {
  const { t } = useTranslation();
  const [params, update] = useCatalogParams();
  const tree = useApiQuery('get_category', {}, { staleTime: 5 * 60_000 });
  const body = useMemo(
    () => ({
      page: params.page,
      page_size: PAGE_SIZE,
      sort: params.sort,
      ...(params.category !== null ? { category_id: params.category } : {}),
      ...(params.flag !== null ? { flag: params.flag } : {}),
      ...(params.flag === 'new' && params.months !== null ? { new_months: params.months } : {}),
    }),
    [params],
  );
  const list = useApiQuery('get_list', body);
  const title = categoryName(tree.data, params.category) ?? t('web.pages.productDisplay');

  return (
    <CatalogLayout title={title} aside={<CategoryTree tree={tree.data} params={params} />}>
      <CatalogToolbar params={params} update={update} withFlags>
        <CategorySelect tree={tree.data} params={params} onChange={(category) => update({ category })} />
      </CatalogToolbar>
      <CatalogResults query={list} params={params} update={update} pageSize={PAGE_SIZE} />
    </CatalogLayout>
  );
}

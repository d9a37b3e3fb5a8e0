import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/query';
import { CatalogLayout } from '../list/CatalogLayout';
import { CatalogResults } from '../list/CatalogResults';
import { CatalogToolbar } from '../list/CatalogToolbar';
import { useCatalogParams } from '../list/useCatalogParams';

const PAGE_SIZE = 24;

/** /newProducts: the new-product area, filtered by entry date (3, 6, 9 or 12 months). */
export default function NewProductsPage() {
  const { t } = useTranslation();
  const [params, update] = useCatalogParams();
  const body = useMemo(
    () => ({
      page: params.page,
      page_size: PAGE_SIZE,
      sort: params.sort,
      ...(params.category !== null ? { category_id: params.category } : {}),
      ...(params.months !== null ? { months: params.months } : {}),
    }),
    [params],
  );
  const list = useApiQuery('get_new_toy', body);
  return (
    <CatalogLayout title={t('web.pages.newProducts')}>
      <CatalogToolbar params={params} update={update} withMonths />
      <CatalogResults
        query={list}
        params={params}
        update={update}
        pageSize={PAGE_SIZE}
        emptyBackTo="/newProducts"
      />
    </CatalogLayout>
  );
}

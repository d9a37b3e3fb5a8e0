import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/query';
import { CatalogLayout } from '../list/CatalogLayout';
import { CatalogResults } from '../list/CatalogResults';
import { CatalogToolbar } from '../list/CatalogToolbar';
import { useCatalogParams } from '../list/useCatalogParams';

const PAGE_SIZE = 24;

/** /ecommerce: the e-commerce (cash-sale) products; each opens its e-commerce details page. */
export default function EcommercePage() {
  const { t } = useTranslation();
  const [params, update] = useCatalogParams();
  const body = useMemo(
    () => ({
      page: params.page,
      page_size: PAGE_SIZE,
      sort: params.sort,
      ...(params.category !== null ? { category_id: params.category } : {}),
    }),
    [params],
  );
  const list = useApiQuery('get_spread_toy', body);
  return (
    <CatalogLayout title={t('web.pages.ecommerce')}>
      <CatalogToolbar params={params} update={update} />
      <CatalogResults
        query={list}
        params={params}
        update={update}
        pageSize={PAGE_SIZE}
        ecommerce
        emptyBackTo="/ecommerce"
      />
    </CatalogLayout>
  );
}

import '../components/mantine-styles';
import { Button } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { DocumentIcon } from '../../../components/icons';
import { Pager } from '../../../components/page/Pager';
import { NothingHere } from '../../../components/page/StatePanels';
import { ProductPicture } from '../../../components/product';
import { formatNumber } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { pageCount, usePastTheEnd } from '../../../lib/usePastTheEnd';
import { INVENTORY_PAGE_SIZE, useInventory } from '../api';
import classes from '../components/account.module.css';
import { Failed, Loading } from '../components/parts';
import { useOrdersT } from '../orders-i18n';
import { useOrderChanges } from '../live';

/**
 * /inventory (decision 0030): every product the buyer has ordered across confirmed orders, with
 * the cartons ordered, shipped and still outstanding.
 */
export default function InventoryPage() {
  const { t, ready } = useOrdersT();
  useOrderChanges();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const query = useInventory(page);
  const go = (p: number, replace = false) => setParams(p > 1 ? { page: String(p) } : {}, { replace });
  const pastTheEnd = usePastTheEnd(
    query.isPlaceholderData ? undefined : query.data,
    INVENTORY_PAGE_SIZE,
    (p) => go(p, true),
  );

  let body;
  if (!ready || query.isPending || pastTheEnd) body = <Loading t={t} />;
  else if (query.isError && !query.data) body = <Failed t={t} onRetry={() => void query.refetch()} />;
  else if (!query.data?.list.length)
    body = (
      <NothingHere icon={<DocumentIcon width="100%" height="100%" />}>
        <span data-testid="inventory-empty">{t('inventory.empty')}</span>
      </NothingHere>
    );
  else
    body = (
      <>
        <div className={classes.tableWrap}>
          <table className={classes.table}>
            <caption className={classes.fileInput}>{t('inventory.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('line.picture')}</th>
                <th scope="col">{t('line.number')}</th>
                <th scope="col">{t('line.name')}</th>
                <th scope="col" className={classes.num}>
                  {t('inventory.orders')}
                </th>
                <th scope="col" className={classes.num}>
                  {t('inventory.ordered')}
                </th>
                <th scope="col" className={classes.num}>
                  {t('inventory.shipped')}
                </th>
                <th scope="col" className={classes.num}>
                  {t('inventory.outstanding')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.list.map((item) => (
                <tr key={`${item.product_id ?? 'x'}-${item.number}`} data-testid="inventory-item">
                  <td className={classes.pic}>
                    <span className={classes.thumb}>
                      <ProductPicture src={item.picture} alt="" sizes="56px" defaultWidth={160} />
                    </span>
                  </td>
                  <td data-label={t('line.number')}>
                    <bdi>{item.number}</bdi>
                  </td>
                  <td className={classes.lineName}>
                    <bdi>{item.name}</bdi>
                  </td>
                  <td className={classes.num} data-label={t('inventory.orders')}>
                    {formatNumber(item.orders)}
                  </td>
                  <td className={classes.num} data-label={t('inventory.ordered')}>
                    {formatNumber(item.boxes_ordered)}
                  </td>
                  <td className={classes.num} data-label={t('inventory.shipped')}>
                    {formatNumber(item.boxes_shipped)}
                  </td>
                  <td className={classes.num} data-label={t('inventory.outstanding')}>
                    <strong>{formatNumber(item.boxes_outstanding)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={page} pages={pageCount(query.data.total, INVENTORY_PAGE_SIZE)} onChange={(p) => go(p)} />
      </>
    );

  return (
    <div className={classes.page}>
      <div className={classes.head}>
        <div>
          <h1 className={classes.title}>{ready ? t('inventory.title') : '\u00a0'}</h1>
          {ready ? <p className={classes.muted}>{t('inventory.intro')}</p> : null}
        </div>
        {ready ? (
          <Button component={Link} to={PATHS.personalCenter} variant="subtle">
            {t('center.title')}
          </Button>
        ) : null}
      </div>
      {body}
    </div>
  );
}

import type { ProductDetail } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import classes from './details.module.css';

/**
 * The unit price by quantity (decision 0059): the ex-works price up to the first break, then each
 * break's price from its number of pieces on. The cart applies the same ladder to the pieces
 * chosen (totals.ts unitPriceAt), so what is read here is what a line costs there.
 */
export function PriceBreaks({ product: p }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const breaks = p.price_breaks ?? [];
  if (p.price === null || breaks.length === 0) return null;
  const steps = [{ from: 1, price: p.price }, ...breaks];
  return (
    <section aria-labelledby="details-breaks" className={classes.breaks}>
      <h2 id="details-breaks" className={classes.breaksTitle}>
        {t('web.details.priceBreaks')}
      </h2>
      <table className={classes.breaksTable} aria-labelledby="details-breaks">
        <thead>
          <tr>
            <th scope="col">{t('web.details.breakQuantity')}</th>
            <th scope="col">{t('web.details.breakPrice', { term: p.trade_term })}</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((s, i) => {
            const next = steps[i + 1];
            const range = next
              ? t('web.details.breakRange', { from: formatNumber(s.from), to: formatNumber(next.from - 1) })
              : t('web.details.breakFrom', { from: formatNumber(s.from) });
            return (
              <tr key={s.from}>
                <td>
                  <bdi>{range}</bdi>
                </td>
                <td>
                  <bdi>{formatMoney(s.price, p.money_unit)}</bdi>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

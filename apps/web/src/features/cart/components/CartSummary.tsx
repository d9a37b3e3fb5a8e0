import { Progress } from '@mantine/core';
import type { CartTotals } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatVolume } from '../../../lib/format';
import classes from './cart.module.css';

const CONTAINER_LABELS = {
  '20GP': 'web.cart.container20',
  '40GP': 'web.cart.container40',
  '40HQ': 'web.cart.container40hq',
} as const;

const percent = (fill: number) =>
  new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 }).format(fill);

/** The selection's grand totals and how full it would make a 20', 40' and 40' HQ container. */
export function CartSummary({
  totals,
  title,
}: {
  totals: CartTotals | Omit<CartTotals, 'pieces' | 'below_moq'>;
  title?: string;
}) {
  const { t, i18n } = useTranslation();
  const pct = (fill: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(fill) ||
    percent(fill);
  return (
    <section className={classes.summary} aria-labelledby="cart-summary-title" data-testid="cart-summary">
      <h2 id="cart-summary-title" className={classes.summaryTitle}>
        {title ?? t('web.cart.summary')}
      </h2>
      {'below_moq' in totals && totals.below_moq > 0 ? (
        <p className={classes.moqSummary} role="note" data-testid="moq-summary">
          {t('web.cart.belowMoqSummary', { count: totals.below_moq })}
        </p>
      ) : null}
      <dl className={classes.totals}>
        <dt>{t('web.cart.totalProducts')}</dt>
        <dd data-testid="total-lines">{formatNumber(totals.lines)}</dd>
        <dt>{t('web.cart.totalCartons')}</dt>
        <dd data-testid="total-ctn">{formatNumber(totals.ctn)}</dd>
        {'pieces' in totals ? (
          <>
            <dt>{t('web.cart.totalPieces')}</dt>
            <dd>{formatNumber(totals.pieces)}</dd>
          </>
        ) : null}
        <dt>{t('web.cart.totalPrice')}</dt>
        <dd data-testid="total-price">
          {totals.price === null ? (
            t('web.cart.priceHidden')
          ) : (
            <bdi>
              {formatMoney(totals.price, totals.money_unit)} {totals.trade_term}
            </bdi>
          )}
        </dd>
        <dt>{t('web.cart.totalWeight')}</dt>
        <dd data-testid="total-weight">
          <bdi>{formatNumber(totals.weight, { maximumFractionDigits: 2 })} KGS</bdi>
        </dd>
        <dt>{t('web.cart.totalVolume')}</dt>
        <dd data-testid="total-volume">
          <bdi>{formatVolume(totals.cbm, 'cbm')}</bdi>
          <br />
          <bdi>{formatVolume(totals.cuft, 'cuft')}</bdi>
        </dd>
      </dl>
      <h3 className={classes.summaryTitle}>{t('web.cart.containers')}</h3>
      <ul className={classes.containers} data-testid="container-fill">
        {totals.containers.map((c) => {
          // The capacity in the unit the totals use (cbm), never a translated unit beside them.
          const label = t(CONTAINER_LABELS[c.type], { capacity: formatVolume(c.capacity_cbm, 'cbm') });
          const shown = Math.min(1, c.fill);
          const spoken =
            c.containers > 1
              ? t('web.cart.containersNeeded', { count: c.containers })
              : t('web.cart.fillPercent', { percent: pct(c.fill) });
          return (
            <li key={c.type}>
              <div className={classes.containerHead}>
                <span>{label}</span>
                {/* The figure alone on screen; the bar's name says it in full. */}
                <strong className={classes.containerFigure} aria-hidden="true">
                  {c.containers > 1 ? `${pct(c.fill)} · ×${formatNumber(c.containers)}` : pct(c.fill)}
                </strong>
              </div>
              <Progress
                value={shown * 100}
                color={c.fill > 1 ? 'orange' : undefined}
                aria-label={`${label}: ${spoken}`}
                size="md"
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import type { ProductCard } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import classes from './product.module.css';

/** '$12.50' for a product's price in its currency; null when the website hides prices. */
export function priceText(product: Pick<ProductCard, 'price' | 'money_unit'>): string | null {
  return product.price === null ? null : formatMoney(product.price, product.money_unit);
}

/** The price with its trade term ('$12.50 FOB'); nothing at all when the price is hidden. */
export function ProductPrice({
  product,
  className,
}: {
  product: Pick<ProductCard, 'price' | 'money_unit' | 'trade_term'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const text = priceText(product);
  if (text === null) return null;
  return (
    <p className={[classes.price, className].filter(Boolean).join(' ')}>
      <span className={classes.srOnly}>{t('web.product.price')}: </span>
      <bdi className={classes.priceValue}>{text}</bdi>
      {product.trade_term ? <span className={classes.term}> {product.trade_term}</span> : null}
    </p>
  );
}

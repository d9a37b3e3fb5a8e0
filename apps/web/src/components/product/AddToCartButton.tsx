import type { ProductCard } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { logEvent } from '../../lib/analytics';
import { requestAddToCart } from '../../lib/cart-events';
import { CartIcon } from '../icons';
import classes from './product.module.css';

/** The small add-to-sample-cart button of a product in a list (above the card's link). */
export function AddToCartButton({ product }: { product: ProductCard }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={classes.addToCart}
      onClick={() => {
        requestAddToCart({
          id: product.id,
          factory_id: product.factory_id,
          purchase_number: product.purchase_number,
          expired: product.is_expire === 1,
        });
        logEvent(
          'toy_select_log',
          product.factory_id
            ? { toy_id: product.id, factory_id: product.factory_id }
            : { toy_id: product.id },
        );
      }}
      aria-label={`${t('web.details.addToCart')}: ${product.name}`}
      title={t('web.details.addToCart')}
      data-testid="add-to-cart"
    >
      <CartIcon width={18} height={18} />
    </button>
  );
}

import type { ProductCard as Product } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { AddToCartButton } from './AddToCartButton';
import { ProductLink } from './links';
import { ExpiredMark, ProductFlags } from './ProductFlags';
import { ProductName } from './ProductName';
import { ProductPicture } from './ProductPicture';
import { ProductPrice } from './ProductPrice';
import classes from './product.module.css';

export interface ProductCardProps {
  product: Product;
  /** Opens the e-commerce details page instead of the product details page. */
  ecommerce?: boolean;
  /** The level of the product name's heading (defaults to 3). */
  headingLevel?: 2 | 3 | 4;
  /** The sizes attribute of the picture (how wide the card is drawn). */
  sizes?: string;
  /** A card above the fold: its picture loads first. */
  priority?: boolean;
  /** Hides the flag badges (dense layouts). */
  hideFlags?: boolean;
  className?: string;
}

/**
 * A product in thumbnail mode: picture, name (two lines at most), the displayed number and the
 * price with its trade term when the website shows them, flag badges and an 'expired' mark.
 * The whole card is one link named by the product's name.
 */
export function ProductCard({
  product,
  ecommerce = false,
  headingLevel = 3,
  sizes,
  priority,
  hideFlags = false,
  className,
}: ProductCardProps) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const expired = product.is_expire === 1;
  return (
    <article
      className={[classes.card, className].filter(Boolean).join(' ')}
      data-expired={expired || undefined}
    >
      <div className={classes.media}>
        <ProductPicture src={product.picture} alt="" sizes={sizes} priority={priority} />
        {expired ? <ExpiredMark className={classes.expiredOnPicture} /> : null}
      </div>
      <div className={classes.body}>
        <Heading className={classes.name}>
          <ProductLink id={product.id} ecommerce={ecommerce} className={classes.stretched}>
            <ProductName name={product.name} />
          </ProductLink>
        </Heading>
        {product.number !== null && product.number !== '' ? (
          <p className={classes.number}>
            <span className={classes.srOnly}>{t('web.product.number')}: </span>
            <bdi>{product.number}</bdi>
          </p>
        ) : null}
        {hideFlags ? null : <ProductFlags flags={product.flags} />}
        <div className={classes.cardFoot}>
          <ProductPrice product={product} />
          <AddToCartButton product={product} />
        </div>
      </div>
    </article>
  );
}

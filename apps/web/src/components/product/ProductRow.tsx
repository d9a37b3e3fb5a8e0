import type { ProductCard as Product } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatVolume } from '../../lib/format';
import { AddToCartButton } from './AddToCartButton';
import { ProductLink } from './links';
import { ExpiredMark, ProductFlags } from './ProductFlags';
import { ProductName } from './ProductName';
import { ProductPicture } from './ProductPicture';
import { ProductPrice } from './ProductPrice';
import classes from './product.module.css';

export interface ProductRowProps {
  product: Product;
  ecommerce?: boolean;
  headingLevel?: 2 | 3 | 4;
  priority?: boolean;
  className?: string;
}

const n = (value: number, digits = 2) => formatNumber(value, { maximumFractionDigits: digits });

/**
 * A product in list mode: picture on the start side, then name, number, packing, carton size
 * (L×W×H cm), volume in cbm and cuft, pieces per carton, gross and net weight, and the price.
 */
export function ProductRow({
  product,
  ecommerce = false,
  headingLevel = 3,
  priority,
  className,
}: ProductRowProps) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const expired = product.is_expire === 1;
  const { carton } = product;
  const hasCarton = carton.length > 0 || carton.width > 0 || carton.height > 0;
  const facts: { label: string; value: string }[] = [];
  if (product.number !== null && product.number !== '')
    facts.push({ label: t('web.product.number'), value: product.number });
  if (product.packing) facts.push({ label: t('web.product.packing'), value: product.packing });
  if (hasCarton)
    facts.push({
      label: t('web.product.cartonSize'),
      value: `${n(carton.length)} × ${n(carton.width)} × ${n(carton.height)} cm`,
    });
  if (carton.cbm > 0)
    facts.push({
      label: t('web.product.cartonVolume'),
      value: `${formatVolume(carton.cbm, 'cbm')} / ${formatVolume(carton.cuft, 'cuft')}`,
    });
  if (product.carton_quantity > 0)
    facts.push({
      label: t('web.product.cartonQuantity'),
      value: `${formatNumber(product.carton_quantity)} PCS/ctn`,
    });
  if (product.gross_weight > 0 || product.net_weight > 0)
    facts.push({
      label: t('web.product.weight'),
      value: `${n(product.gross_weight)} / ${n(product.net_weight)} KGS`,
    });

  return (
    <article
      className={[classes.row, className].filter(Boolean).join(' ')}
      data-expired={expired || undefined}
    >
      <div className={classes.rowMedia}>
        <ProductPicture
          src={product.picture}
          alt=""
          sizes="(max-width: 36em) 112px, 160px"
          defaultWidth={160}
          priority={priority}
        />
      </div>
      <div className={classes.rowBody}>
        <Heading className={classes.name}>
          <ProductLink id={product.id} ecommerce={ecommerce} className={classes.stretched}>
            <ProductName name={product.name} />
          </ProductLink>
        </Heading>
        {expired ? <ExpiredMark /> : null}
        <dl className={classes.facts}>
          {facts.map((f) => (
            <div key={f.label} className={classes.fact}>
              <dt>{f.label}</dt>
              <dd>
                <bdi>{f.value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
        <ProductFlags flags={product.flags} />
      </div>
      <div className={classes.rowPrice}>
        <ProductPrice product={product} />
        <AddToCartButton product={product} />
      </div>
    </article>
  );
}

import {
  ProductGrid,
  type ProductGridProps,
  type ProductListProps,
  type ProductViewMode,
} from './ProductGrid';
import { ProductRow } from './ProductRow';
import classes from './product.module.css';

/** Products in list mode, one row each; skeleton rows while loading. */
export function ProductList({
  products,
  ecommerce,
  headingLevel,
  loading = false,
  skeletonCount = 6,
  priorityCount = 0,
  className,
  label,
}: ProductListProps) {
  if (loading) {
    return (
      <div className={[classes.list, className].filter(Boolean).join(' ')} aria-hidden="true">
        {Array.from({ length: skeletonCount }, (_, i) => (
          <ProductRowSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <ul className={[classes.list, className].filter(Boolean).join(' ')} aria-label={label}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductRow
            product={p}
            ecommerce={ecommerce}
            headingLevel={headingLevel}
            priority={i < priorityCount}
          />
        </li>
      ))}
    </ul>
  );
}

/** Products in either display mode. */
export function ProductResults({
  mode,
  ...props
}: ProductListProps & Pick<ProductGridProps, 'minCardWidth'> & { mode: ProductViewMode }) {
  return mode === 'list' ? <ProductList {...props} /> : <ProductGrid {...props} />;
}

/** A list row's shape while its product loads. */
export function ProductRowSkeleton() {
  return (
    <div className={classes.row} aria-hidden="true" data-skeleton="">
      <div className={classes.rowMedia}>
        <span className={`${classes.picture} ${classes.shimmer}`} />
      </div>
      <div className={classes.rowBody}>
        <span className={`${classes.line} ${classes.shimmer}`} style={{ width: '70%' }} />
        <span className={`${classes.line} ${classes.shimmer}`} style={{ width: '50%' }} />
        <span className={`${classes.line} ${classes.shimmer}`} style={{ width: '60%' }} />
        <span className={`${classes.line} ${classes.shimmer}`} style={{ width: '40%' }} />
      </div>
    </div>
  );
}

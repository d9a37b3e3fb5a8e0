import {
  ProductGrid,
  type ProductGridProps,
  type ProductListProps,
  type ProductViewMode,
} from './ProductGrid';
import { ProductRow } from './ProductRow';
import { ProductRowSkeleton } from './ProductSkeletons';
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

import type { ProductCard as Product } from '@vitrine/contract';
import type { CSSProperties } from 'react';
import { DEFAULT_MIN_CARD_WIDTH, gridPictureSizes } from './picture';
import { ProductCard } from './ProductCard';
import { ProductCardSkeleton } from './ProductSkeletons';
import classes from './product.module.css';

export type ProductViewMode = 'thumbnail' | 'list';

/** What the grid and the list both take. */
export interface ProductListProps {
  products: readonly Product[];
  /** Cards link to the e-commerce details page. */
  ecommerce?: boolean;
  headingLevel?: 2 | 3 | 4;
  /** How many products are above the fold (their pictures load first). */
  priorityCount?: number;
  /** Shows skeletons instead of products. */
  loading?: boolean;
  /** How many skeletons. */
  skeletonCount?: number;
  className?: string;
  /** Accessible name of the list. */
  label?: string;
}

export interface ProductGridProps extends ProductListProps {
  /** The narrowest a card may get, in px (defaults to 180); the grid fills the rest. */
  minCardWidth?: number;
  hideFlags?: boolean;
}

/** A responsive grid of product cards (two columns on a phone); skeleton cards while loading. */
export function ProductGrid({
  products,
  ecommerce,
  headingLevel,
  minCardWidth = DEFAULT_MIN_CARD_WIDTH,
  priorityCount = 0,
  loading = false,
  skeletonCount = 8,
  hideFlags,
  className,
  label,
}: ProductGridProps) {
  const style = { '--card-min': `${minCardWidth}px` } as CSSProperties;
  const sizes = gridPictureSizes(minCardWidth);
  if (loading) {
    return (
      <div className={[classes.grid, className].filter(Boolean).join(' ')} style={style} aria-hidden="true">
        {Array.from({ length: skeletonCount }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  return (
    <ul className={[classes.grid, className].filter(Boolean).join(' ')} style={style} aria-label={label}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard
            product={p}
            ecommerce={ecommerce}
            headingLevel={headingLevel}
            sizes={sizes}
            priority={i < priorityCount}
            hideFlags={hideFlags}
          />
        </li>
      ))}
    </ul>
  );
}

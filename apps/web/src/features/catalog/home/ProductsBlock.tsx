import type { ProductCard as Product } from '@vitrine/contract';
import { lazy, type ReactNode, Suspense, useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductCard, ProductCardSkeleton, ProductGrid } from '../../../components/product';
import classes from './home.module.css';

export type BlockVariant = 'shelf' | 'grid' | 'feature' | 'dense';

interface ProductsBlockProps {
  products: readonly Product[] | undefined;
  variant: BlockVariant;
  /** Mirrors the feature block (editorial layout alternates sides). */
  flip?: boolean;
  label: string;
  /**
   * The section has not asked for its products yet (it is below the fold). Only its shape
   * matters then: a shelf holds one placeholder, which gives it its height, instead of a row.
   */
  idle?: boolean;
}

/** The placeholders of a shelf whose products are on their way (a phone shows two and a bit). */
const SHELF_PLACEHOLDERS = 6;

/** A section's products: a horizontal shelf, a grid, an editorial feature block, or a dense grid. */
export function ProductsBlock({
  products: answer,
  variant,
  flip = false,
  label,
  idle = false,
}: ProductsBlockProps) {
  const { t } = useTranslation();
  // Each section's ten cards were a long task of their own when its call answered (an answer
  // renders synchronously); deferred, they render in slices, the skeleton staying meanwhile.
  // A section already at hand (coming back to /home) renders at once, on mount, so the
  // restored scroll position still finds the page as long as it was.
  const products = useDeferredValue(answer);
  const loading = products === undefined;
  if (!loading && products.length === 0) return <p className={classes.none}>{t('web.home.noProducts')}</p>;

  if (variant === 'shelf') {
    return (
      <Shelf label={label} busy={loading}>
        {loading
          ? // Every section is idle in /home's first render: six placeholders a shelf were two
            // thirds of what it drew, laid out and styled before the banner could appear.
            Array.from({ length: idle ? 1 : SHELF_PLACEHOLDERS }, (_, i) => (
              <li key={i} aria-hidden="true">
                <ProductCardSkeleton />
              </li>
            ))
          : products.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} sizes="200px" />
              </li>
            ))}
      </Shelf>
    );
  }

  if (variant === 'feature') {
    const [first, ...rest] = products ?? [];
    return (
      <div className={classes.feature} data-flip={flip || undefined}>
        <div className={classes.featureMain}>
          {first ? (
            <ProductCard product={first} sizes="(max-width: 48em) 100vw, 480px" />
          ) : (
            <ProductCardSkeleton />
          )}
        </div>
        <ProductGrid
          className={classes.featureGrid}
          products={rest.slice(0, 4)}
          loading={loading}
          skeletonCount={4}
          minCardWidth={150}
          label={label}
        />
      </div>
    );
  }

  return (
    <ProductGrid
      products={(products ?? []).slice(0, variant === 'dense' ? 10 : 10)}
      loading={loading}
      skeletonCount={variant === 'dense' ? 10 : 5}
      minCardWidth={variant === 'dense' ? 140 : 190}
      hideFlags={variant === 'dense'}
      label={label}
      className={variant === 'dense' ? classes.dense : undefined}
    />
  );
}

/** The shelf's previous and next buttons: their code comes with the first hover or focus. */
const ShelfArrows = lazy(() => import('./ShelfArrows'));

/**
 * A row of cards that scrolls sideways. Previous and next buttons (ShelfArrows) join it when the
 * pointer or the focus first enters it: a mouse has no sideways wheel and the scroll bar is thin
 * or hidden (issue 21, item 13), but none of that is needed for /home's first paint.
 */
function Shelf({ label, busy, children }: { label: string; busy: boolean; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  const [armed, setArmed] = useState(false);
  const arm = () => setArmed(true);
  return (
    <div className={classes.shelfFrame} onPointerEnter={arm} onFocus={arm}>
      <ul ref={list} className={classes.shelf} aria-label={label} aria-busy={busy || undefined}>
        {children}
      </ul>
      {armed ? (
        <Suspense fallback={null}>
          <ShelfArrows list={list} label={label} classes={classes} />
        </Suspense>
      ) : null}
    </div>
  );
}

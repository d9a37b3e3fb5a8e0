import type { ProductCard as Product } from '@vitrine/contract';
import { type ReactNode, useDeferredValue, useEffect, useRef, useState } from 'react';
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
      <Shelf label={label} busy={loading} count={products?.length ?? 0}>
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

/**
 * A row of cards that scrolls sideways, with previous and next buttons at its ends: a mouse has
 * no sideways wheel and the scroll bar is thin or hidden (issue 21, item 13). The buttons turn a
 * screen's width and are named after the section; each is disabled at its end and both are gone
 * when everything fits.
 */
function Shelf({
  label,
  busy,
  count,
  children,
}: {
  label: string;
  busy: boolean;
  count: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState<readonly [boolean, boolean]>([true, true]);
  const measure = () => {
    const el = list.current;
    if (!el) return;
    // Right to left, scrollLeft runs from 0 to negative values.
    const x = Math.abs(el.scrollLeft);
    const next = [x < 4, x + el.clientWidth >= el.scrollWidth - 4] as const;
    setEnds((e) => (e[0] === next[0] && e[1] === next[1] ? e : next));
  };
  // Measured once laid out (a ResizeObserver reports after layout): never a forced layout while
  // /home draws. Again when the cards arrive and when the window changes size.
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    return () => observer.disconnect();
  }, [count]);
  const turn = (step: 1 | -1) => {
    const el = list.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({ left: step * (rtl ? -1 : 1) * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  const arrow = (step: 1 | -1) => (
    <button
      type="button"
      className={classes.shelfArrow}
      data-step={step}
      disabled={ends[step < 0 ? 0 : 1]}
      aria-label={t(step < 0 ? 'web.home.shelfPrevious' : 'web.home.shelfNext', { section: label })}
      onClick={() => turn(step)}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className={classes.flipRtl}>
        <path
          d={step < 0 ? 'm15 6-6 6 6 6' : 'm9 6 6 6-6 6'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
      </svg>
    </button>
  );
  return (
    <div className={classes.shelfFrame} data-fits={(ends[0] && ends[1]) || undefined}>
      {arrow(-1)}
      <ul
        ref={list}
        className={classes.shelf}
        aria-label={label}
        aria-busy={busy || undefined}
        onScroll={measure}
      >
        {children}
      </ul>
      {arrow(1)}
    </div>
  );
}

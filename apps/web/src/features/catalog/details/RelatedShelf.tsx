import { Title } from '@mantine/core';
import type { ProductCard as Product } from '@vitrine/contract';
import { useId } from 'react';
import { ProductCard, ProductCardSkeleton } from '../../../components/product';
import classes from './details.module.css';
import { useRelated } from './useProductDetail';

export interface RelatedShelfProps {
  call: 'get_toy_similar' | 'get_recommend_detail';
  productId: number;
  title: string;
  ecommerce?: boolean;
  /** Called when the buyer opens one of the shelf's products. */
  onPick?: (product: Product) => void;
}

/** A horizontal shelf of related products (similar or recommended); nothing when there are none. */
export function RelatedShelf({ call, productId, title, ecommerce = false, onPick }: RelatedShelfProps) {
  const headingId = useId();
  const { data, isPending, isError } = useRelated(call, productId);
  const items = (data ?? []).filter((p) => p.id !== productId);
  if (isError || (!isPending && items.length === 0)) return null;
  return (
    <section className={classes.shelf} aria-labelledby={headingId} data-call={call}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {isPending ? (
        <div className={classes.shelfTrack} aria-hidden="true">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className={classes.shelfItem}>
              <ProductCardSkeleton />
            </div>
          ))}
        </div>
      ) : (
        <ul className={classes.shelfTrack}>
          {items.map((p) => (
            // The click on the card's link (a click or Enter) bubbles here.
            <li key={p.id} className={classes.shelfItem} onClick={onPick ? () => onPick(p) : undefined}>
              <ProductCard product={p} ecommerce={ecommerce} headingLevel={3} sizes="200px" hideFlags />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import classes from './product.module.css';

/** A card's shape while its product loads (same size as the card: nothing shifts). */
export function ProductCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden="true" data-skeleton="">
      <div className={classes.media}>
        <span className={`${classes.picture} ${classes.shimmer}`} />
      </div>
      <div className={classes.body}>
        <span className={`${classes.line} ${classes.shimmer}`} />
        <span className={`${classes.line} ${classes.shimmer}`} style={{ width: '60%' }} />
        <span className={`${classes.line} ${classes.shimmer}`} style={{ width: '40%' }} />
      </div>
    </div>
  );
}

import { type CSSProperties, useState } from 'react';
import { pictureSources, PRODUCT_PICTURE_WIDTH } from './picture';
import classes from './product.module.css';

export interface ProductPictureProps {
  /** The picture's URL ('/files/<key>' or any URL); '' for none. */
  src: string | null | undefined;
  /** Text alternative; '' when the picture only repeats text next to it. */
  alt: string;
  /** The sizes attribute: how wide the picture is drawn (defaults to a card in a grid). */
  sizes?: string;
  /** Width over height of the box the picture sits in (defaults to square). */
  ratio?: number;
  /** A picture above the fold: loaded eagerly and first. */
  priority?: boolean;
  /** The width picked when the browser ignores srcset. */
  defaultWidth?: number;
  className?: string;
  /** object-fit of the picture in its box (defaults to contain: a product is never cropped). */
  fit?: 'contain' | 'cover';
}

const DEFAULT_SIZES = '(max-width: 36em) 50vw, (max-width: 62em) 33vw, 240px';

/** A neutral placeholder for a product without (a loadable) picture. */
function Placeholder({ alt }: { alt: string }) {
  return (
    <span className={classes.placeholder} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
      <svg
        aria-hidden="true"
        focusable="false"
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m4 18 5-5 4 4 3-3 4 4" />
      </svg>
    </span>
  );
}

/**
 * A product picture that never shifts the layout: it fills a box of fixed aspect ratio, loads
 * lazily, and offers the server's WebP widths through srcset. When a load fails the original
 * picture is tried, then a neutral placeholder is shown.
 */
export function ProductPicture({
  src,
  alt,
  sizes = DEFAULT_SIZES,
  ratio = 1,
  priority = false,
  defaultWidth = PRODUCT_PICTURE_WIDTH,
  className,
  fit = 'contain',
}: ProductPictureProps) {
  const sources = pictureSources(src, defaultWidth);
  // Failed attempts, kept per URL so a new picture starts over.
  const [failed, setFailed] = useState<{ url: string; count: number }>({ url: src ?? '', count: 0 });
  const count = failed.url === (src ?? '') ? failed.count : 0;
  const attempts = sources ? [sources.src, ...sources.fallbacks] : [];
  const current = attempts[count];
  const style = { '--picture-ratio': String(ratio) } as CSSProperties;

  return (
    <span className={[classes.picture, className].filter(Boolean).join(' ')} style={style}>
      {current === undefined ? (
        <Placeholder alt={alt} />
      ) : (
        <img
          key={current}
          src={current}
          srcSet={count === 0 ? sources?.srcSet : undefined}
          sizes={count === 0 && sources?.srcSet ? sizes : undefined}
          alt={alt}
          width={defaultWidth}
          height={Math.round(defaultWidth / ratio)}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          // The first pictures are the page's largest content: drawn with the frame that shows
          // them, not one or more frames later as an asynchronous decode would.
          decoding={priority ? 'sync' : 'async'}
          data-fit={fit}
          onError={() => setFailed({ url: src ?? '', count: count + 1 })}
        />
      )}
    </span>
  );
}

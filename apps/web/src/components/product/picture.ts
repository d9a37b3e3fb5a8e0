/**
 * Where a product picture can be fetched from. The server stores each picture once under
 * /files/<key> and serves it as WebP in a few widths under /img/<width>/<key>.webp (named by its
 * type, so a saved picture is named by what it holds); the browser picks a
 * width through srcset. When the WebP variant fails, the original is tried (a second attempt,
 * spec section 9), then a neutral placeholder is shown.
 */

/** The widths the server makes (apps/server picture-variants: PICTURE_WIDTHS). */
export const PICTURE_WIDTHS = [160, 320, 480, 800] as const;

/** Only these originals have WebP variants. */
const VARIANT_SOURCE = /\.(jpe?g|png|webp)$/i;
const FILES = /^((?:https?:)?\/\/[^/]+)?\/files\/(.+)$/;

export interface PictureSources {
  /** The first attempt: a WebP width (with srcset), or the URL itself when it has no variants. */
  src: string;
  srcSet?: string;
  /** Tried in order when the previous attempt fails. */
  fallbacks: string[];
}

/** The attempts for a picture URL; null when there is no picture at all. */
export function pictureSources(url: string | null | undefined, defaultWidth = 320): PictureSources | null {
  const value = (url ?? '').trim();
  if (!value) return null;
  const match = FILES.exec(value.split(/[?#]/)[0] ?? value);
  if (!match || !VARIANT_SOURCE.test(match[2] ?? '')) return { src: value, fallbacks: [] };
  const origin = match[1] ?? '';
  const key = match[2] ?? '';
  const at = (w: number) => `${origin}/img/${w}/${key}.webp`;
  const width = PICTURE_WIDTHS.find((w) => w >= defaultWidth) ?? 800;
  return {
    src: at(width),
    srcSet: PICTURE_WIDTHS.map((w) => `${at(w)} ${w}w`).join(', '),
    fallbacks: [value],
  };
}

/** The width a product picture asks for when the browser ignores srcset. */
export const PRODUCT_PICTURE_WIDTH = 320;

/**
 * How many cards of a list load their pictures first (eager, high priority): a phone shows two
 * a row and only the first row above the fold. More would share a phone's bandwidth with the
 * picture it shows first; on a wider screen the rest of the first row follows as soon as it is
 * laid out.
 */
export const PRIORITY_CARDS = 2;

/** The narrowest a card of a product grid may get, in px, unless the grid says otherwise. */
export const DEFAULT_MIN_CARD_WIDTH = 180;

/** How wide a grid's card pictures are drawn: half a phone's width, else a little over a card. */
export const gridPictureSizes = (minCardWidth: number = DEFAULT_MIN_CARD_WIDTH): string =>
  `(max-width: 36em) 50vw, ${Math.round(minCardWidth * 1.4)}px`;

/**
 * Asks for a picture the page is about to draw, before it is drawn (its address arrived with
 * an early call): with the same srcset and sizes as its <img>, so the browser fetches one width
 * once, and first.
 */
export function preloadPicture(url: string | null | undefined, sizes: string, defaultWidth: number): void {
  const sources = pictureSources(url, defaultWidth);
  if (!sources) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = sources.src;
  if (sources.srcSet) {
    link.imageSrcset = sources.srcSet;
    link.imageSizes = sizes;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}

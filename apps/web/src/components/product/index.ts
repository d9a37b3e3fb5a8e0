/**
 * Shared product UI: cards, grids, skeletons and pictures. The list mode's rows and the empty
 * states are in ./results: /home, which shows cards only, never downloads them.
 */
export { logProductClick, ProductLink, type ProductLinkProps, productHref } from './links';
export { pictureSources, PICTURE_WIDTHS, type PictureSources, PRIORITY_CARDS } from './picture';
export { ProductCard, type ProductCardProps } from './ProductCard';
export { ExpiredMark, FLAG_BADGES, ProductFlags } from './ProductFlags';
export {
  ProductGrid,
  type ProductGridProps,
  type ProductListProps,
  type ProductViewMode,
} from './ProductGrid';
export { ProductPicture, type ProductPictureProps } from './ProductPicture';
export { ProductPrice, priceText } from './ProductPrice';
export { ProductCardSkeleton } from './ProductSkeletons';

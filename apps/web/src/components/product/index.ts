/** Shared product UI: cards, list rows, grids, skeletons, empty states and pictures. */
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { logProductClick, ProductLink, type ProductLinkProps, productHref } from './links';
export { pictureSources, PICTURE_WIDTHS, type PictureSources, PRIORITY_CARDS } from './picture';
export { ProductCard, type ProductCardProps } from './ProductCard';
export { ExpiredMark, FLAG_BADGES, ProductFlags } from './ProductFlags';
export {
  ProductGrid,
  type ProductGridProps,
  ProductList,
  type ProductListProps,
  ProductResults,
  type ProductViewMode,
} from './ProductGrid';
export { ProductPicture, type ProductPictureProps } from './ProductPicture';
export { ProductPrice, priceText } from './ProductPrice';
export { ProductRow, type ProductRowProps } from './ProductRow';
export { ProductCardSkeleton, ProductRowSkeleton } from './ProductSkeletons';

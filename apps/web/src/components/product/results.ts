/** Product lists in either display mode (rows in list mode) and the empty states of a list. */
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ProductList, ProductResults, ProductRowSkeleton } from './ProductList';
export { ProductRow, type ProductRowProps } from './ProductRow';

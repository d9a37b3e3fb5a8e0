import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { logEvent } from '../../lib/analytics';

/** Where a product opens: its details page, or the e-commerce details page for cash-sale lists. */
export function productHref(id: number, ecommerce = false): string {
  return `${ecommerce ? '/ecommerceDetails' : '/productDetails'}?id=${id}`;
}

/** Records the click (feeds the popularity order) without slowing the navigation. */
export function logProductClick(id: number): void {
  logEvent('toy_click_log', { toy_id: id });
}

export interface ProductLinkProps {
  id: number;
  ecommerce?: boolean;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** A link to a product that logs the click. */
export function ProductLink({ id, ecommerce = false, className, children, ...rest }: ProductLinkProps) {
  return (
    <Link
      to={productHref(id, ecommerce)}
      className={className}
      onClick={() => logProductClick(id)}
      aria-label={rest['aria-label']}
    >
      {children}
    </Link>
  );
}

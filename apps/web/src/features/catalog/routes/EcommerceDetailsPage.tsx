import { ProductDetails } from '../details/ProductDetails';

/** /ecommerceDetails?id=…: one e-commerce (cash-sale) product: leads back to /ecommerce, price first. */
export default function EcommerceDetailsPage() {
  return <ProductDetails variant="ecommerce" />;
}

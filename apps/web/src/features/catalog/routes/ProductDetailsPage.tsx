import { ProductDetails } from '../details/ProductDetails';

/** /productDetails?id=…: one product (not kept alive: each visit starts fresh). */
export default function ProductDetailsPage() {
  return <ProductDetails variant="showroom" />;
}

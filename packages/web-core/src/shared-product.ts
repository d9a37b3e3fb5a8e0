import type { ProductCard, SharedProduct } from '@vitrine/contract';

/**
 * A product card as shared into the chat (a sharePro card), the same from the buyer's pages and
 * from the console's picker: the number goes where the site's number_type reads it from (1 toy
 * number, 3 article number), the price as the buyer sees it, formatted by the calling app (each
 * app formats in its own language).
 */
export function toSharedProduct(
  p: ProductCard,
  numberType: number,
  formatMoney: (price: number, currency: string) => string,
): SharedProduct {
  const number = p.number ?? '';
  return {
    ToyId: p.id,
    ToyName: p.name,
    Picture: p.picture,
    Price:
      p.price === null
        ? ''
        : `${formatMoney(p.price, p.money_unit)}${p.trade_term ? ` ${p.trade_term}` : ''}`,
    ToyNumber: numberType === 1 ? number : '',
    ArticleNumber: numberType === 3 ? number : '',
  };
}

import type { ProductCard } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { toSharedProduct } from './shared-product';

const card = {
  id: 7,
  name: 'Robot',
  picture: '/p/7.webp',
  number: 'T-7',
  price: 5.5,
  money_unit: 'USD',
  trade_term: 'FOB',
} as ProductCard;
const money = (price: number, currency: string) => `${currency} ${price.toFixed(2)}`;

describe('a product shared into the chat', () => {
  it('puts the number where the site reads it: toy number for 1, article number for 3', () => {
    expect(toSharedProduct(card, 1, money)).toEqual({
      ToyId: 7,
      ToyName: 'Robot',
      Picture: '/p/7.webp',
      Price: 'USD 5.50 FOB',
      ToyNumber: 'T-7',
      ArticleNumber: '',
    });
    expect(toSharedProduct(card, 3, money)).toMatchObject({ ToyNumber: '', ArticleNumber: 'T-7' });
    expect(toSharedProduct(card, 2, money)).toMatchObject({ ToyNumber: '', ArticleNumber: '' });
  });

  it('shows no price when the buyer may not see it, and no trade term when there is none', () => {
    expect(toSharedProduct({ ...card, price: null }, 1, money).Price).toBe('');
    expect(toSharedProduct({ ...card, trade_term: '' }, 1, money).Price).toBe('USD 5.50');
  });
});

import {
  type CallResponse,
  type CartLineInput,
  cartLineOf,
  selectionTotals,
  siteMoney,
} from '@vitrine/contract';
import { callApiWithTip } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query';
import * as storage from '../../../lib/storage';
import { isCustomerSession, refreshServerCart } from './cart-actions';
import { readLocalCart, writeLocalCart } from './local-cart';

/*
 * Changing cartons, apart from cart-actions: only the cart page does it, and the totalling rules
 * it needs would otherwise ride in every page's first load with the side bar's cart badge.
 */

type ServerCart = CallResponse<'get_sample_car_list'>;

/** The customer's cart with some lines' cartons changed, totalled by the server's rules. */
function withCartons(
  cart: ServerCart,
  next: ReadonlyMap<number, number>,
  money: ReturnType<typeof siteMoney>,
) {
  const lines = cart.lines.map((l) => {
    const ctn = next.get(l.product.id);
    return ctn === undefined || ctn === l.ctn ? l : { ...l, ...cartLineOf(l.product, ctn, l.added_at) };
  });
  return { ...cart, lines, totals: selectionTotals(lines, money) };
}

// A customer's changes reach the server one after another, so the last typed number is the one
// kept; the cart is fetched again once none is on its way.
let saving: Promise<unknown> = Promise.resolve();
let unsaved = 0;

/**
 * Sets the cartons of some lines. The screen shows the new numbers and totals at once: a
 * visitor's cart is this browser's, a customer's cached cart is changed before the server is
 * asked (and fetched again afterwards, so a refusal shows the server's numbers).
 */
export async function setCartons(lines: CartLineInput[]): Promise<void> {
  const site = storage.getSite();
  if (!site || lines.length === 0) return;
  const next = new Map(lines.map((l) => [l.id, l.ctn]));
  if (isCustomerSession()) {
    const key = ['get_sample_car_list'];
    await queryClient.cancelQueries({ queryKey: key });
    const money = siteMoney(site);
    queryClient.setQueriesData<ServerCart>(
      { queryKey: key },
      (cart) => cart && withCartons(cart, next, money),
    );
    unsaved += 1;
    const save = saving.then(() => callApiWithTip('update_sample_car', { lines }));
    saving = save.catch(() => undefined);
    try {
      await save;
    } finally {
      unsaved -= 1;
      if (unsaved === 0) await refreshServerCart();
    }
    return;
  }
  writeLocalCart(
    site.id,
    readLocalCart(site.id).map((l) => (next.has(l.id) ? { ...l, ctn: next.get(l.id) ?? l.ctn } : l)),
  );
}

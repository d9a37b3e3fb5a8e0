import { LIMITS, LOGIN_TYPE } from '@vitrine/contract';
import { callApiWithTip, isApiError } from '../../../lib/api-client';
import type { AddToCartProduct } from '../../../lib/cart-events';
import { ensureLateMessages, i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query';
import * as storage from '../../../lib/storage';
import { showErrorToast, showToast } from '../../../lib/toast';
import { readLocalCart, writeLocalCart } from './local-cart';

/**
 * What the sample cart does, whoever holds it: a customer's lives on the server (the same on
 * every device), a visitor's in this browser. Screens call these; messages are the spec's.
 */
export const isCustomerSession = (): boolean => storage.getUser()?.login_type === LOGIN_TYPE.CUSTOMER;

/** The server cart's cached answers are stale: screens showing it fetch it again. */
export const refreshServerCart = () => queryClient.invalidateQueries({ queryKey: ['get_sample_car_list'] });

/** Adds one product (a product screen's button, through requestAddToCart). */
export async function addToCart(product: AddToCartProduct): Promise<void> {
  const t = i18n.t.bind(i18n);
  if (product.expired) {
    showErrorToast(t('cart.expired'));
    return;
  }
  const site = storage.getSite();
  if (!site) return;
  if (isCustomerSession()) {
    try {
      const { data, tip } = await callApiWithTip('add_sample_car', { ids: [product.id] }, { silent: true });
      if (data.added.length) showToast(tip, 'success');
      else if (data.expired.length) showErrorToast(tip);
      else showToast(tip);
      await refreshServerCart();
    } catch (e) {
      if (isApiError(e) && e.tip) showErrorToast(e.tip);
    }
    return;
  }
  const lines = readLocalCart(site.id);
  if (lines.some((l) => l.id === product.id)) {
    showToast(t('cart.alreadyInCart'));
    return;
  }
  if (lines.length >= LIMITS.CART_MAX_LINES) {
    showErrorToast(t('cart.limit'));
    return;
  }
  writeLocalCart(site.id, [{ id: product.id, ctn: product.purchase_number, at: Date.now() }, ...lines]);
  showToast(t('cart.added'), 'success');
}

/**
 * A visitor who logs in as a customer brings this browser's cart along: its lines are merged
 * into the server cart (a product in both keeps the larger number of cartons), then forgotten
 * here. If the server refuses (the 1000 limit), nothing is lost: the lines stay in the browser.
 */
export async function mergeLocalCartIntoAccount(siteId: number): Promise<void> {
  const lines = readLocalCart(siteId);
  if (lines.length === 0) return;
  try {
    await callApiWithTip(
      'add_sample_car',
      { lines: lines.map(({ id, ctn }) => ({ id, ctn })) },
      { silent: true },
    );
    writeLocalCart(siteId, []);
    await ensureLateMessages().catch(() => undefined);
    showToast(i18n.t('web.cart.merged'), 'success');
    await refreshServerCart();
  } catch (e) {
    if (isApiError(e) && e.code === -2) return;
    await ensureLateMessages().catch(() => undefined);
    showErrorToast(i18n.t('web.cart.mergeFailed'));
  }
}

export async function removeFromCart(ids: number[], { refresh = true } = {}): Promise<void> {
  const site = storage.getSite();
  if (!site || ids.length === 0) return;
  if (isCustomerSession()) {
    await callApiWithTip('delete_sample_car', { ids });
    if (refresh) await refreshServerCart();
    return;
  }
  const gone = new Set(ids);
  writeLocalCart(
    site.id,
    readLocalCart(site.id).filter((l) => !gone.has(l.id)),
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setCartCount } from '../../lib/badges';
import { onAddToCartRequest } from '../../lib/cart-events';
import { callInKeyLanguage, callKey } from '../../lib/query';
import { isCustomer, useSite, useUser } from '../../app/layout/useShowroom';
import { addToCart, mergeLocalCartIntoAccount } from './components/cart-actions';
import { useLocalCart } from './components/local-cart';

/**
 * The sample cart's presence in the layout (no markup): it answers the product screens'
 * add-to-cart requests, keeps the side bar's badge counting lines, and brings a visitor's
 * browser cart into the account when a customer logs in.
 */
export function CartBridge() {
  const { i18n } = useTranslation();
  const site = useSite();
  const customer = isCustomer(useUser());
  const local = useLocalCart(site?.id ?? null);
  const server = useQuery({
    queryKey: callKey('get_sample_car_list', {}, i18n.language),
    queryFn: ({ signal }) =>
      callInKeyLanguage('get_sample_car_list', {}, i18n.language, { signal, silent: true }),
    enabled: customer && site !== null,
    staleTime: 60_000,
  });

  useEffect(() => onAddToCartRequest((product) => void addToCart(product)), []);

  const count = customer ? (server.data?.lines.length ?? 0) : local.length;
  useEffect(() => setCartCount(count), [count]);

  const siteId = site?.id;
  const hasLocal = local.length > 0;
  useEffect(() => {
    if (customer && siteId !== undefined && hasLocal) void mergeLocalCartIntoAccount(siteId);
  }, [customer, siteId, hasLocal]);

  return null;
}

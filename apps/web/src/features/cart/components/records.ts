import * as storage from '../../../lib/storage';
import { isCustomerSession } from './cart-actions';
import { visitorKey } from './local-cart';

export const RECORDS_PAGE_SIZE = 10;

/** Whose records to ask for: a customer's by the session, a visitor's by this browser's key. */
export function recordOwner(): { visitor_key?: string } {
  const site = storage.getSite();
  return !isCustomerSession() && site ? { visitor_key: visitorKey(site.id) } : {};
}

import { LOGIN_TYPE } from '@vitrine/contract';
import * as storage from '../../../lib/storage';
import { visitorKey } from './local-cart';

export const RECORDS_PAGE_SIZE = 10;

/** Whose records to ask for: a customer's by the session, a visitor's by this browser's key. */
export function recordOwner(): { visitor_key?: string } {
  const site = storage.getSite();
  const customer = storage.getUser()?.login_type === LOGIN_TYPE.CUSTOMER;
  return !customer && site ? { visitor_key: visitorKey(site.id) } : {};
}

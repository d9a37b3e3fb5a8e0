import type { LangKey } from '@vitrine/contract';
import type en from '../orders/en.json';

/**
 * The buyer's quotation and order screens (/personalCenter, /quoteAckForm, the order list,
 * /orderDetails, /inventory) speak from a locale file of their own, in all 16 languages like
 * the rest of the showroom. It lives apart from locales/ because the locale file in use is part
 * of every first page a buyer loads (the 170 kB budget of /home), while these messages are
 * needed only behind a customer's log-in: they arrive with those pages' own code (decision 0039).
 */
export type OrderMessages = typeof en;

/** The i18next namespace they are added under. */
export const ORDERS_NAMESPACE = 'orders';

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = T extends string
  ? never
  : { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];
/** Every dotted key of the order screens' messages, e.g. 'quote.needSelection'. */
export type OrderMessageKey = Paths<OrderMessages>;

/** Loads one language's order messages on demand (a chunk of its own per language). */
export function loadOrderMessages(lang: LangKey): Promise<OrderMessages> {
  return import(`../orders/${lang}.json`).then((m: { default: OrderMessages }) => m.default);
}

import { loadOrderMessages, type OrderMessageKey, ORDERS_NAMESPACE } from '@vitrine/i18n/orders';
import type { LangKey } from '@vitrine/contract';
import { interpolate } from '@vitrine/i18n';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Translates a key of the order screens' messages (packages/i18n/orders). */
export type OrdersT = (key: OrderMessageKey, vars?: Record<string, string | number>) => string;

const loading = new Map<string, Promise<void>>();

/**
 * Adds the order messages of a language to the app's i18next instance, once; the other
 * languages' copies are dropped, as the app does with its main messages (one locale at a time).
 */
function ensureLoaded(i18n: ReturnType<typeof useTranslation>['i18n'], lang: string): Promise<void> {
  if (i18n.hasResourceBundle(lang, ORDERS_NAMESPACE)) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = loadOrderMessages(lang as LangKey)
      .then((messages) => {
        for (const other of Object.keys(i18n.store.data))
          if (other !== lang) i18n.removeResourceBundle(other, ORDERS_NAMESPACE);
        i18n.addResourceBundle(lang, ORDERS_NAMESPACE, messages, true, true);
      })
      .finally(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

/**
 * The order screens' translator in the language on screen, and whether its messages have
 * arrived (they come in a chunk of their own, decision 0039); a page shows its loading state
 * until then.
 */
export function useOrdersT(): { t: OrdersT; ready: boolean; lang: string } {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [loaded, setLoaded] = useState(() => (lang ? i18n.hasResourceBundle(lang, ORDERS_NAMESPACE) : false));
  const [failed, setFailed] = useState(false);
  const ready = !!lang && (loaded || i18n.hasResourceBundle(lang, ORDERS_NAMESPACE));

  useEffect(() => {
    if (!lang) return;
    let live = true;
    ensureLoaded(i18n, lang).then(
      () => live && setLoaded(true),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      setLoaded(false);
    };
  }, [i18n, lang]);

  // A new function once the messages arrive, so that memoised parts draw again with them.
  const t = useMemo<OrdersT>(() => {
    // Read straight from the bundle: the app's i18next types know only its main messages.
    return (key, vars) => {
      const text: unknown = ready ? i18n.getResource(lang, ORDERS_NAMESPACE, key) : '';
      return typeof text === 'string' ? interpolate(text, vars) : key;
    };
  }, [i18n, lang, ready]);
  // The page's error boundary says the page failed, with a way back.
  if (failed) throw new Error('The order messages could not be loaded');
  return { t, ready, lang };
}

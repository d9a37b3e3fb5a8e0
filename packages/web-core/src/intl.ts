import type { Language } from '@vitrine/contract';

/*
 * Intl's inputs for a language and a currency, without i18next: the buyer app's head script
 * (apps/web/src/boot) builds the first price formatter with them before the app's code has arrived.
 */

// The Gregorian calendar and Western digits (format.ts). Written out rather than built with
// Intl.Locale, whose first use costs some 20 ms on a phone; the tags of LANGUAGES have no
// extension of their own, which format.test checks against Intl.Locale.
const GREGORIAN_LATIN_DIGITS = '-u-ca-gregory-nu-latn';

/** The Intl locale of a language, with the Gregorian calendar and Western digits. */
export const intlLocale = (lang: Language): string => lang.locale + GREGORIAN_LATIN_DIGITS;

/** The ISO 4217 code in a stored currency ('usd ' → 'USD'); null when it is not one (e.g. '$'). */
export function currencyCode(currency: string): string | null {
  const code = currency.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

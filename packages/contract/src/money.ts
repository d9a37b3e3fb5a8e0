import { ORDER_CURRENCIES } from './constants';

/**
 * Money in quotations and orders is an integer count of the currency's minor unit (cents; yen
 * for JPY, which has none), never a float: 12.34 USD is 1234, 1234 JPY is 1234. The exponent
 * of each of the 26 order currencies (spec section 9) follows ISO 4217; both the server and
 * the two web apps format amounts with these helpers, so they agree to the last digit.
 */
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number];

export const CURRENCY_MINOR_UNITS: Record<OrderCurrency, number> = {
  AUD: 2,
  CAD: 2,
  GBP: 2,
  HKD: 2,
  JPY: 0,
  SGD: 2,
  USD: 2,
  CNH: 2,
  EUR: 2,
  PLN: 2,
  AED: 2,
  CHF: 2,
  CZK: 2,
  DKK: 2,
  NZD: 2,
  HUF: 2,
  ILS: 2,
  MXN: 2,
  NOK: 2,
  SAR: 2,
  SEK: 2,
  TRY: 2,
  RON: 2,
  ZAR: 2,
  THB: 2,
  MYR: 2,
};

export const isOrderCurrency = (code: string): code is OrderCurrency =>
  (ORDER_CURRENCIES as readonly string[]).includes(code);

/** Digits after the decimal point of a currency (2 for an unknown code). */
export const minorUnitsOf = (currency: string): number =>
  isOrderCurrency(currency) ? CURRENCY_MINOR_UNITS[currency] : 2;

/**
 * A decimal amount (a catalogue price, a number typed in a form) in minor units, rounded half
 * away from zero at the currency's precision. Works on the decimal text, not by multiplying a
 * float, so 1.005 USD is 101, not 100.
 */
export function toMinor(amount: number | string, currency: string): number {
  const exp = minorUnitsOf(currency);
  const text = typeof amount === 'number' ? amount.toFixed(Math.min(20, exp + 6)) : amount.trim();
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`Not an amount: ${String(amount)}`);
  const whole = m[2] || '0';
  const frac = (m[3] ?? '').padEnd(exp + 1, '0');
  let minor = Number(whole) * 10 ** exp + Number(frac.slice(0, exp) || '0');
  if (Number(frac[exp]) >= 5) minor += 1;
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount out of range: ${String(amount)}`);
  return m[1] && minor !== 0 ? -minor : minor;
}

/** Minor units as a plain decimal string with the currency's digits: 1234 USD → '12.34', 1234 JPY → '1234'. */
export function minorToDecimal(minor: number, currency: string): string {
  const exp = minorUnitsOf(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exp + 1, '0');
  return exp === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exp)}.${digits.slice(-exp)}`;
}

/** Minor units formatted for a locale, with the currency's own digits (Intl, no float rounding surprises). */
export function formatMinor(minor: number, currency: string, locale = 'en-US'): string {
  const exp = minorUnitsOf(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency === 'CNH' ? 'CNY' : currency,
    minimumFractionDigits: exp,
    maximumFractionDigits: exp,
  })
    .format(minor / 10 ** exp)
    .replace(currency === 'CNH' ? /CN¥|¥|CNY/ : /$^/, 'CNH ');
}

/**
 * The deposit of an amount at a percentage (0..100), rounded half up to the minor unit; the
 * balance is the rest, so deposit + balance is always exactly the amount.
 */
export function splitDeposit(amountMinor: number, percent: number): { deposit: number; balance: number } {
  const deposit = Math.floor((amountMinor * percent + 50) / 100);
  return { deposit, balance: amountMinor - deposit };
}

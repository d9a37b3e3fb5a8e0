// Intl.NumberFormat takes a millisecond to build: one per locale and number of decimals, reused.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, decimals: number | null): Intl.NumberFormat {
  const key = `${locale}/${decimals}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      locale,
      decimals === null ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
    );
    formats.set(key, f);
  }
  return f;
}

/**
 * An amount of minor units as the locale writes it, with its currency code: 123450 USD (exponent 2)
 * → "USD 1,234.50"; 123450 JPY (exponent 0) → "JPY 123,450". Computed on integers and handed to
 * Intl as an exact decimal string, so no amount ever passes through a float.
 */
export function formatMoney(
  minor: number,
  currency: { code: string; exponent: number },
  locale: string,
): string {
  return `${currency.code} ${formatMinor(minor, currency.exponent, locale)}`;
}

export function formatMinor(minor: number, exponent: number, locale: string): string {
  const units = BigInt(Math.abs(minor));
  const base = 10n ** BigInt(exponent);
  const whole = units / base;
  const decimal =
    exponent === 0 ? `${whole}` : `${whole}.${(units % base).toString().padStart(exponent, '0')}`;
  const format = numberFormat(locale, exponent).format as (value: string) => string;
  return format(`${minor < 0 ? '-' : ''}${decimal}`);
}

/** A count (quantity, boxes) as the locale writes it. */
export const formatCount = (value: number, locale: string) => numberFormat(locale, null).format(value);

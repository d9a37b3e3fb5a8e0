/**
 * Amounts are integer minor units (cents; JPY has none) on the wire and in the database. Staff
 * type major units ("12.5"), so the conversion is done on the digits as text: a float never
 * stands between what was typed and what is stored (0.1 + 0.2 is not 0.3; 12.34 * 100 is
 * 1233.9999999999998).
 */

export type MoneyInput =
  { ok: true; minor: number } | { ok: false; reason: 'empty' | 'invalid' | 'decimals' | 'tooLarge' };

/** Typed major units → minor units with `exponent` decimals; a comma as the decimal mark is taken too. */
export function parseMajor(text: string, exponent: number): MoneyInput {
  const clean = text.trim().replace(/[\s\u00a0_]/g, '');
  if (clean === '') return { ok: false, reason: 'empty' };
  // "1,234.56" (thousands with commas) or "12,5" (a decimal comma): a comma is a decimal mark only
  // when there is no dot and it is followed by at most `exponent` digits at the end.
  const normal =
    !clean.includes('.') && /^\d+,\d{1,2}$/.test(clean) && exponent > 0
      ? clean.replace(',', '.')
      : clean.replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(normal);
  if (!match) return { ok: false, reason: 'invalid' };
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return { ok: false, reason: 'decimals' };
  const minorText = `${whole}${fraction.padEnd(exponent, '0')}`.replace(/^0+(?=\d)/, '');
  const minor = Number(minorText);
  if (!Number.isSafeInteger(minor)) return { ok: false, reason: 'tooLarge' };
  return { ok: true, minor };
}

/** Minor units → the major units an input shows ("12.50" for 1250 USD, "1250" for 1250 JPY). */
export function minorToMajorText(minor: number, exponent: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, '0');
  const whole = exponent > 0 ? digits.slice(0, -exponent) : digits;
  const fraction = exponent > 0 ? `.${digits.slice(-exponent)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** unit price × quantity in minor units; integers stay exact up to 2^53. */
export const lineTotalMinor = (unitMinor: number, quantity: number): number => unitMinor * quantity;

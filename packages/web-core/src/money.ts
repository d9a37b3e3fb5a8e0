import { minorToDecimal } from '@vitrine/contract';
import type { Format, LocaleOption } from './format';

/**
 * An amount of a quotation or order, kept in integer minor units (cents; yen for JPY, which has
 * none), in the user's language: formatMinorMoney(format, 1234, 'USD') → '$12.34' (en),
 * formatMinorMoney(format, 1234, 'JPY') → '¥1,234'. The decimal text comes from the contract's
 * minorToDecimal with the currency's own exponent, so no float arithmetic touches the amount
 * before Intl writes it. Apart from createFormat, so the first page a buyer loads, which never
 * shows an order, does not carry it.
 */
export function formatMinorMoney(
  format: Pick<Format, 'formatMoney'>,
  minor: number,
  currency: string,
  options: LocaleOption = {},
): string {
  return format.formatMoney(minorToDecimal(minor, currency), currency, options);
}

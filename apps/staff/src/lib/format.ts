import { formatMinor } from '@vitrine/contract';
import { createFormat } from '@vitrine/web-core';
import { contractLanguage, currentLanguage } from './i18n';

/** web-core's formatting, in the console's language; '—' where there is no value. */
const format = createFormat(() => contractLanguage(currentLanguage()));

export function formatDateTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : format.formatDate(ms, { withTime: true });
}

export function formatDate(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : format.formatDate(ms);
}

export const formatNumber = (value: number, digits = 0): string =>
  format.formatNumber(value, { maximumFractionDigits: digits });

export const formatMoney = (value: number | null, currency: string): string =>
  value === null ? '—' : format.formatMoney(value, currency);

/** A date input's value (yyyy-mm-dd, local time) as epoch ms at its start, or undefined. */
export function dayStart(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
}

/** The start of the day after, for an inclusive "to" date. */
export function dayEnd(value: string): number | undefined {
  const start = dayStart(value);
  return start === undefined ? undefined : start + 86_400_000;
}

/** A currency's name in the console's language, from the browser's own data ("US Dollar", "美元"). */
export function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames([format.localeOf()], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** An amount in integer minor units of its currency (1234 USD → "$12.34", 1234 JPY → "¥1,234"). */
export const formatAmount = (minor: number, currency: string): string =>
  formatMinor(minor, currency, format.localeOf());

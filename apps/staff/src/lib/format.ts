import { currentLanguage } from './i18n';

const locale = () => (currentLanguage() === 'zh' ? 'zh-CN' : 'en-GB');

export function formatDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

export function formatDate(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(ms);
}

export function formatNumber(value: number, digits = 0): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: digits }).format(value);
}

export function formatMoney(value: number | null, currency: string): string {
  if (value === null) return '—';
  try {
    return new Intl.NumberFormat(locale(), { style: 'currency', currency }).format(value);
  } catch {
    return `${currency} ${formatNumber(value, 2)}`;
  }
}

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

import { NEWS_CATEGORIES } from '@vitrine/contract';
import { localeOf } from '../../../lib/format';

export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** News items per page of the list. */
export const NEWS_PAGE_SIZE = 10;

/** The category a URL asks for (?category=1..4); undefined for all news or anything else. */
export function categoryFrom(value: string | null): NewsCategory | undefined {
  const n = Number(value);
  return (NEWS_CATEGORIES as readonly number[]).includes(n) ? (n as NewsCategory) : undefined;
}

/** A 1-based page number from the URL; 1 for anything else. */
export function pageFrom(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

export const CATEGORY_LABELS = {
  1: 'web.news.category.1',
  2: 'web.news.category.2',
  3: 'web.news.category.3',
  4: 'web.news.category.4',
} as const satisfies Record<NewsCategory, string>;

/**
 * The calendar chip of a news item, from the server's month ('2026-11') and day ('05'): the
 * month's short name in the buyer's language, the day, the year, and an ISO date for <time>.
 */
export function calendarOf(
  month: string,
  day: string,
): { month: string; day: string; year: string; iso: string; date: Date | null } {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const d = Number(day);
  if (!m || !Number.isInteger(d) || d < 1 || d > 31) return { month, day, year: '', iso: '', date: null };
  const [, year = '', mm = ''] = m;
  const date = new Date(Date.UTC(Number(year), Number(mm) - 1, d));
  const short = new Intl.DateTimeFormat(localeOf(), { month: 'short', timeZone: 'UTC' }).format(date);
  return {
    month: short.replace(/\.$/, ''),
    day: String(d),
    year,
    iso: `${year}-${mm}-${String(d).padStart(2, '0')}`,
    // The same calendar day in local time, for formatDate.
    date: new Date(Number(year), Number(mm) - 1, d),
  };
}

import type { Language } from '@vitrine/contract';
import { CUFT_PER_CBM } from '@vitrine/contract';
import { currencyCode, intlLocale } from './intl';

/**
 * Dates, numbers, money and volumes in the user's language (the locale tag of LANGUAGES[]).
 * Two choices for trade documents: the Gregorian calendar everywhere (Thai would otherwise show
 * Buddhist years, Saudi Arabic possibly Hijri dates) and Western digits everywhere (Arabic would
 * otherwise mix Arabic-Indic digits with the Latin product numbers and codes around them).
 * Separators, month names and word order still follow the language.
 */

export interface LocaleOption {
  /** The language to format for; defaults to the app's current one (createFormat). */
  lang?: Language;
}

// Intl formatters are costly to build and product lists format hundreds of values: keep them.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function kept<F>(formats: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = make();
    formats.set(key, f);
  }
  return f;
}

const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  kept(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));

export type NumberLike = number | string | null | undefined;

/** A number from a number or a numeric string ('12.50'); null when there is none. */
function toNumber(value: NumberLike): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export interface NumberOptions extends LocaleOption {
  /** Defaults to 0. */
  minimumFractionDigits?: number;
  /** Defaults to 3 (or minimumFractionDigits when that is larger). */
  maximumFractionDigits?: number;
}

export { CUFT_PER_CBM } from '@vitrine/contract';

export const cbmToCuft = (cbm: number): number => cbm * CUFT_PER_CBM;

export type VolumeUnit = 'cbm' | 'cuft';

export interface VolumeOptions extends LocaleOption {
  /** Decimals shown; defaults to 3 for cbm and 2 for cuft. */
  digits?: number;
}

export type DateLike = Date | number | string | null | undefined;

/**
 * A Date from a Date, epoch milliseconds (or seconds, below 10^11), or a date string
 * ('2024-03-05', '2024-03-05 14:30:00' as the server writes them, or ISO 8601).
 */
function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let d: Date;
  if (value instanceof Date) d = value;
  else if (typeof value === 'number') d = new Date(Math.abs(value) < 1e11 ? value * 1000 : value);
  else {
    const text = value.trim();
    if (/^\d+$/.test(text)) return toDate(Number(text));
    // Date-only and 'YYYY-MM-DD HH:mm:ss' strings mean local time, not UTC.
    const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
    if (local) {
      const [, y, mo, da, h = '0', mi = '0', s = '0'] = local;
      d = new Date(Number(y), Number(mo) - 1, Number(da), Number(h), Number(mi), Number(s));
    } else d = new Date(text);
  }
  return Number.isNaN(d.getTime()) ? null : d;
}

export interface DateOptions extends LocaleOption {
  /** Adds hours and minutes. */
  withTime?: boolean;
  /** 'medium' (Mar 5, 2024; default), 'short' (3/5/24) or 'long' (March 5, 2024). */
  style?: 'short' | 'medium' | 'long';
}

/** The formatters of an app, in the language it shows unless a call names another. */
export interface Format {
  /** The Intl locale of a language (the current one by default), with the Gregorian calendar and Western digits. */
  localeOf(lang?: Language): string;
  /** 1234.5 → '1,234.5' (en), '1.234,5' (de); '' for no value, the text itself when it is not a number. */
  formatNumber(value: NumberLike, options?: NumberOptions): string;
  /**
   * An amount in a currency: formatMoney(1234.5, 'USD') → '$1,234.50' (en), '1.234,50 $' (de).
   * A currency that is not a 3-letter code (e.g. a stored '$') is written before the number.
   */
  formatMoney(amount: NumberLike, currency: string, options?: LocaleOption): string;
  /** A carton volume with its unit: formatVolume(0.1256, 'cbm') → '0.126 cbm'; '' for no value. */
  formatVolume(value: NumberLike, unit: VolumeUnit, options?: VolumeOptions): string;
  /** A date in the user's language; '' for none, the text itself when it is not a date. */
  formatDate(value: DateLike, options?: DateOptions): string;
}

/** The formatters of an app whose current language `currentLanguage` reads, at each call. */
export function createFormat(currentLanguage: () => Language): Format {
  const languageOf = (lang?: Language): Language => lang ?? currentLanguage();
  const localeOf = (lang?: Language): string => intlLocale(languageOf(lang));

  function formatNumber(value: NumberLike, options: NumberOptions = {}): string {
    const n = toNumber(value);
    if (n === null) return typeof value === 'string' ? value : '';
    const min = options.minimumFractionDigits ?? 0;
    const max = Math.max(options.maximumFractionDigits ?? 3, min);
    return numberFormat(localeOf(options.lang), {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    }).format(n);
  }

  function formatMoney(amount: NumberLike, currency: string, options: LocaleOption = {}): string {
    const n = toNumber(amount);
    if (n === null) return typeof amount === 'string' ? amount : '';
    const code = currencyCode(currency);
    const locale = localeOf(options.lang);
    if (code) {
      try {
        const format = numberFormat(locale, { style: 'currency', currency: code });
        if (!languageOf(options.lang).rtl) return format.format(n);
        // Arabic writes '5.24 US$'; in right-to-left text the '$' would then drift to the far side
        // of 'US' ('$US 5.24' on screen). A left-to-right isolate keeps the symbol in one piece.
        return format
          .formatToParts(n)
          .map((part) => (part.type === 'currency' ? `\u2066${part.value}\u2069` : part.value))
          .join('');
      } catch {
        // Fall through to the plain form.
      }
    }
    const plain = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    return currency.trim() ? `${currency.trim()} ${plain}` : plain;
  }

  function formatVolume(value: NumberLike, unit: VolumeUnit, options: VolumeOptions = {}): string {
    const n = toNumber(value);
    if (n === null) return '';
    const digits = options.digits ?? (unit === 'cbm' ? 3 : 2);
    const number = formatNumber(n, {
      lang: options.lang,
      minimumFractionDigits: 0,
      maximumFractionDigits: digits,
    });
    return `${number} ${unit}`;
  }

  function formatDate(value: DateLike, options: DateOptions = {}): string {
    const d = toDate(value);
    if (!d) return typeof value === 'string' ? value : '';
    const style = options.style ?? 'medium';
    return dateFormat(localeOf(options.lang), {
      dateStyle: style,
      ...(options.withTime ? { timeStyle: 'short' } : {}),
    }).format(d);
  }

  return { localeOf, formatNumber, formatMoney, formatVolume, formatDate };
}

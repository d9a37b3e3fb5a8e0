import { TRADE_TERMS } from './constants';

/**
 * Domain rules the server and the browser both apply, kept here so they cannot drift.
 */

/** The expiry signals of a product, as sync_toy answers them (spec section 4). */
export interface ExpirySignals {
  removed_time: number | null;
  stop_time: number | null;
  is_set_hide: number;
  is_website_hide: number;
}

/**
 * Whether a product counts as expired for a website of the given toy_type (spec section 4):
 * type 1 when removed_time or stop_time is set; type 2 when is_set_hide or removed_time is set;
 * type 3 when removed_time is not the zero date or is_website_hide is set. A missing time (null)
 * and the zero date (0) both mean "not set".
 */
export function isExpired(p: ExpirySignals, toyType: number): boolean {
  const removed = !!p.removed_time;
  switch (toyType) {
    case 1:
      return removed || !!p.stop_time;
    case 2:
      return removed || !!p.is_set_hide;
    case 3:
      return removed || !!p.is_website_hide;
    default:
      return removed;
  }
}

/** Cubic feet in one cubic metre. */
export const CUFT_PER_CBM = 35.3147;

/** Carton volume from its length, width and height in cm: cubic metres and cubic feet. */
export function cartonVolume(
  lengthCm: number,
  widthCm: number,
  heightCm: number,
): { cbm: number; cuft: number } {
  const cbm = (lengthCm * widthCm * heightCm) / 1_000_000;
  return { cbm: Math.round(cbm * 10_000) / 10_000, cuft: Math.round(cbm * CUFT_PER_CBM * 100) / 100 };
}

/** The product number a website shows: number_type 1 toy number, 2 hidden, 3 article number, otherwise the id. */
export function displayedNumber(
  p: { id: number; toy_number: string; article_number: string },
  numberType: number,
): string | null {
  switch (numberType) {
    case 1:
      return p.toy_number || String(p.id);
    case 2:
      return null;
    case 3:
      return p.article_number || String(p.id);
    default:
      return String(p.id);
  }
}

/** What a website's settings say about money: whether prices show, the currency, the trade term. */
export function siteMoney(site: { show_price: number; money_unit: string; trade_terms: number }) {
  return {
    show_price: site.show_price,
    money_unit: site.money_unit,
    trade_term: TRADE_TERMS[site.trade_terms as keyof typeof TRADE_TERMS] ?? '',
  };
}

/** The i18n keys (under `cart.`) of what is wrong with a sample submission form. */
export type SampleFormProblem =
  'companyNameRequired' | 'contactRequired' | 'emailRequired' | 'emailInvalid' | 'contactWayRequired';

/** A pragmatic address check: one @, a dot in the domain, no spaces (the server sends no mail). */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const isValidEmail = (email: string): boolean => EMAIL.test(email.trim());

/**
 * The rules of spec section 5 for a sample submission, field by field, in the order the form
 * shows them: company name, contact, email (required and valid), and at least one way to be
 * contacted (an email or a phone number).
 */
export function checkSampleForm(form: {
  company_name: string;
  contact: string;
  email: string;
  phone?: string | undefined;
}): { field: 'company_name' | 'contact' | 'email' | 'phone'; problem: SampleFormProblem }[] {
  const problems: { field: 'company_name' | 'contact' | 'email' | 'phone'; problem: SampleFormProblem }[] =
    [];
  if (!form.company_name.trim()) problems.push({ field: 'company_name', problem: 'companyNameRequired' });
  if (!form.contact.trim()) problems.push({ field: 'contact', problem: 'contactRequired' });
  const email = form.email.trim();
  if (!email) problems.push({ field: 'email', problem: 'emailRequired' });
  else if (!isValidEmail(email)) problems.push({ field: 'email', problem: 'emailInvalid' });
  if (!email && !form.phone?.trim()) problems.push({ field: 'phone', problem: 'contactWayRequired' });
  return problems;
}

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

/** Carton volume from its length, width and height in cm: cubic metres and cubic feet. */
export function cartonVolume(
  lengthCm: number,
  widthCm: number,
  heightCm: number,
): { cbm: number; cuft: number } {
  const cbm = (lengthCm * widthCm * heightCm) / 1_000_000;
  return { cbm: Math.round(cbm * 10_000) / 10_000, cuft: Math.round(cbm * 35.3147 * 100) / 100 };
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

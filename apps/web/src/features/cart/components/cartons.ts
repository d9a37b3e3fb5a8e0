import { LIMITS } from '@vitrine/contract';

/** What is wrong with a typed number of cartons, as a message key; null when it can be saved. */
export type CartonsProblem = 'ctnRequired' | 'ctnWhole' | 'ctnMin' | 'ctnMax';

export const MAX_CARTONS = LIMITS.CART_MAX_CTN;

/**
 * Reads a cartons field as typed (Mantine's NumberInput hands a number, or the text while it is
 * not one yet). Nothing typed is changed behind the buyer's back (issue 21, item 4): 0, −3 and
 * 2.5 are refused with a message, not turned into 1, 3 and 2.
 */
export function readCartons(value: string | number): { ctn: number } | { problem: CartonsProblem } {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '' || text === '-') return { problem: 'ctnRequired' };
  const n = Number(text);
  if (!Number.isFinite(n)) return { problem: 'ctnWhole' };
  if (n < 1) return { problem: 'ctnMin' };
  if (!Number.isInteger(n)) return { problem: 'ctnWhole' };
  if (n > MAX_CARTONS) return { problem: 'ctnMax' };
  return { ctn: n };
}

/** One step of the ▲/▼ buttons, kept within the bounds. */
export const stepCartons = (ctn: number, by: 1 | -1): number => Math.min(MAX_CARTONS, Math.max(1, ctn + by));

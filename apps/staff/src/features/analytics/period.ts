/**
 * The analytics' period: whole days in the browser's time zone, both ends included, sent with
 * the browser's offset so the server cuts days at the staff's midnight (decision 0058).
 */
export const PRESETS = ['last7', 'last30', 'last90', 'last365'] as const;
export type Preset = (typeof PRESETS)[number];
const PRESET_DAYS: Record<Preset, number> = { last7: 7, last30: 30, last90: 90, last365: 365 };

/** The longest period the server answers (ANALYTICS_LIMITS.MAX_DAYS). */
export const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');
/** A local day as YYYY-MM-DD. */
export const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The preset's days ending today. */
export function presetPeriod(preset: Preset, today = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (PRESET_DAYS[preset] - 1));
  return { from: isoDay(from), to: isoDay(today) };
}

/** The days a period spans, or null when it is not one the server takes. */
export function periodDays(from: string, to: string): number | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return null;
  const days = Math.round((b - a) / DAY_MS) + 1;
  return days > MAX_DAYS ? null : days;
}

/** Minutes east of UTC (UTC+8: 480), as the server wants it (getTimezoneOffset counts the other way). */
export const utcOffset = (at = new Date()) => -at.getTimezoneOffset();

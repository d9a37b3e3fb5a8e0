import type { LangKey } from '@vitrine/contract';
import type en from '../locales/en.json';

/** The shape of a locale file; English is the source every other locale must match. */
export type Messages = typeof en;

/** Top-level groups only the server shows (the tips of its answers); the web build leaves them out. */
export const SERVER_ONLY_GROUPS = ['api', 'validation', 'auth', 'access'] as const;

/**
 * Groups of `web` that only pages opened later show (the cart, the sample records, the company's
 * pages, the showroom and its booths, the login link's question): the buyer's build puts them
 * in a second chunk per language, loaded with those pages, so a first load does not download
 * them (apps/web vite.config.ts, lib/i18n.ts, decision 0054).
 */
export const LATE_WEB_GROUPS = ['cart', 'records', 'company', 'showroom', 'loginLink', 'linesheet'] as const;

/** The messages the browser gets: a locale file without the server-only groups. */
export type WebMessages = Omit<Messages, (typeof SERVER_ONLY_GROUPS)[number]>;

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = T extends string
  ? never
  : { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];
/** Every dotted key of a message, e.g. 'auth.wrongPassword'. */
export type MessageKey = Paths<Messages>;

export type Vars = Record<string, string | number>;

/** Looks a dotted key up in a messages tree; undefined when absent. */
export function lookup(messages: unknown, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Replaces {{name}} placeholders; unknown placeholders stay visible rather than vanish. */
export function interpolate(template: string, vars: Vars = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** Every placeholder name a message uses, for checking translations. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

/** Every dotted key of a messages tree. */
export function keysOf(messages: unknown, prefix = ''): string[] {
  if (messages === null || typeof messages !== 'object') return [];
  return Object.entries(messages).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`),
  );
}

/** Loads one locale on demand, so the browser downloads only the language in use. */
export function loadMessages(lang: LangKey): Promise<Messages> {
  return import(`../locales/${lang}.json`).then((m: { default: Messages }) => m.default);
}

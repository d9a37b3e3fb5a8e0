import { type CartLineInput, LIMITS } from '@vitrine/contract';
import { useSyncExternalStore } from 'react';

/**
 * A visitor's sample cart (login_type 0) lives in this browser, one per website, so it survives
 * reloads (spec section 6).
 */
export interface LocalLine extends CartLineInput {
  /** When the line was added (newest first on screen). */
  at: number;
}

const cartKey = (siteId: number) => `vitrine.cart.${siteId}`;

const listeners = new Set<() => void>();
const cache = new Map<number, { raw: string | null; lines: readonly LocalLine[] }>();
const EMPTY: readonly LocalLine[] = Object.freeze([]);

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the cart lasts as long as the page.
  }
}

const isLine = (v: unknown): v is LocalLine => {
  const l = v as LocalLine;
  return (
    typeof l === 'object' &&
    l !== null &&
    Number.isSafeInteger(l.id) &&
    l.id > 0 &&
    Number.isSafeInteger(l.ctn) &&
    l.ctn > 0 &&
    typeof l.at === 'number'
  );
};

/** Lines kept in memory too, for browsers that refuse storage. */
const memory = new Map<number, readonly LocalLine[]>();

export function readLocalCart(siteId: number): readonly LocalLine[] {
  const raw = read(cartKey(siteId));
  const hit = cache.get(siteId);
  if (hit && hit.raw === raw) return hit.lines;
  let lines: readonly LocalLine[] = memory.get(siteId) ?? EMPTY;
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      lines = Array.isArray(parsed)
        ? Object.freeze(parsed.filter(isLine).slice(0, LIMITS.CART_MAX_LINES))
        : EMPTY;
    } catch {
      lines = EMPTY;
    }
  }
  cache.set(siteId, { raw, lines });
  return lines;
}

export function writeLocalCart(siteId: number, lines: readonly LocalLine[]): void {
  const frozen = Object.freeze([...lines]);
  memory.set(siteId, frozen);
  write(cartKey(siteId), frozen.length ? JSON.stringify(frozen) : null);
  cache.delete(siteId);
  listeners.forEach((l) => l());
}

export function subscribeLocalCart(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('vitrine.cart.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor cart of a website; re-renders when it changes (here or in another tab). */
export function useLocalCart(siteId: number | null): readonly LocalLine[] {
  return useSyncExternalStore(
    subscribeLocalCart,
    () => (siteId === null ? EMPTY : readLocalCart(siteId)),
    () => EMPTY,
  );
}

/** 32 random hex characters (a submission's idempotency key). */
export function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

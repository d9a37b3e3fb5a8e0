import type { CallResponse } from '@vitrine/contract';
import { useEffect, useState } from 'react';
import { callApi } from '../../lib/api-client';

export type ContactsData = CallResponse<'contact_us'>;

export type ContactsState =
  { status: 'off' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: ContactsData };

/**
 * The company's contact records (contact_us), one fetch per website and language: the answer
 * is kept for the page's life, and a request in flight is shared (StrictMode, two footers).
 * A failure is not kept, so the next mount tries again.
 */
const cache = new Map<string, ContactsData>();
const inflight = new Map<string, Promise<ContactsData>>();

function load(key: string): Promise<ContactsData> {
  let p = inflight.get(key);
  if (!p) {
    p = callApi('contact_us', {}).then(
      (data) => {
        cache.set(key, data);
        inflight.delete(key);
        return data;
      },
      (e: unknown) => {
        inflight.delete(key);
        throw e;
      },
    );
    inflight.set(key, p);
  }
  return p;
}

/** Forgets the cached contacts (tests; a website whose contacts changed). */
export function clearContactsCache(): void {
  cache.clear();
  inflight.clear();
}

/** The contacts of website `siteId` in language `langKey`, fetched only while `enabled`. */
export function useContacts(siteId: number, langKey: string, enabled: boolean): ContactsState {
  const key = `${siteId}:${langKey}`;
  const [settled, setSettled] = useState<{ key: string; failed: boolean } | null>(null);

  useEffect(() => {
    if (!enabled || cache.has(key)) return;
    let live = true;
    load(key).then(
      () => live && setSettled({ key, failed: false }),
      () => live && setSettled({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, enabled]);

  if (!enabled) return { status: 'off' };
  const data = cache.get(key);
  if (data) return { status: 'ready', data };
  if (settled?.key === key && settled.failed) return { status: 'failed' };
  return { status: 'loading' };
}

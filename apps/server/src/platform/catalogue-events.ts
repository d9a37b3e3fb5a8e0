import type { Bus } from './bus';

/**
 * 'A company's catalogue changed', told on the bus by the instance where staff changed it, so
 * that every other instance drops what it holds in memory in front of buyers' lists (the
 * catalogue's totals and keyword filters) at once rather than when it runs out (decision 0076).
 * The instance that tells it has dropped its own already and ignores its own message.
 */
export const CATALOGUE_CHANGED_TOPIC = 'catalogue.changed';

export interface CatalogueChanged {
  companyId: number;
  /** The instance that told it. */
  from: string;
}

export function isCatalogueChanged(payload: unknown): payload is CatalogueChanged {
  const p = payload as Partial<CatalogueChanged> | null;
  return !!p && typeof p.companyId === 'number' && typeof p.from === 'string';
}

/**
 * Tells the other instances on the bus of each change, and calls `forget` for theirs; resolves
 * once listening, with a function that stops. Telling must not fail the call that changed.
 */
export async function shareCatalogueChanges(
  bus: Bus,
  instance: string,
  forget: (companyId: number) => void,
  onError: (err: unknown) => void,
): Promise<{ tell(companyId: number): void; stop(): Promise<void> }> {
  const stop = await bus.subscribe(CATALOGUE_CHANGED_TOPIC, (payload) => {
    if (isCatalogueChanged(payload) && payload.from !== instance) forget(payload.companyId);
  });
  return {
    tell(companyId) {
      bus.publish(CATALOGUE_CHANGED_TOPIC, { companyId, from: instance }).catch(onError);
    },
    stop,
  };
}

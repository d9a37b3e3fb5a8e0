/**
 * "The session ended" as an event, so modules holding session data (the query cache, later the
 * chat connection) clear themselves without the app shell importing them up front.
 */
const listeners = new Set<() => void>();

export function onSessionEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function sessionEnded(): void {
  for (const listener of listeners) listener();
}

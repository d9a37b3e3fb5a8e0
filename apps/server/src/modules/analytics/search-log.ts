import type { Insertable, Kysely } from 'kysely';
import type { Database, SearchLogsTable } from '../../db/database';
import type { Clock } from '../../platform/clock';
import type { SearchEvent } from '../../platform/search-events';

export interface SearchLogOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Entries wait at most this long before they are written (default 2 s). */
  flushEveryMs?: number;
  /** A batch this large is written at once (default 200). */
  batchSize?: number;
  /** Entries kept while the database does not take them; beyond, new ones are dropped and counted. */
  maxPending?: number;
  /** The same session searching the same thing again within this window is one search (default 60 s). */
  repeatWindowMs?: number;
  onError: (err: unknown, dropped: number) => void;
}

/** Longest keyword kept: a search box's worth; longer text is someone pasting, cut to this. */
export const MAX_QUERY_CHARS = 200;
const REPEAT_KEYS_MAX = 5000;

/** The keyword as grouped: NFKC, lower case, single spaces, at most MAX_QUERY_CHARS. */
export const normaliseQuery = (q: string): string =>
  q.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);

/**
 * Buyers' searches are written off the request: `record` only pushes to memory and returns; a
 * timer (or a full batch) writes them in one multi-row INSERT. A search's answer never waits for
 * its log, and a slow or failing database costs searches nothing (entries beyond maxPending are
 * dropped and said in the log). Paging through one result, changing its sort, or a reload
 * searches again with the same words: within repeatWindowMs these count once per session.
 */
export function createSearchLog({
  db,
  clock,
  flushEveryMs = 2000,
  batchSize = 200,
  maxPending = 10_000,
  repeatWindowMs = 60_000,
  onError,
}: SearchLogOptions) {
  let pending: Insertable<SearchLogsTable>[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;
  const recent = new Map<string, number>();

  function isRepeat(e: SearchEvent, query: string, now: number): boolean {
    const key = `${e.companyId}:${e.sessionId}:${e.kind}:${e.kind === 'image' ? (e.photo ?? '') : query}`;
    const last = recent.get(key);
    recent.delete(key);
    recent.set(key, now);
    // Bounded memory: past the cap, the keys out of the window go, then the oldest set.
    if (recent.size > REPEAT_KEYS_MAX) {
      for (const [k, at] of recent) if (now - at >= repeatWindowMs) recent.delete(k);
      for (const k of recent.keys()) {
        if (recent.size <= REPEAT_KEYS_MAX * 0.8) break;
        recent.delete(k);
      }
    }
    return last !== undefined && now - last < repeatWindowMs && (e.kind === 'text' || !!e.photo);
  }

  async function write(rows: typeof pending): Promise<void> {
    for (let i = 0; i < rows.length; i += batchSize) {
      const batch = rows.slice(i, i + batchSize);
      try {
        await db.insertInto('search_logs').values(batch).execute();
      } catch (err) {
        onError(err, batch.length);
      }
    }
  }

  /** Writes what is waiting; resolves when it (and any write before it) is in the database. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = pending;
    pending = [];
    writing = writing.then(() => (rows.length ? write(rows) : undefined));
    return writing;
  }

  return {
    /** Keeps a search for the next batch; never throws, never waits. */
    record(e: SearchEvent): void {
      const now = clock.now();
      const query = e.kind === 'text' ? normaliseQuery(e.query) : '';
      if (isRepeat(e, query, now)) return;
      if (pending.length >= maxPending) {
        if (dropped++ === 0) onError(new Error('search log backlog full'), 1);
        return;
      }
      dropped = 0;
      pending.push({
        company_id: e.companyId,
        website_id: e.websiteId,
        session_id: e.sessionId,
        customer_id: e.customerId,
        kind: e.kind,
        query,
        results: e.results,
        found: e.found ? 1 : 0,
        created_at: now,
      });
      if (pending.length >= batchSize) void flush();
      else if (!timer && flushEveryMs > 0) {
        timer = setTimeout(() => void flush(), flushEveryMs);
        timer.unref();
      }
    },
    flush,
    /** How many wait in memory (tests, /metrics). */
    get pending() {
      return pending.length;
    },
  };
}

export type SearchLog = ReturnType<typeof createSearchLog>;

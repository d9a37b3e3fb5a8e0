import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import type { SearchEvent } from '../../platform/search-events';
import { createSearchLog, normaliseQuery } from './search-log';

describe('the search log', () => {
  let t: TestApp;
  let site: { companyId: number; websiteId: number };
  beforeAll(async () => {
    t = await createTestApp();
    const w = await t.db.selectFrom('websites').select(['id', 'company_id']).executeTakeFirstOrThrow();
    site = { companyId: w.company_id, websiteId: w.id };
  });
  afterAll(() => t.close());

  const search = (sessionId: number, query: string, extra: Partial<SearchEvent> = {}): SearchEvent => ({
    ...site,
    sessionId,
    customerId: null,
    kind: 'text',
    query,
    results: 0,
    found: false,
    ...extra,
  });
  const rows = () =>
    t.db.selectFrom('search_logs').select(['session_id', 'kind', 'query']).orderBy('id').execute();

  it('answers at once and writes nothing until a batch is full or flushed', async () => {
    const log = createSearchLog({
      db: t.db,
      clock: t.clock,
      flushEveryMs: 0,
      batchSize: 3,
      onError: () => {},
    });
    log.record(search(1, 'Teddy  BEAR'));
    log.record(search(2, 'kite'));
    expect(log.pending).toBe(2);
    expect(await rows()).toEqual([]);
    log.record(search(3, 'yo-yo'));
    await log.flush();
    expect(await rows()).toEqual([
      { session_id: 1, kind: 'text', query: 'teddy bear' },
      { session_id: 2, kind: 'text', query: 'kite' },
      { session_id: 3, kind: 'text', query: 'yo-yo' },
    ]);
    await t.db.deleteFrom('search_logs').execute();
  });

  it('counts the same words from one session once a minute, and each new photo', async () => {
    const log = createSearchLog({ db: t.db, clock: t.clock, flushEveryMs: 0, onError: () => {} });
    log.record(search(1, 'kite'));
    log.record(search(1, ' KITE '));
    log.record(search(2, 'kite'));
    log.record(search(1, '', { kind: 'image', photo: '/files/a.png' }));
    log.record(search(1, '', { kind: 'image', photo: '/files/a.png' }));
    log.record(search(1, '', { kind: 'image', photo: '/files/b.png' }));
    t.clock.advance(60_000);
    log.record(search(1, 'kite'));
    await log.flush();
    expect((await rows()).map((r) => `${r.session_id}:${r.kind}:${r.query}`)).toEqual([
      '1:text:kite',
      '2:text:kite',
      '1:image:',
      '1:image:',
      '1:text:kite',
    ]);
    await t.db.deleteFrom('search_logs').execute();
  });

  it('drops what it cannot hold rather than slow searches, and says so once', async () => {
    const errors: unknown[] = [];
    const log = createSearchLog({
      db: t.db,
      clock: t.clock,
      flushEveryMs: 0,
      batchSize: 100,
      maxPending: 2,
      onError: (err) => errors.push(err),
    });
    for (const q of ['a1', 'a2', 'a3', 'a4']) log.record(search(9, q));
    expect(log.pending).toBe(2);
    expect(errors).toHaveLength(1);
    await log.flush();
    expect((await rows()).map((r) => r.query)).toEqual(['a1', 'a2']);
  });

  it('keeps a keyword as grouped: NFKC, lower case, single spaces, at most 200 characters', () => {
    expect(normaliseQuery('  Ｔｅｄｄｙ\t Bear ')).toBe('teddy bear');
    expect(normaliseQuery('x'.repeat(500))).toHaveLength(200);
  });
});

import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { testDatabaseUrl } from '../test/harness';
import { compiledQuery, openNumbers, param } from './compiled-query';
import type { DatabaseHandle } from './dialect';

type Scratch = {
  scratch: { id: number; owner: number; name: string };
};

describe(`compiled queries on ${testDatabaseUrl() ? 'PostgreSQL' : 'SQLite'}`, () => {
  let h: DatabaseHandle;
  let db: Kysely<Scratch>;
  beforeAll(async () => {
    h = await createTestDatabase(testDatabaseUrl());
    db = h.db.withTables<Scratch>();
    await db.schema
      .createTable('scratch')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('owner', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    await db
      .insertInto('scratch')
      .values([
        { id: 1, owner: 1, name: 'a' },
        { id: 2, owner: 1, name: 'b' },
        { id: 3, owner: 2, name: 'c' },
        { id: 4, owner: 2, name: 'd' },
      ])
      .execute();
  });
  afterAll(() => h.close());

  type Input = { owner: number; ids?: number[]; order: 'asc' | 'desc' };
  let builds = 0;
  const query = () =>
    compiledQuery(db, openNumbers<Input>, (q) => {
      builds++;
      let r = db.selectFrom('scratch').select(['id', 'name']).where('owner', '=', q.owner);
      if (q.ids) r = r.where('id', 'in', q.ids);
      return r.orderBy('id', q.order);
    });

  it('binds each call its own values and compiles a shape once', async () => {
    builds = 0;
    const q = query();
    expect(await q.execute({ owner: 1, order: 'asc' })).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(await q.execute({ owner: 2, order: 'asc' })).toEqual([
      { id: 3, name: 'c' },
      { id: 4, name: 'd' },
    ]);
    expect(builds).toBe(1);
  });

  it('compiles again for what shapes the SQL: kept fields and list lengths', async () => {
    builds = 0;
    const q = query();
    expect((await q.execute({ owner: 2, order: 'desc' })).map((r) => r.id)).toEqual([4, 3]);
    expect((await q.execute({ owner: 1, order: 'asc' })).map((r) => r.id)).toEqual([1, 2]);
    expect((await q.execute({ owner: 2, ids: [3], order: 'asc' })).map((r) => r.id)).toEqual([3]);
    expect((await q.execute({ owner: 2, ids: [4], order: 'asc' })).map((r) => r.id)).toEqual([4]);
    expect((await q.execute({ owner: 1, ids: [1, 2], order: 'asc' })).map((r) => r.id)).toEqual([1, 2]);
    expect(builds).toBe(4);
    expect(q.compile({ owner: 7, ids: [5, 6], order: 'asc' }).parameters).toEqual([7, 5, 6]);
  });

  it('refuses a parameter that would shape the SQL', () => {
    const q = compiledQuery(
      db,
      () => ({ limit: param((x: { limit: number }) => x.limit) }),
      (t) =>
        db
          .selectFrom('scratch')
          .select('id')
          .limit(t.limit > 10 ? 10 : 1),
    );
    expect(() => q.compile({ limit: 20 })).toThrow(/shape SQL/);
  });

  it('keeps a value the template does not open in the cache key', async () => {
    const q = compiledQuery(
      db,
      (i: { owner: number }) => i,
      (t) => db.selectFrom('scratch').select('id').where('owner', '=', t.owner).orderBy('id'),
    );
    expect((await q.execute({ owner: 1 })).map((r) => r.id)).toEqual([1, 2]);
    expect((await q.execute({ owner: 2 })).map((r) => r.id)).toEqual([3, 4]);
  });
});

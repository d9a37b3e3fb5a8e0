import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, withoutWaitingForDisk } from './dialect';

type Scratch = { scratch: { id: number; name: string } };

/** How the connection commits at this statement: 2 FULL (waits for the disk), 1 NORMAL. */
const level = async (db: Kysely<Scratch>) =>
  Number((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db)).rows[0]?.synchronous);

const createScratch = (db: Kysely<Scratch>) =>
  db.schema
    .createTable('scratch')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

describe('SQLite commits of background work (decision 0070)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-dialect-'));
  let h: DatabaseHandle;
  let db: Kysely<Scratch>;
  beforeAll(async () => {
    h = openDatabase({ sqliteFile: join(dir, 'scratch.sqlite') });
    db = h.db.withTables<Scratch>();
    await createScratch(db);
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the disk on every commit of a call', async () => {
    expect(await level(db)).toBe(2);
    expect(await db.transaction().execute((trx) => level(trx))).toBe(2);
  });

  it("commits background work's transactions and single writes without waiting for the disk", async () => {
    const seen = await withoutWaitingForDisk(async () => {
      const outside = await level(db);
      const inside = await db.transaction().execute(async (trx) => {
        await trx.insertInto('scratch').values({ id: 1, name: 'imported' }).execute();
        return level(trx);
      });
      return { outside, inside };
    });
    expect(seen).toEqual({ outside: 1, inside: 1 });
    expect(await db.selectFrom('scratch').select('name').where('id', '=', 1).executeTakeFirst()).toEqual({
      name: 'imported',
    });
  });

  it('puts the disk wait back once the background work is done, also after a rollback', async () => {
    await expect(
      withoutWaitingForDisk(() =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('scratch').values({ id: 2, name: 'refused' }).execute();
          throw new Error('the row is refused');
        }),
      ),
    ).rejects.toThrow('the row is refused');
    expect(await level(db)).toBe(2);
    expect(await db.selectFrom('scratch').select('id').where('id', '=', 2).execute()).toEqual([]);
  });

  it("still waits for the disk for a call's transaction that waited behind a background one", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const open = new Promise<void>((resolve) => (started = resolve));
    const background = withoutWaitingForDisk(() =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('scratch').values({ id: 3, name: 'background' }).execute();
        started();
        await held;
        return level(trx);
      }),
    );
    await open;
    // A buyer's call arrives while the background transaction holds the one connection.
    const call = db.transaction().execute(async (trx) => {
      await trx.insertInto('scratch').values({ id: 4, name: 'order' }).execute();
      return level(trx);
    });
    release();
    expect(await background).toBe(1);
    expect(await call).toBe(2);
    expect(await level(db)).toBe(2);
  });
});

describe('SQLite queries of background work beside calls (decision 0080)', () => {
  let h: DatabaseHandle;
  let db: Kysely<Scratch>;
  beforeAll(async () => {
    h = openDatabase({ sqliteFile: ':memory:' });
    db = h.db.withTables<Scratch>();
    await createScratch(db);
  });
  afterAll(() => h.close());

  /** Three queries in a row, and where a call arriving after the first of them got its turn. */
  const threeQueries = async () => {
    const order: string[] = [];
    await db.selectFrom('scratch').select('id').execute();
    order.push('first query');
    setImmediate(() => order.push("a call's turn"));
    await db.selectFrom('scratch').select('id').execute();
    order.push('second query');
    await db.selectFrom('scratch').select('id').execute();
    order.push('third query');
    return order;
  };

  it('lets a call that arrived meanwhile go first before each of its queries', async () => {
    expect(await withoutWaitingForDisk(threeQueries)).toEqual([
      'first query',
      "a call's turn",
      'second query',
      'third query',
    ]);
  });

  it("runs a call's own queries straight on, and a background transaction whole", async () => {
    // The call's turn comes only once all three are done.
    expect(await threeQueries()).toEqual(['first query', 'second query', 'third query']);
    const order: string[] = [];
    await withoutWaitingForDisk(() =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('scratch').values({ id: 1, name: 'imported' }).execute();
        setImmediate(() => order.push("a call's turn"));
        await trx.insertInto('scratch').values({ id: 2, name: 'imported' }).execute();
        order.push('transaction done');
      }),
    );
    expect(order).toEqual(['transaction done']);
  });
});

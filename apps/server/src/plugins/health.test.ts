import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return {
      status: res.statusCode,
      body: res.json<Record<string, unknown>>(),
      cache: res.headers['cache-control'],
    };
  };

  it('says the process is up on /health, never cached', async () => {
    expect(await get('/health')).toEqual({ status: 200, body: { ok: true }, cache: 'no-store' });
  });

  it('says ready once the database answers, every migration has run and the image index is loaded', async () => {
    await t.app.ready();
    await t.app.imageIndex.refresh();
    expect(await get('/ready')).toEqual({
      status: 200,
      body: { ok: true, database: true, migrations: true, imageIndex: true },
      cache: 'no-store',
    });
  });

  it('says not ready (503) while a migration this server knows has not run, naming the check', async () => {
    await sql`DELETE FROM kysely_migration WHERE name = '0012_stored_limits'`.execute(t.db);
    try {
      expect(await get('/ready')).toMatchObject({
        status: 503,
        body: { ok: false, database: true, migrations: false },
      });
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('0012_stored_limits', '2026-11-27T00:00:00.000Z')`.execute(
        t.db,
      );
    }
    expect((await get('/ready')).status).toBe(200);
  });
});

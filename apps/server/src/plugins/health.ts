import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';
import { pendingMigrations } from '../db/migrate';

export interface HealthDeps {
  db: Kysely<Database>;
  /** Whether the image index has loaded what is stored (searches before that find less). */
  imageIndexLoaded: () => boolean;
}

/**
 * For load balancers and orchestrators (decision 0033): /health answers while the process runs
 * (restart it when this fails); /ready answers 200 only when this instance can serve — the
 * database answers, every migration has run, the image index is loaded — and 503 otherwise,
 * naming what is missing (send it no traffic yet). Neither says anything a visitor could use.
 */
export function registerHealth(app: FastifyInstance, deps: HealthDeps): void {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/health', async (_request, reply) => reply.headers(noStore).send({ ok: true }));
  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ ok: true }));

  app.get('/ready', async (request, reply) => {
    const checks = { database: false, migrations: false, imageIndex: deps.imageIndexLoaded() };
    try {
      await sql`SELECT 1`.execute(deps.db);
      checks.database = true;
      checks.migrations = (await pendingMigrations(deps.db)).length === 0;
    } catch (err) {
      request.log.warn({ err }, 'readiness: the database does not answer');
    }
    const ready = checks.database && checks.migrations && checks.imageIndex;
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ ok: ready, ...checks });
  });
}

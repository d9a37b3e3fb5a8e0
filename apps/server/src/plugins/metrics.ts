import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolState } from '../db/dialect';
import type { Capacity } from '../platform/in-flight';

export interface MetricsDeps {
  /** The bearer token /metrics asks for; unset: /metrics is not served at all. */
  token: string | undefined;
  /** Pictures in the image index's memory, over all companies. */
  imageIndexSize: () => number;
  /** The database pool's state; null without a pool (SQLite). */
  databasePool: () => PoolState | null;
  /** Jobs in hand per queue (waiting for their worker or running): uploads, exports, image searches. */
  queues: Record<string, () => number>;
  /** The heavy calls this instance runs at once and lets wait (decision 0064); null: no such cap. */
  heavyCalls?: Pick<Capacity, 'running' | 'waiting' | 'refused'> | null;
}

/**
 * /metrics in Prometheus's text format (decision 0033), off unless a token is configured
 * (METRICS_TOKEN) and then only for a request bearing it: request rate and latency per route
 * (each /api call is a route), answers by status, the image index's size, the database pool,
 * the jobs in hand of the upload, export and image-search queues, the heavy calls running and
 * waiting (and refused) on this instance, and Node's own (event-loop lag, heap, handles). A
 * registry per app, so apps built side by side in tests never share counters.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const { token } = deps;
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
  const duration = new Histogram({
    name: 'vitrine_request_duration_seconds',
    help: 'Time to answer a request, by route (each /api call is one) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
    registers: [register],
  });
  const errors = new Counter({
    name: 'vitrine_request_errors_total',
    help: 'Requests answered with a server error (5xx), by route',
    labelNames: ['method', 'route'],
    registers: [register],
  });
  new Gauge({
    name: 'vitrine_image_index_pictures',
    help: 'Pictures in the image index, over all companies',
    registers: [register],
    collect() {
      this.set(deps.imageIndexSize());
    },
  });
  new Gauge({
    name: 'vitrine_db_pool_connections',
    help: 'Database pool: connections open (total), of them idle, and queries waiting for one',
    labelNames: ['state'],
    registers: [register],
    collect() {
      const pool = deps.databasePool();
      if (!pool) return;
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, pool[state]);
    },
  });
  new Gauge({
    name: 'vitrine_queue_jobs',
    help: 'Jobs in hand per queue (waiting for their worker thread or running)',
    labelNames: ['queue'],
    registers: [register],
    collect() {
      for (const [queue, length] of Object.entries(deps.queues)) this.set({ queue }, length());
    },
  });

  const { heavyCalls } = deps;
  if (heavyCalls) {
    new Gauge({
      name: 'vitrine_heavy_calls',
      help: 'Heavy calls (image searches, exports) running on this instance, and waiting for a place',
      labelNames: ['state'],
      registers: [register],
      collect() {
        this.set({ state: 'running' }, heavyCalls.running);
        this.set({ state: 'waiting' }, heavyCalls.waiting);
      },
    });
    new Counter({
      name: 'vitrine_heavy_calls_refused_total',
      help: 'Heavy calls answered -429 because too many waited (full) or one waited too long (timeout)',
      labelNames: ['reason'],
      registers: [register],
      collect() {
        // The capacity counts; the counter shows its totals.
        this.reset();
        for (const reason of ['full', 'timeout'] as const) this.inc({ reason }, heavyCalls.refused[reason]);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL: ids and queries would make a series per request.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method: request.method, route });
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(401).header('cache-control', 'no-store').send({ ok: false });
    return reply
      .header('cache-control', 'no-store')
      .type(register.contentType)
      .send(await register.metrics());
  });
}
